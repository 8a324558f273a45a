/**
 * The seeded, structure-aware fuzz campaign over the session readers, {@code health} and {@code merge} (issue 17).
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.bench.fuzz;

import org.apiguardian.api.API;
