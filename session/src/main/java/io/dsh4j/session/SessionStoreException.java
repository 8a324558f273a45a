package io.dsh4j.session;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A problem with what is on disk that a session store refuses to work around: duplicate session ids,
 * an encoding mismatch, the legacy flat layout, a header that does not match its path, a log that
 * already exists, a log that cannot be loaded. The message names the path (and the byte offset when
 * there is one).
 */
public final class SessionStoreException extends IOException {

    private final transient Path path;
    private final long offset;

    public SessionStoreException(String message, Path path) {
        this(message, path, -1, null);
    }

    public SessionStoreException(String message, Path path, long offset, Throwable cause) {
        super(message, cause);
        this.path = path;
        this.offset = offset;
    }

    /** The path the problem is about. */
    public Path path() {
        return path;
    }

    /** The byte offset in {@link #path()}, or {@code -1} when the problem has none. */
    public long offset() {
        return offset;
    }
}
