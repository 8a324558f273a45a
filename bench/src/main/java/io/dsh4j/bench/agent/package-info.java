/**
 * Drivers of the agent runtime: loop overhead per step, cancel latency, append throughput, and the SIGKILL crash drill of {@code dsh4j run}.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.bench.agent;

import org.apiguardian.api.API;
