package io.dsh4j.attention.core;

/** Dimension B's band on the declared window (spec §4.7 k): a size description, never advice. */
public enum Band {
    CONTINUE("continue"), MILD("mild"), RECOMMEND("recommend"), URGENT("urgent");

    private final String key;

    Band(String key) {
        this.key = key;
    }

    /** The wire key. */
    public String key() {
        return key;
    }
}
