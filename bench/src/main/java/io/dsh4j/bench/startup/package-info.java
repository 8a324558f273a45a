/**
 * The whole-process cold start-up benchmark of issue 16 (wall, CPU, peak RSS; paired launchers) and its inputs.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.bench.startup;

import org.apiguardian.api.API;
