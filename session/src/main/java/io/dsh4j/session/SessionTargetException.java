package io.dsh4j.session;

import java.nio.file.Path;
import java.util.List;

/**
 * Why a session argument ({@code ID|PATH}) names no single log: the {@link Kind}, and what the
 * wording of a command, route or plugin needs to say so. Carries no text of its own; each front end
 * words it in its own language.
 */
public final class SessionTargetException extends Exception {

    private static final long serialVersionUID = 1L;

    /** The kinds of failure, each with the fields it fills. */
    public enum Kind {
        /** The argument is empty or white space. */
        BLANK,
        /** It looks like a path ({@link #argument()}) and nothing is there. */
        NO_SUCH_FILE,
        /** {@link #path()} exists but is neither a regular file nor a directory. */
        NOT_FILE_OR_DIRECTORY,
        /** The directory {@link #path()} holds both transcripts ({@link #candidates()}: the zstd name, the raw name). */
        BOTH_TRANSCRIPTS,
        /** The directory {@link #path()} holds no transcript ({@link #candidates()}: the zstd name, the raw name). */
        NOT_SESSION_DIRECTORY,
        /** No session id under {@link #path()} (the sessions root) is or contains {@link #argument()}. */
        NO_SESSION,
        /** {@link #matches()} sessions under {@link #path()} contain {@link #argument()}; {@link #candidates()} lists the first ten ids. */
        AMBIGUOUS,
        /** The store under {@link #path()} could not be looked up ({@link #getCause()}: the I/O failure). */
        LOOKUP_FAILED
    }

    private final Kind kind;
    private final String argument;
    private final transient Path path;
    private final List<String> candidates;
    private final int matches;

    SessionTargetException(Kind kind, String argument, Path path, List<String> candidates, int matches, Throwable cause) {
        super(kind + ": " + argument, cause);
        this.kind = kind;
        this.argument = argument;
        this.path = path;
        this.candidates = List.copyOf(candidates);
        this.matches = matches;
    }

    public Kind kind() {
        return kind;
    }

    /** The argument as given. */
    public String argument() {
        return argument;
    }

    /** The path the failure is about (the file, the directory or the sessions root), or {@code null}. */
    public Path path() {
        return path;
    }

    /** Names that go with the kind (transcript names, or the first ambiguous ids). */
    public List<String> candidates() {
        return candidates;
    }

    /** How many sessions matched ({@link Kind#AMBIGUOUS}), else 0. */
    public int matches() {
        return matches;
    }

    /** The I/O failure behind {@link Kind#LOOKUP_FAILED}, or {@code null}. */
    public java.io.IOException ioCause() {
        return getCause() instanceof java.io.IOException io ? io : null;
    }
}
