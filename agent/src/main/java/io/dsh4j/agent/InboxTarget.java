package io.dsh4j.agent;

/** The two pending lists of an agent's inbox (spec §5.3). */
public enum InboxTarget {
    /** Each message becomes the sole prompt of its own future turn. */
    NEXT_TURN("next-turn"),
    /** Consumed at the next step boundary of a running driver. */
    NEXT_STEP("next-step");

    private final String wire;

    InboxTarget(String wire) {
        this.wire = wire;
    }

    /** DSH's name in {@code agent/inbox/spliced}. */
    public String wire() {
        return wire;
    }

    /** The target named {@code wire}. */
    public static InboxTarget of(String wire) {
        for (InboxTarget t : values()) {
            if (t.wire.equals(wire)) return t;
        }
        throw new IllegalArgumentException("unknown inbox target \"" + wire + "\"");
    }
}
