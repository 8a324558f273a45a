/**
 * The web console's load driver: 1,000 sessions in the home, stalled clients, page latency.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.bench.serve;

import org.apiguardian.api.API;
