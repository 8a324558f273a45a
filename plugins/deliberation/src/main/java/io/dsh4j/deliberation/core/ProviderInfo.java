package io.dsh4j.deliberation.core;

import java.util.Objects;

/**
 * What the plugin checks of a registered subagent provider (spec §3.1 {@code validateProvider}, §6.1).
 *
 * @param inheritsParentContext whether the child inherits the parent's history
 */
public record ProviderInfo(String name, boolean inheritsParentContext, boolean outputSchema, boolean depthLimit, boolean toolFilter) {

    public ProviderInfo {
        Objects.requireNonNull(name, "name");
    }

    /**
     * The mounting check of a provider serving {@code history}: inheritance must match, then the three
     * capabilities in order.
     *
     * @throws ConfigException with the documented message
     */
    public void validateFor(History history) {
        if (inheritsParentContext != history.inheritsParentContext()) {
            throw new ConfigException("tool-deliberation: " + history.label() + " provider \"" + name
                    + "\" reports incompatible parent-history semantics");
        }
        String missing = missingCapability();
        if (missing != null) throw new ConfigException("tool-deliberation: provider \"" + name + "\" lacks required " + missing + " capability");
    }

    /** The first of outputSchema, depthLimit, toolFilter the provider lacks, or {@code null}. */
    public String missingCapability() {
        if (!outputSchema) return "outputSchema";
        if (!depthLimit) return "depthLimit";
        if (!toolFilter) return "toolFilter";
        return null;
    }
}
