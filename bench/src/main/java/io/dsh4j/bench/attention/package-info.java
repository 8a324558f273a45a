/**
 * JMH benchmarks and drivers of the attention-health engine.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.bench.attention;

import org.apiguardian.api.API;
