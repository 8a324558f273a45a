package io.dsh4j.command;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A slash command (spec kernel-and-agent §7.2): a lowercase name, a description, an optional input
 * hint, whether the raw input is recorded in {@code command/run}, and its handler.
 */
public record CommandDefinition(String name, String description, String inputHint, boolean recordInput,
                                CommandHandler handler) {

    /** Command names: lowercase {@code [a-z0-9_-]}, starting with a letter or digit. */
    public static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]*");

    public CommandDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(handler, "handler");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("command name \"" + name + "\" must be lowercase [a-z0-9_-]");
        }
    }

    /** A command that records its input. */
    public static CommandDefinition of(String name, String description, CommandHandler handler) {
        return new CommandDefinition(name, description, null, true, handler);
    }
}
