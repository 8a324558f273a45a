package io.dsh4j.attention.core.internal;

/**
 * What the sentence and keyword scans ask of a character, looked up in one table per question instead
 * of computed per character: the launcher runs the commands with the client compiler only, which does
 * not inline the tests these tables replace, so a test per character was a call per character
 * (issue 17: tens of millions of them for a 10 MB message). Built once; immutable and thread-safe.
 */
public final class CharTable {

    /** ECMAScript white space or a line terminator ({@link JsText#isSpace}). */
    static final int SPACE = 1;
    /** A sentence mark the splitter cuts after: {@code 。；！？!?;}. */
    static final int SENTENCE_MARK = 2;
    /** A character a split can look behind at: a sentence mark or a full stop. */
    static final int MARK_OR_STOP = 4;
    /** A line feed. */
    static final int NEWLINE = 32;
    /** A Unicode letter or number ({@link TextTools#isLetterOrNumber}). */
    static final int LETTER_OR_NUMBER = 64;
    /** A character {@link TextTools#plain} looks for before it runs a stage: {@code `|-*+#}, CR, LS, PS. */
    static final int PLAIN_MARK = 128;
    /** A leading mark of a sentence: white space, {@code >*-–—•.、()（）} or an ASCII digit. */
    static final int LEADING_MARK = 8;
    /**
     * A character whose lower case {@code String.toLowerCase} does not take from the character alone:
     * {@code Σ} (depends on its neighbours), {@code İ} (becomes two characters), a surrogate, or one whose
     * lower case is outside the basic plane.
     */
    static final int NO_OWN_LOWER = 16;

    private static final byte[] FLAGS = new byte[Character.MAX_VALUE + 1];
    private static final char[] LOWER = new char[Character.MAX_VALUE + 1];

    static {
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            char ch = (char) c;
            int f = 0;
            if (JsText.isSpace(ch)) f |= SPACE | LEADING_MARK;
            if ("。；！？!?;".indexOf(ch) >= 0) f |= SENTENCE_MARK | MARK_OR_STOP;
            if (ch == '.') f |= MARK_OR_STOP;
            if (ch == '\n') f |= NEWLINE;
            if (TextTools.isLetterOrNumber(c)) f |= LETTER_OR_NUMBER;
            if ("`|-*+#\r\u2028\u2029".indexOf(ch) >= 0) f |= PLAIN_MARK;
            if ((ch >= '0' && ch <= '9') || ">*-–—•.、()（）".indexOf(ch) >= 0) f |= LEADING_MARK;
            int lower = Character.toLowerCase(c);
            if (ch == '\u03A3' || ch == '\u0130' || Character.isSurrogate(ch) || lower > Character.MAX_VALUE) {
                f |= NO_OWN_LOWER;
                lower = c;
            }
            FLAGS[c] = (byte) f;
            LOWER[c] = (char) lower;
        }
    }

    private CharTable() {}

    /** Whether {@code c} has any of {@code flags}. */
    static boolean is(char c, int flags) {
        return (FLAGS[c] & flags) != 0;
    }

    /**
     * Whether {@code c}, a character that is not a surrogate, is neither a letter, a number nor white
     * space (the symbols of a degraded reply's symbol run).
     */
    public static boolean isSymbol(char c) {
        return (FLAGS[c] & (LETTER_OR_NUMBER | SPACE)) == 0;
    }

    /** {@link Character#toLowerCase(int)} of {@code c}; meaningful unless {@code c} is {@link #NO_OWN_LOWER}. */
    static char lower(char c) {
        return LOWER[c];
    }
}
