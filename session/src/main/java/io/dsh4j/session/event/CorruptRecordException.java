package io.dsh4j.session.event;

/**
 * A storage line that is not a valid storage record: invalid JSON, a bad envelope, a malformed
 * packed chunk row, or a seq that does not continue the log. Per §1.8 such damage is a torn tail
 * when nothing committed follows it, corruption otherwise (the store decides).
 */
public final class CorruptRecordException extends SessionLogException {

    private static final long serialVersionUID = 1L;

    private final String problem;

    /**
     * @param problem what is wrong, in words
     * @param type    record type when known
     * @param seq     seq when known, else -1
     * @param field   offending field when one, else {@code null}
     * @param cause   underlying failure or {@code null}
     */
    public CorruptRecordException(String problem, String type, long seq, String field, Throwable cause) {
        super("corrupt storage record" + parenthesised(location(type, seq, field)) + ": " + problem, type, seq, field, cause);
        this.problem = problem;
    }

    /** What is wrong, in words, without the location (see {@link #location()}). */
    public String problem() {
        return problem;
    }

    /**
     * Where in the record the problem is ({@code "text-chunks at seq 4, field data.dt"}), or
     * {@code null} when nothing is known (the line is not even JSON).
     */
    public String location() {
        return location(type(), seq(), field());
    }

    private static String location(String type, long seq, String field) {
        if (type == null && seq < 0 && field == null) return null;
        return where(type, seq) + (field == null ? "" : ", field " + field);
    }

    private static String parenthesised(String location) {
        return location == null ? "" : " (" + location + ")";
    }
}
