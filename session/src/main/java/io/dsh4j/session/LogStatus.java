package io.dsh4j.session;

/**
 * How reading a session log ended (§1.8). Offsets are bytes of the file as stored (for a zstd log,
 * the compressed file; damage is reported at the start of the frame holding it); reasons name what
 * is wrong and, where it helps, the line, but never repeat the offset. Immutable values; reasons
 * are never {@code null}.
 */
public sealed interface LogStatus {

    /** The word the {@code sessions} commands print: ok, torn, corrupt, refused, not-a-session. */
    String label();

    /** One line for people: the label and, when there is one, the reason and byte offset. */
    String describe();

    /** Every byte of the log is a committed record. */
    record Ok() implements LogStatus {
        @Override public String label() { return "ok"; }
        @Override public String describe() { return "ok"; }
    }

    /**
     * The log ends in an incomplete write (a crash mid-append): everything before {@code truncateTo}
     * is the committed prefix. For a zstd log {@code truncateTo} is the start of the torn last frame
     * and {@code recoveredEvents} events were still recovered from its decodable prefix (they must
     * be re-appended when the tail is cut); for a raw log it is the end of the last committed line.
     */
    record Torn(long truncateTo, long recoveredEvents) implements LogStatus {
        @Override public String label() { return "torn"; }
        @Override public String describe() {
            return "torn at byte " + truncateTo
                    + (recoveredEvents > 0 ? " (" + recoveredEvents + " events recovered from the torn frame)" : "");
        }
    }

    /** Damage that is not a crash-interrupted append; {@code offset} is where it was found. */
    record Corrupt(String reason, long offset) implements LogStatus {
        @Override public String label() { return "corrupt"; }
        @Override public String describe() { return "corrupt: " + reason + " (at byte " + offset + ")"; }
    }

    /**
     * A readable log that DSH refuses to load, found after the scan: a header of another format
     * version, an event type this harness does not know that is not marked ignorable, or an event
     * shape DSH's loader rejects (a hard-rejected legacy event, a message event without an identified
     * message). The events before the refused one were handed over.
     */
    record Refused(String reason, long offset) implements LogStatus {
        @Override public String label() { return "refused"; }
        @Override public String describe() { return "refused: " + reason + " (at byte " + offset + ")"; }
    }

    /** No complete header record: an empty file or one cut inside its first line or frame. */
    record NotASession(String reason) implements LogStatus {
        @Override public String label() { return "not-a-session"; }
        @Override public String describe() { return "not a session log: " + reason; }
    }

    /** Whether every event of the committed prefix was read ({@link Ok} or {@link Torn}). */
    default boolean readable() {
        return this instanceof Ok || this instanceof Torn;
    }
}
