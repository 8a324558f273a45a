/**
 * JMH benchmarks and drivers of the tool runtime: one call through the pipeline, a parallel step, bash cancel cycles.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.bench.tool;

import org.apiguardian.api.API;
