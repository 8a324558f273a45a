package io.dsh4j.attention.core;

/**
 * The criteria of the degradation judge (spec §4.1–4.2), with the wire keys of the original
 * ({@code DEGRADE_LABELS}). Reply criteria are {@link #FENCE}, {@link #LINE_REPEAT},
 * {@link #PARA_REPEAT} and {@link #SYMBOL_RUN}; reasoning criteria are {@link #THINK_LOOP},
 * {@link #THINK_HUGE}, {@link #SYMBOL_RUN} and the message-level {@link #THINK_BUDGET}.
 */
public enum DegradeReason {
    FENCE("fence"),
    LINE_REPEAT("lineRepeat"),
    PARA_REPEAT("paraRepeat"),
    SYMBOL_RUN("symbolRun"),
    THINK_LOOP("thinkLoop"),
    THINK_HUGE("thinkHuge"),
    THINK_BUDGET("thinkBudget");

    private final String key;

    DegradeReason(String key) {
        this.key = key;
    }

    /** The wire key ({@code fence}, {@code lineRepeat}, …). */
    public String key() {
        return key;
    }

    /** The label in the given language ({@code 围栏不闭合}, {@code 思考打转}, …). */
    public String label(Texts texts) {
        return texts.get("degrade." + key);
    }

    /** The reason with this wire key, or {@code null}. */
    public static DegradeReason ofKey(String key) {
        for (DegradeReason r : values()) {
            if (r.key.equals(key)) return r;
        }
        return null;
    }
}
