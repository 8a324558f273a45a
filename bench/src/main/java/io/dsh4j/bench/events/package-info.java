/**
 * JMH benchmarks of session-event decoding.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.bench.events;

import org.apiguardian.api.API;
