package io.dsh4j.kernel;

import java.util.List;

/** Diagnostic view of one live effect and the effects nested inside it ({@link Fiber#effects()}). */
public record EffectInfo(String label, List<EffectInfo> children) {
    public EffectInfo {
        children = List.copyOf(children);
    }
}
