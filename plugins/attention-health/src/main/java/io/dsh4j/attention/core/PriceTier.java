package io.dsh4j.attention.core;

/** The DeepSeek price tier at an instant (spec §4.10). */
public enum PriceTier {
    PEAK("peak"), OFF_PEAK("offPeak");

    private final String key;

    PriceTier(String key) {
        this.key = key;
    }

    /** The wire key ({@code peak}, {@code offPeak}). */
    public String key() {
        return key;
    }
}
