/**
 * Belief-merge's controls: the {@code /merge} command line, candidate sessions and the
 * {@code merge_sessions} tool, on top of the engine.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.beliefmerge.controls;

import org.apiguardian.api.API;
