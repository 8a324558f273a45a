package io.dsh4j.command;

import java.util.Optional;

/**
 * A parsed command line: a line is a command when it starts with {@code /} at its first character,
 * followed by a lowercase name and then the end of input or white space.
 */
public record CommandLine(String name, String rawInput) {

    /** The command of {@code line}, or empty when the line is not one. */
    public static Optional<CommandLine> parse(String line) {
        if (line == null || line.isEmpty() || line.charAt(0) != '/') return Optional.empty();
        int i = 1;
        while (i < line.length() && isNameChar(line.charAt(i))) i++;
        if (i == 1) return Optional.empty();
        if (i < line.length() && !Character.isWhitespace(line.charAt(i))) return Optional.empty();
        String name = line.substring(1, i);
        if (!CommandDefinition.NAME.matcher(name).matches()) return Optional.empty();
        return Optional.of(new CommandLine(name, line.substring(i)));
    }

    private static boolean isNameChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    }
}
