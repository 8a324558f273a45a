package io.dsh4j.session;

import io.dsh4j.session.event.SessionHeader;
import java.nio.file.Path;
import java.util.Comparator;

/**
 * A session found under a sessions root: its header (read from the header frame or line only) and
 * the transcript path.
 */
public record StoredSession(SessionHeader header, Path path, LogEncoding encoding) {

    /** Newest first by {@code createdAt}, ties by id. */
    public static final Comparator<StoredSession> NEWEST_FIRST =
            Comparator.comparingLong((StoredSession s) -> s.header().createdAt()).reversed()
                    .thenComparing(s -> s.header().id());

    /** The session id. */
    public String id() {
        return header.id();
    }
}
