/**
 * The subagent runtime ({@code ctx.subagents}, spec kernel-and-agent §6): providers registered by
 * name with their capability declarations, one-shot runs owned by the caller after publication, the
 * shared in-process driver with DSH's depth guard, lineage and {@code subagent/descriptor} event, the
 * structured-output capture, the {@code spawn} and {@code fork} providers, and the model-facing
 * {@code subagent} tool.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.agent.subagent;

import org.apiguardian.api.API;
