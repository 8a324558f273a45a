package io.dsh4j.tool.internal;

import io.dsh4j.kernel.AnonymousEntries;
import io.dsh4j.kernel.NamedEntries;
import io.dsh4j.kernel.ScopedLayers;
import io.dsh4j.tool.ToolGuard;
import io.dsh4j.tool.ToolRestriction;

/** What one scope (or the global layer) contributes to the tool registry. */
final class ToolLayer implements ScopedLayers.Layer {

    final NamedEntries<RegisteredTool> tools;
    final AnonymousEntries<ToolRestriction> restrictions = new AnonymousEntries<>();
    final AnonymousEntries<ToolGuard> guards = new AnonymousEntries<>();

    ToolLayer(Object scope) {
        tools = new NamedEntries<>(name -> new IllegalStateException(scope == null
                ? "tool \"" + name + "\" is already registered (for a per-agent variant, register through that agent's agent.ctx instead)"
                : "tool \"" + name + "\" is already registered in this scope"));
    }

    /** Whether every restriction of this layer lets the inherited {@code name} through. */
    boolean admits(String name) {
        for (ToolRestriction restriction : restrictions.values()) {
            if (!restriction.admits(name)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean isEmpty() {
        return tools.isEmpty() && restrictions.isEmpty() && guards.isEmpty();
    }
}
