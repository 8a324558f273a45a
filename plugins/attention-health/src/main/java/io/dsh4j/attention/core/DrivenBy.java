package io.dsh4j.attention.core;

/** What decided the final advice (spec §4.7 l). */
public enum DrivenBy {
    STABLE("stable"), QUALITY("quality"), OVERRIDE("override"), OFFICIAL("official"), COST("cost");

    private final String key;

    DrivenBy(String key) {
        this.key = key;
    }

    /** The wire key. */
    public String key() {
        return key;
    }
}
