/**
 * The seeded, structure-aware fuzz campaign over the session readers, {@code health} and {@code merge} (issue 17),
 * the model adapter's SSE parser and the agent loop's tool step (tool arguments from the model).
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.bench.fuzz;

import org.apiguardian.api.API;
