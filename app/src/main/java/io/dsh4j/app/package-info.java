/**
 * The {@code dsh4j} command line (picocli): the root command, exit codes and resource bundles. An
 * application, not a library: its types are public for picocli only.
 */
@API(status = API.Status.INTERNAL)
package io.dsh4j.app;

import org.apiguardian.api.API;
