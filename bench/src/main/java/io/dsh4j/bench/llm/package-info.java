/**
 * JMH benchmarks and drivers of the model layer: SSE parse and chunk translation, signal-to-socket-closed latency.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.bench.llm;

import org.apiguardian.api.API;
