/**
 * JMH benchmarks and memory drivers of session-log reading and statistics.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.bench.session;

import org.apiguardian.api.API;
