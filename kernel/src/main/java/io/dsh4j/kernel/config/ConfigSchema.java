package io.dsh4j.kernel.config;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Validates a plugin's raw config and turns it into the value the plugin receives. Runs at every load
 * of a fiber, on the lifecycle executor; must be pure and quick.
 *
 * <p>Usually built from a {@link Schema} and mapped onto a record:
 * {@code Schema.object().field("limit", Schema.natural().defaultValue(10)).as(Config.class)}.
 *
 * @param <C> the validated config type
 */
@FunctionalInterface
public interface ConfigSchema<C> {

    /**
     * @param raw the raw config; a {@code MissingNode} or {@code NullNode} when none was given
     * @throws ConfigValidationException listing every violation
     */
    C resolve(JsonNode raw);

    /** Accepts anything and passes the tree on unchanged ({@code MissingNode} when no config was given). */
    static ConfigSchema<JsonNode> any() {
        return Schema.any();
    }
}
