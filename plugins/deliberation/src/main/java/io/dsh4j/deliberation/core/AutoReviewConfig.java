package io.dsh4j.deliberation.core;

import java.util.Objects;
import java.util.Optional;

/**
 * The automatic stopping-boundary review's settings (spec §2.4).
 *
 * @param enabled    whether the review is installed
 * @param scope      which Primary turns are eligible
 * @param publish    which valid packets are steered into the Primary
 * @param timeoutMs  the automatic child's deadline, 1 through 2147483647
 * @param provider   the provider of the automatic child (required when enabled), else {@code null}
 * @param route      the child's route name (required when enabled and configured), else {@code null}
 * @param capability the child's capability profile name (required when enabled and configured), else {@code null}
 */
public record AutoReviewConfig(boolean enabled, Scope scope, Publish publish, long timeoutMs, String provider, String route,
                               String capability) {

    /** {@code DEFAULT_AUTO_REVIEW_TIMEOUT_MS}. */
    public static final long DEFAULT_TIMEOUT_MS = 300_000;

    public AutoReviewConfig {
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(publish, "publish");
        if (enabled) {
            Objects.requireNonNull(provider, "provider");
            Objects.requireNonNull(route, "route");
            Objects.requireNonNull(capability, "capability");
        }
    }

    /** The defaults: disabled, tool-bearing turns, updates only, 5 minutes. */
    public static AutoReviewConfig disabled() {
        return new AutoReviewConfig(false, Scope.TOOL_BEARING_TURNS, Publish.UPDATES_ONLY, DEFAULT_TIMEOUT_MS, null, null, null);
    }

    /** Which Primary turns are eligible. */
    public enum Scope {
        ALL_PRIMARY_TURNS("all-primary-turns"),
        TOOL_BEARING_TURNS("tool-bearing-turns");

        private final String label;

        Scope(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public static Optional<Scope> of(String label) {
            for (Scope s : values()) if (s.label.equals(label)) return Optional.of(s);
            return Optional.empty();
        }
    }

    /** Which valid packets are published (spec §6.5). */
    public enum Publish {
        UPDATES_ONLY("updates-only"),
        ALL("all"),
        OBSERVE_ONLY("observe-only");

        private final String label;

        Publish(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public static Optional<Publish> of(String label) {
            for (Publish p : values()) if (p.label.equals(label)) return Optional.of(p);
            return Optional.empty();
        }
    }
}
