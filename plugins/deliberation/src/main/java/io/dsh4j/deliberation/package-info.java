/**
 * The deliberation plugin's host adapter: the {@code tool-deliberation} kernel plugin (the
 * {@code deliberate} tool, its policy section, the automatic masked review at
 * {@code agent/turn-stopping}) and the {@code subagent-mid-fork-in-process} provider plugin, bound to
 * the agent runtime's subagents, tools, prompt and model services. The decisions live in
 * {@code io.dsh4j.deliberation.core}.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.deliberation;

import org.apiguardian.api.API;
