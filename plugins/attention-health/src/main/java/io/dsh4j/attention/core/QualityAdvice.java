package io.dsh4j.attention.core;

/** Dimension A's verdict (spec §4.7 j), judged on the effective window. */
public enum QualityAdvice {
    CONTINUE("continue"), HANDOFF("handoff"), IMMEDIATE("immediate");

    private final String key;

    QualityAdvice(String key) {
        this.key = key;
    }

    /** The wire key. */
    public String key() {
        return key;
    }
}
