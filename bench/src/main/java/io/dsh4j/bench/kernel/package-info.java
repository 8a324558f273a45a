/**
 * JMH benchmarks of the kernel: event dispatch, service lookup, scoped layers.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.bench.kernel;

import org.apiguardian.api.API;
