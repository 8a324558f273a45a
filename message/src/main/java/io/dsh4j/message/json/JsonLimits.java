package io.dsh4j.message.json;

/**
 * The caps applied when JSON text is parsed (one table, so hostile input is bounded everywhere the
 * same way). A line that exceeds a cap is rejected with a {@link JsonTextException} naming the cap.
 *
 * @param maxNestingDepth deepest array/object nesting accepted
 * @param maxStringLength longest string value (in chars) accepted
 * @param maxNumberLength longest number literal (in chars) accepted
 */
public record JsonLimits(int maxNestingDepth, int maxStringLength, int maxNumberLength) {

    /** Default nesting cap: far above anything DSH writes (its deepest payloads nest ~12 levels). */
    public static final int DEFAULT_MAX_NESTING_DEPTH = 1_000;
    /** Default string cap: 64 Mi chars, beyond any tool output DSH keeps inline. */
    public static final int DEFAULT_MAX_STRING_LENGTH = 64 * 1024 * 1024;
    /** Default number-literal cap: a double needs at most ~25 chars; 1,000 leaves room for odd writers. */
    public static final int DEFAULT_MAX_NUMBER_LENGTH = 1_000;

    /** The defaults above. */
    public static final JsonLimits DEFAULTS =
            new JsonLimits(DEFAULT_MAX_NESTING_DEPTH, DEFAULT_MAX_STRING_LENGTH, DEFAULT_MAX_NUMBER_LENGTH);

    public JsonLimits {
        if (maxNestingDepth < 1 || maxStringLength < 1 || maxNumberLength < 1) {
            throw new IllegalArgumentException("JSON limits must be positive: " + maxNestingDepth + ", "
                    + maxStringLength + ", " + maxNumberLength);
        }
    }
}
