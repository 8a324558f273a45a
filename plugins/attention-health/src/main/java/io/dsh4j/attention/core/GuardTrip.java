package io.dsh4j.attention.core;

import java.util.Map;

/**
 * A guard trip (spec §6.4): what kind of mechanical repetition was seen, and its figures.
 *
 * @param kind   the criterion
 * @param count  the repeat count ({@code streak}, {@code repeat}) or the window size ({@code spinning})
 * @param second the second figure: line chars, short-window size, distinct lines or unit chars
 * @param sample the repeated text, cut short (empty for {@code spinning})
 * @param detail the detail object of the trip record, in the original's key order
 */
public record GuardTrip(Kind kind, int count, int second, String sample, Map<String, Object> detail) {

    /** The four criteria. */
    public enum Kind {
        REPEAT_LINE("repeat-line"), SHORT_LINE_REPEAT("short-line-repeat"), SPINNING("spinning"),
        REPEAT_INLINE("repeat-inline");

        private final String key;

        Kind(String key) {
            this.key = key;
        }

        /** The wire key. */
        public String key() {
            return key;
        }
    }

    public GuardTrip {
        detail = Map.copyOf(detail);
    }

    /** The reason in the given language ({@code 同一行连续重复 8 次}, …). */
    public String reason(Texts t) {
        return switch (kind) {
            case REPEAT_LINE -> t.get("guard.repeatLine", Integer.toString(count));
            case SHORT_LINE_REPEAT -> t.get("guard.shortLine", Integer.toString(second), Integer.toString(count), sample);
            case SPINNING -> t.get("guard.spinning", Integer.toString(count), Integer.toString(second));
            case REPEAT_INLINE -> t.get("guard.inline", Integer.toString(count), Integer.toString(second));
        };
    }

    /** The cancel reason the turn is aborted with ({@code attention-health：思考空转 —— …}). */
    public String cancelReason(Texts t) {
        return t.get("guard.cancel", reason(t));
    }
}
