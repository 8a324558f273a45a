package io.dsh4j.beliefmerge.core;

/** The seven slot types an alignment may assign, in the order the prompt lists them (spec §4.1.1). */
public enum SlotType {
    FACT("Fact"),
    DECISION("Decision"),
    CONSTRAINT("Constraint"),
    REFUTED("Refuted"),
    GOAL("Goal"),
    OPEN_Q("OpenQ"),
    ARTIFACT("Artifact");

    private final String label;

    SlotType(String label) {
        this.label = label;
    }

    /** The name as written in prompts, JSON and rendering ({@code Fact}, {@code OpenQ}, …). */
    public String label() {
        return label;
    }

    /** The type with exactly this label (case-sensitive), or {@code null}. */
    public static SlotType ofLabel(String label) {
        for (SlotType t : values()) {
            if (t.label.equals(label)) return t;
        }
        return null;
    }
}
