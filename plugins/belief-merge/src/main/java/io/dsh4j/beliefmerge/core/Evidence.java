package io.dsh4j.beliefmerge.core;

/**
 * Evidence levels of a claim and their egalitarian weights (spec §3.1).
 *
 * <p>Levels are plain {@code int}s from 1 to 4 so that claims, slot items and model answers share one
 * representation; the weight doubles per level and an unknown level weighs 0.
 */
public final class Evidence {

    /** A model guess or hypothesis (reasoning blocks, injected text). */
    public static final int SPECULATIVE = 1;
    /** A conclusion the model stated in its visible answer. */
    public static final int INFERRED = 2;
    /** Tool output, file content or a command result. */
    public static final int TOOL_VERIFIED = 3;
    /** An explicit statement of the user. */
    public static final int USER_STATED = 4;

    /** The synthetic source the lossy {@link Representation#COLLAPSE} representation writes. */
    public static final String MERGED_SOURCE = "*merged*";

    private Evidence() {}

    /** The egalitarian weight of a level: 1, 2, 4, 8 for levels 1–4, 0 for anything else. */
    public static int weight(int level) {
        return switch (level) {
            case SPECULATIVE -> 1;
            case INFERRED -> 2;
            case TOOL_VERIFIED -> 4;
            case USER_STATED -> 8;
            default -> 0;
        };
    }
}
