package io.dsh4j.app.chat;

import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;

/**
 * Markdown's inline spans on one line of text, as terminal styles: {@code **bold**} and {@code __bold__},
 * {@code *emphasis*} and {@code _emphasis_} (italic; an underscore inside a word, as in
 * {@code snake_case}, stays literal), {@code ~~strike~~}, {@code `code`} (any backtick run, content
 * kept exactly), {@code [text](url)} (the text underlined, the address after it dimmed), {@code <url>},
 * and backslash escapes. A marker without its closing partner stays as typed, so a line that is still
 * streaming shows its open {@code **} until the partner arrives. The input is already
 * {@link TerminalText#safe safe}. Pure and thread-safe.
 */
final class MarkdownInline {

    static final AttributedStyle CODE = AttributedStyle.DEFAULT.foreground(AttributedStyle.CYAN);
    static final AttributedStyle LINK_ADDRESS = AttributedStyle.DEFAULT.faint();

    /** Spans nest at most this deep (bold in emphasis in a link …); deeper markers stay literal. */
    private static final int MAX_DEPTH = 8;

    private MarkdownInline() {
    }

    static AttributedString render(String text) {
        return render(text, AttributedStyle.DEFAULT);
    }

    static AttributedString render(String text, AttributedStyle base) {
        AttributedStringBuilder out = new AttributedStringBuilder(text.length());
        append(out, text, base, 0);
        return out.toAttributedString();
    }

    private static void append(AttributedStringBuilder out, String s, AttributedStyle style, int depth) {
        int n = s.length();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < n && isPunctuation(s.charAt(i + 1))) {
                out.append(String.valueOf(s.charAt(i + 1)), style);
                i += 2;
                continue;
            }
            if (c == '`') {
                int run = run(s, i, '`');
                int close = closingBackticks(s, i + run, run);
                if (close >= 0) {
                    String code = s.substring(i + run, close);
                    if (code.length() >= 2 && code.startsWith(" ") && code.endsWith(" ") && !code.isBlank()) {
                        code = code.substring(1, code.length() - 1);
                    }
                    out.append(code, CODE);
                    i = close + run;
                    continue;
                }
                out.append(s.substring(i, i + run), style);
                i += run;
                continue;
            }
            if (depth < MAX_DEPTH && (c == '*' || c == '_' || c == '~')) {
                int run = run(s, i, c);
                int width = c == '~' ? 2 : Math.min(run, 2);
                if (run >= width && opens(s, i, width, c)) {
                    int close = closing(s, i + width, c, width);
                    if (close >= 0) {
                        AttributedStyle inner = switch (width) {
                            case 2 -> c == '~' ? style.crossedOut() : style.bold();
                            default -> style.italic();
                        };
                        append(out, s.substring(i + width, close), inner, depth + 1);
                        i = close + width;
                        continue;
                    }
                }
                out.append(s.substring(i, i + run), style);
                i += run;
                continue;
            }
            if (depth < MAX_DEPTH && c == '[') {
                int textEnd = s.indexOf("](", i + 1);
                int urlEnd = textEnd < 0 ? -1 : s.indexOf(')', textEnd + 2);
                if (textEnd > i + 1 && urlEnd > textEnd + 2 && s.substring(textEnd + 2, urlEnd).indexOf(' ') < 0) {
                    String label = s.substring(i + 1, textEnd);
                    String url = s.substring(textEnd + 2, urlEnd);
                    append(out, label, style.underline(), depth + 1);
                    if (!url.equals(label)) out.append(" (" + url + ")", LINK_ADDRESS);
                    i = urlEnd + 1;
                    continue;
                }
            }
            if (c == '<') {
                int end = s.indexOf('>', i + 1);
                if (end > i + 1) {
                    String inside = s.substring(i + 1, end);
                    if ((inside.startsWith("http://") || inside.startsWith("https://") || inside.startsWith("mailto:"))
                            && inside.indexOf(' ') < 0) {
                        out.append(inside, style.underline());
                        i = end + 1;
                        continue;
                    }
                }
            }
            int next = i + 1;
            while (next < n && !isSpecial(s.charAt(next))) next++;
            out.append(s.substring(i, next), style);
            i = next;
        }
    }

    private static boolean isSpecial(char c) {
        return c == '\\' || c == '`' || c == '*' || c == '_' || c == '~' || c == '[' || c == '<';
    }

    private static boolean isPunctuation(char c) {
        return c < 0x80 && !Character.isLetterOrDigit(c) && !Character.isWhitespace(c) && c >= 0x21;
    }

    private static int run(String s, int i, char c) {
        int j = i;
        while (j < s.length() && s.charAt(j) == c) j++;
        return j - i;
    }

    /** A run of exactly {@code run} backticks at or after {@code from}; -1 when none. */
    private static int closingBackticks(String s, int from, int run) {
        for (int j = s.indexOf('`', from); j >= 0; j = s.indexOf('`', j)) {
            int r = run(s, j, '`');
            if (r == run) return j;
            j += r;
        }
        return -1;
    }

    /** Whether the delimiter at {@code i} can open: not followed by a space; an underscore not inside a word. */
    private static boolean opens(String s, int i, int width, char c) {
        int after = i + width;
        if (after >= s.length() || Character.isWhitespace(s.charAt(after))) return false;
        return c != '_' || i == 0 || !Character.isLetterOrDigit(s.charAt(i - 1));
    }

    /**
     * The start of the closing delimiter ({@code width} times {@code c}) for an opener ending at
     * {@code from}: not preceded by a space, an underscore not followed by a word character, the
     * rightmost pair of a longer run (so {@code ***x***} is emphasis inside bold). -1 when none.
     */
    private static int closing(String s, int from, char c, int width) {
        String delimiter = String.valueOf(c).repeat(width);
        for (int j = s.indexOf(delimiter, from + 1); j >= 0; j = s.indexOf(delimiter, j + 1)) {
            if (Character.isWhitespace(s.charAt(j - 1))) continue;
            int end = j + width;
            if (width == 2 && end < s.length() && s.charAt(end) == c) {
                j++;
                end++;
            }
            if (width == 1 && end < s.length() && s.charAt(end) == c) {
                j = end;
                continue;
            }
            if (c == '_' && end < s.length() && Character.isLetterOrDigit(s.charAt(end))) continue;
            return j;
        }
        return -1;
    }
}
