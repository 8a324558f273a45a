package io.dsh4j.tool;

import java.util.Set;

/**
 * A scope's filter over the tools it inherits (spec §3.3): {@code allow} keeps only the named ones,
 * {@code deny} removes the named ones; several restrictions intersect. Either may be empty, not both.
 * Copied at construction, so later changes of the caller's sets do not matter.
 */
public record ToolRestriction(Set<String> allow, Set<String> deny) {
    public ToolRestriction {
        allow = allow == null ? null : Set.copyOf(allow);
        deny = deny == null ? null : Set.copyOf(deny);
        if (allow == null && deny == null) {
            throw new IllegalArgumentException("tools.restrict() needs allow or deny");
        }
    }

    public static ToolRestriction allow(String... names) {
        return new ToolRestriction(Set.of(names), null);
    }

    public static ToolRestriction deny(String... names) {
        return new ToolRestriction(null, Set.of(names));
    }

    /** Whether this restriction lets an inherited tool named {@code name} through. */
    public boolean admits(String name) {
        return (allow == null || allow.contains(name)) && (deny == null || !deny.contains(name));
    }
}
