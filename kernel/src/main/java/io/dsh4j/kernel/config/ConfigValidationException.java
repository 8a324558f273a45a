package io.dsh4j.kernel.config;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A config failed its schema (Cordis's {@code ValidationError}, a {@code TypeError}). The message is
 * {@code invalid config:} followed by one line per issue, {@code   - <message> (at <path>)}.
 */
public final class ConfigValidationException extends IllegalArgumentException {

    private final List<Issue> issues;

    public ConfigValidationException(List<Issue> issues) {
        super("invalid config:\n" + issues.stream().map(Issue::line).collect(Collectors.joining("\n")));
        if (issues.isEmpty()) {
            throw new IllegalArgumentException("a validation error needs at least one issue");
        }
        this.issues = List.copyOf(issues);
    }

    /** Every violation, in schema order. */
    public List<Issue> issues() {
        return issues;
    }
}
