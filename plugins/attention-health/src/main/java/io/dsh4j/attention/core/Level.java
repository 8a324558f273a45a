package io.dsh4j.attention.core;

/** The size level of a health score (spec §4.4): size only, never advice. */
public enum Level {
    OK("ok"), WATCH("watch"), WARN("warn"), CRITICAL("critical");

    private final String key;

    Level(String key) {
        this.key = key;
    }

    /** The wire key ({@code ok}, {@code watch}, {@code warn}, {@code critical}). */
    public String key() {
        return key;
    }

    /** The level label ({@code LEVEL_LABEL}: {@code 正常}, {@code 留意上下文}, …). */
    public String label(Texts texts) {
        return texts.get("level." + key);
    }

    /** The level of a score under the given thresholds. */
    public static Level of(int score, Thresholds t) {
        if (score >= t.levelOkFrom()) return OK;
        if (score >= t.levelWatchFrom()) return WATCH;
        if (score >= t.levelWarnFrom()) return WARN;
        return CRITICAL;
    }
}
