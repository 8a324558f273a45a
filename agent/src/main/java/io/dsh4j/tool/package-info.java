/**
 * The tool runtime of {@code spec/kernel-and-agent.md} §3 ({@code ctx.tools}): tool definitions with
 * their output contracts, the scoped registry with restrictions and guards, the execution pipeline of
 * one call with its events and result shapes, and the scheduler of one model step's calls (§3.5).
 * The machinery lives in {@code io.dsh4j.tool.internal}; the built-in tools in
 * {@code io.dsh4j.tool.builtin}.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.tool;

import org.apiguardian.api.API;
