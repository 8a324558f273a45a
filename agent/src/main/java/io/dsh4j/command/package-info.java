/**
 * Slash commands ({@code ctx.commands}, spec/kernel-and-agent.md §7.2): command definitions and handlers in a
 * scoped registry, the parsing of a {@code /name args} line, and the {@code command/run} / {@code command/done}
 * events that record a command on the agent's session.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.command;

import org.apiguardian.api.API;
