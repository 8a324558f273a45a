package io.dsh4j.kernel.config;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One config violation.
 *
 * @param message what is wrong, e.g. {@code expected number >= 1 but got 0}
 * @param path where: object keys (strings) and array indexes (integers) from the config root
 */
public record Issue(String message, List<Object> path) {

    public Issue {
        Objects.requireNonNull(message, "message");
        path = List.copyOf(path);
    }

    /** The path joined with dots ({@code agents.0.id}), as Cordis prints it; empty at the root. */
    public String pathText() {
        return path.stream().map(String::valueOf).collect(Collectors.joining("."));
    }

    /** One line of a {@link ConfigValidationException}: {@code   - <message> (at <path>)}. */
    public String line() {
        return path.isEmpty() ? "  - " + message : "  - " + message + " (at " + pathText() + ")";
    }
}
