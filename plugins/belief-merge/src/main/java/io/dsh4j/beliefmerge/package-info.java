/**
 * BeliefMerge as a plugin on the agent runtime: the {@code merge_sessions} tool, the {@code /merge}
 * command and the pre-step injection of the merged block, reading other sessions through the session
 * query service and calling the model through the model routes.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.beliefmerge;

import org.apiguardian.api.API;
