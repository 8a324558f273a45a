/**
 * JMH benchmarks of the belief-merge engine.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.bench.merge;

import org.apiguardian.api.API;
