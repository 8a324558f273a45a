package io.dsh4j.attention.core.internal;

/**
 * What the sentence and keyword scans ask of a character, looked up in one table per question instead
 * of computed per character: the launcher runs the commands with the client compiler only, which does
 * not inline the tests these tables replace, so a test per character was a call per character
 * (issue 17: tens of millions of them for a 10 MB message). Thread-safe.
 *
 * <p>The table is built a page of 256 characters at a time, when a character of the page is first
 * asked about: computing all 65,536 entries up front took about 120 ms of a cold run's main thread,
 * a third of a small {@code health} run, while a text touches a handful of pages. A page is published
 * through final fields, so a racing first use computes it twice at worst and never sees it half built.
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

    /** The computed pages, by the character's high byte; a null entry is not computed yet. */
    private static final Page[] PAGES = new Page[256];

    /** The flags and lower cases of the 256 characters that share a high byte. */
    private static final class Page {
        final byte[] flags = new byte[256];
        final char[] lower = new char[256];

        Page(int high) {
            for (int low = 0; low < 256; low++) {
                char ch = (char) (high << 8 | low);
                int f = 0;
                if (JsText.isSpace(ch)) f |= SPACE | LEADING_MARK;
                if ("。；！？!?;".indexOf(ch) >= 0) f |= SENTENCE_MARK | MARK_OR_STOP;
                if (ch == '.') f |= MARK_OR_STOP;
                if (ch == '\n') f |= NEWLINE;
                if (TextTools.isLetterOrNumber(ch)) f |= LETTER_OR_NUMBER;
                if ("`|-*+#\r\u2028\u2029".indexOf(ch) >= 0) f |= PLAIN_MARK;
                if ((ch >= '0' && ch <= '9') || ">*-–—•.、()（）".indexOf(ch) >= 0) f |= LEADING_MARK;
                int lowerCase = Character.toLowerCase((int) ch);
                if (ch == '\u03A3' || ch == '\u0130' || Character.isSurrogate(ch) || lowerCase > Character.MAX_VALUE) {
                    f |= NO_OWN_LOWER;
                    lowerCase = ch;
                }
                flags[low] = (byte) f;
                lower[low] = (char) lowerCase;
            }
        }
    }

    private static Page page(char c) {
        Page p = PAGES[c >>> 8];
        if (p == null) {
            p = new Page(c >>> 8);
            PAGES[c >>> 8] = p;
        }
        return p;
    }

    private CharTable() {}

    /** Whether {@code c} has any of {@code flags}. */
    static boolean is(char c, int flags) {
        return (page(c).flags[c & 0xFF] & flags) != 0;
    }

    /**
     * Whether {@code c}, a character that is not a surrogate, is neither a letter, a number nor white
     * space (the symbols of a degraded reply's symbol run).
     */
    public static boolean isSymbol(char c) {
        return (page(c).flags[c & 0xFF] & (LETTER_OR_NUMBER | SPACE)) == 0;
    }

    /** {@link Character#toLowerCase(int)} of {@code c}; meaningful unless {@code c} is {@link #NO_OWN_LOWER}. */
    static char lower(char c) {
        return page(c).lower[c & 0xFF];
    }
}
