package io.dsh4j.command;

/** How a command settled: {@code command/done {kind, text?, sourceEventSeq?}}. */
public sealed interface CommandResult {

    /** {@code kind: 'success'}; {@code text} and {@code sourceEventSeq} may be {@code null}. */
    record Success(String text, Long sourceEventSeq) implements CommandResult {}

    /** {@code kind: 'error'}. */
    record Error(String text) implements CommandResult {}

    static CommandResult success(String text) {
        return new Success(text, null);
    }

    static CommandResult error(String text) {
        return new Error(text);
    }
}
