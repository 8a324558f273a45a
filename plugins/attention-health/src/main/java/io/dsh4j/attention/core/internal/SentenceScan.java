package io.dsh4j.attention.core.internal;

import java.util.regex.Pattern;

/**
 * The sentences {@link DecisionExtractor} reads, in one pass over a text and without copying its
 * pieces: the text without carriage returns is cut where {@code SPLIT} matches ({@code SPLIT.split(text,
 * -1)}), each piece loses its leading white space and list marks ({@code LEADING}), is trimmed and
 * collapsed ({@link JsText#collapse}), and empty ones are dropped. Each sentence is written into one
 * buffer that is reused for the next (issue 17: a 10 MB message was four copies per sentence: piece,
 * stripped, trimmed, collapsed). Stateless and thread-safe; a scan's buffer belongs to that scan.
 */
final class SentenceScan {

    /** Receives the sentences of a scan in text order. */
    interface Sink {
        /** One non-empty sentence: {@code chars[0, length)}, valid only until this call returns. */
        void sentence(char[] chars, int length);
    }

    /** Receives the pieces of {@link #pieces} in text order. */
    interface Pieces {
        /** The piece {@code text[from, to)}. */
        void piece(int from, int to);
    }

    private static final Pattern SPLIT = Pattern.compile(
            "(?<=[。；！？!?;])|(?<=\\.)" + JsText.WS + "+(?=[A-Z(])|\\n+");
    private static final Pattern LEADING = Pattern.compile("^(?:" + JsText.WS + "|[>*\\-–—•0-9.、()（）])+");

    private SentenceScan() {}

    /** The sentences of {@code text} ({@code null} is the empty text) into {@code sink}. */
    static void scan(String text, Sink sink) {
        // the characters without carriage returns, as one array: the scan reads each character a few times
        char[] t = (text == null ? "" : text).toCharArray();
        int length = 0;
        for (char c : t) {
            if (c != '\r') t[length++] = c;
        }
        char[][] buffer = {new char[64]};
        pieces(t, length, (from, to) -> {
            int start = leadingEnd(t, from, to);
            int end = to;
            while (end > start && CharTable.is(t[end - 1], CharTable.SPACE)) end--;
            if (start == end) return;
            // both ends are not white space: every inner run becomes one space
            char[] b = buffer[0];
            if (b.length < end - start) b = buffer[0] = new char[Math.max(end - start, b.length * 2)];
            int n = 0;
            boolean space = false;
            for (int i = start; i < end; i++) {
                char c = t[i];
                if (CharTable.is(c, CharTable.SPACE)) {
                    space = true;
                } else {
                    if (space) b[n++] = ' ';
                    space = false;
                    b[n++] = c;
                }
            }
            sink.sentence(b, n);
        });
    }

    /**
     * The pieces of {@code SPLIT.split(s[0, n), -1)} without the regex engine, found in one pass (the
     * pattern's look-behinds ran at every position and were a tenth of {@code health --all}). At each
     * position the three alternatives are tried in the pattern's order: after a sentence mark (empty
     * match); after a full stop, a maximal white-space run followed by {@code [A-Z(]} (a shorter run is
     * followed by white space, which the look-ahead refuses); a run of newlines. After an empty match
     * the search resumes one character later, as {@link java.util.regex.Matcher#find()} does; a
     * position inside a surrogate pair never matches either way. {@code DecisionExtractorSplitProperties}
     * checks it against the pattern.
     */
    static void pieces(char[] s, int n, Pieces sink) {
        int index = 0;
        int p = 0;
        while (p <= n) {
            int end = -1;
            char before = p > 0 ? s[p - 1] : 0;
            if (p > 0 && CharTable.is(before, CharTable.SENTENCE_MARK)) {
                end = p;
            } else {
                if (before == '.' && p > 0) {
                    int q = p;
                    while (q < n && CharTable.is(s[q], CharTable.SPACE)) q++;
                    if (q > p && q < n && (s[q] == '(' || (s[q] >= 'A' && s[q] <= 'Z'))) end = q;
                }
                if (end < 0 && p < n) {
                    char c = s[p];
                    if (c == '\n') {
                        int q = p;
                        while (q < n && s[q] == '\n') q++;
                        end = q;
                    } else if (!CharTable.is(c, CharTable.MARK_OR_STOP)) {
                        // the positions after p look behind at characters that start nothing: only a newline
                        // or a mark can make one match, so the scan goes straight to the next of those
                        int q = p + 1;
                        while (q < n && !CharTable.is(s[q], CharTable.NEWLINE | CharTable.MARK_OR_STOP)) q++;
                        p = q;
                        continue;
                    }
                }
            }
            if (end < 0) {
                p++;
                continue;
            }
            sink.piece(index, p);
            index = end;
            p = end == p ? p + 1 : end;
        }
        sink.piece(index, n);
    }

    /**
     * Where {@code LEADING} stops matching in {@code s[from, to)}: the end of the longest prefix of
     * white space and list marks (every member is one BMP character, so the pattern's code-point steps
     * are character steps).
     */
    static int leadingEnd(char[] s, int from, int to) {
        int i = from;
        while (i < to && CharTable.is(s[i], CharTable.LEADING_MARK)) i++;
        return i;
    }

    /** The leading-marks pattern {@link #leadingEnd} stands for (for its property test). */
    static Pattern leadingPattern() {
        return LEADING;
    }

    /** The pattern {@link #pieces} stands for (for its property test). */
    static Pattern splitPattern() {
        return SPLIT;
    }
}
