package io.dsh4j.session.event;

/**
 * A storage line that is not a valid storage record: invalid JSON, a bad envelope, a malformed
 * packed chunk row, or a seq that does not continue the log. Per §1.8 such damage is a torn tail
 * when nothing committed follows it, corruption otherwise (the store decides).
 */
public final class CorruptRecordException extends SessionLogException {

    private static final long serialVersionUID = 1L;

    /**
     * @param problem what is wrong, in words
     * @param type    record type when known
     * @param seq     seq when known, else -1
     * @param field   offending field when one, else {@code null}
     * @param cause   underlying failure or {@code null}
     */
    public CorruptRecordException(String problem, String type, long seq, String field, Throwable cause) {
        super("corrupt storage record (" + where(type, seq) + (field == null ? "" : ", field " + field) + "): " + problem,
                type, seq, field, cause);
    }
}
