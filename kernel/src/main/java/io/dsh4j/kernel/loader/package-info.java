/**
 * The loader: entry rows, patch layers and profiles composed as DSH composes them (spec §2), resolved
 * to plugins through a {@link io.dsh4j.kernel.loader.PluginCatalog} and mounted, reconciled and audited
 * as one plugin tree.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.kernel.loader;

import org.apiguardian.api.API;
