package io.dsh4j.prompt;

import io.dsh4j.kernel.Signal;
import io.dsh4j.tool.ToolAgent;

/**
 * What an assembly is for (spec kernel-and-agent §4.2): the scope whose layers apply, the turn signal
 * and the agent. Every field may be {@code null} — diagnostic assemblies pass none, and text providers
 * must tolerate that. The loop passes {@code (agent, agent, turnSignal)}.
 */
public record AssembleContext(Object scope, Signal signal, ToolAgent agent) {

    /** The empty context. */
    public static final AssembleContext EMPTY = new AssembleContext(null, null, null);

    /** The loop's context for {@code agent}: scope = the agent. */
    public static AssembleContext forAgent(ToolAgent agent, Signal signal) {
        return new AssembleContext(agent, signal, agent);
    }
}
