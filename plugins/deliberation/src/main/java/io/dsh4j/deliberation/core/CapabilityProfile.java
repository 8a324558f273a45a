package io.dsh4j.deliberation.core;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * A deployment-approved child tool boundary (spec §2.3). Omitting {@code allow} and an empty
 * {@code allow} differ: the first means "no allowlist", the second "no tools" (reasoning only).
 *
 * @param allow the tools a child keeps, or {@code null} when not configured
 * @param deny  the tools a child loses, or {@code null} when not configured
 */
public record CapabilityProfile(String name, String description, List<String> allow, List<String> deny) {

    public CapabilityProfile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        allow = allow == null ? null : List.copyOf(allow);
        deny = deny == null ? null : List.copyOf(deny);
    }

    /** {@code capabilityFilter}: {@code allow} exactly as configured, {@code deny} plus {@code toolName}, de-duplicated in order. */
    public ToolFilter toolFilter(String toolName) {
        LinkedHashSet<String> d = new LinkedHashSet<>(deny == null ? List.of() : deny);
        d.add(toolName);
        return new ToolFilter(allow, new ArrayList<>(d));
    }
}
