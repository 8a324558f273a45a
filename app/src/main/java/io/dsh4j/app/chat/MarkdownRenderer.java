package io.dsh4j.app.chat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;
import org.jline.utils.WCWidth;

/**
 * Markdown for a terminal, fed one completed line at a time as the answer streams ({@link #line});
 * what a line yields is final and is never redrawn. Headings bold (the first level underlined too),
 * list items with {@code •} (numbers kept, task boxes {@code ☐}/{@code ☑}) and a hanging indent,
 * quotes behind a dim {@code │}, rules as a line of {@code ─}, paragraphs word-wrapped to the width
 * (text without spaces, such as Chinese, is broken between characters; a wide character is never
 * split), inline spans by {@link MarkdownInline}. Fenced code blocks are kept verbatim — no wrapping,
 * no inline markup, the fence lines dimmed. Table rows are held until the table ends (a line that is
 * not a row, or {@link #finish}) and laid out by {@link MarkdownTable}; {@link #preview} shows the
 * held rows and the incomplete line without committing them. Lines longer than {@link #MAX_MARKUP_LINE}
 * chars are shown as plain text. Input is already {@link TerminalText#safe safe}.
 *
 * <p>Not thread-safe: one renderer per answer, used under the screen's lock.
 */
final class MarkdownRenderer {

    /** A line longer than this is not parsed for markup (bounded work on hostile input). */
    static final int MAX_MARKUP_LINE = 4096;
    /** Held table rows beyond this are laid out and committed early (bounded memory). */
    static final int MAX_TABLE_ROWS = 200;
    /** A rule is at most this many columns. */
    static final int RULE_COLUMNS = 40;
    /** Paragraphs are never wrapped narrower than this, however narrow the terminal. */
    static final int MIN_WIDTH = 8;

    static final AttributedStyle CODE_BLOCK = AttributedStyle.DEFAULT.foreground(AttributedStyle.YELLOW);
    static final AttributedStyle FAINT = AttributedStyle.DEFAULT.faint();

    private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})(.*)$");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})(?:[ \\t]+(.*?))?(?:[ \\t]+#+)?[ \\t]*$");
    private static final Pattern RULE = Pattern.compile("^ {0,3}([-*_])(?:[ \\t]*\\1){2,}[ \\t]*$");
    private static final Pattern QUOTE = Pattern.compile("^ {0,3}> ?(.*)$");
    private static final Pattern ITEM = Pattern.compile("^([ \\t]*)([-*+]|\\d{1,9}[.)])[ \\t]+(.*)$");
    private static final Pattern TASK = Pattern.compile("^\\[([ xX])\\][ \\t]+(.*)$");

    private final IntSupplier width;
    /** The open fence ({@code ```} or {@code ~~~}, possibly longer), or {@code null} outside code. */
    private String fence;
    private final List<String> tableRows = new ArrayList<>();

    /** @param width the columns a line may use (the terminal's width minus one), asked at each line */
    MarkdownRenderer(IntSupplier width) {
        this.width = width;
    }

    private int width() {
        return Math.max(MIN_WIDTH, width.getAsInt());
    }

    /** The lines one completed input line yields (none while a table is held). */
    List<AttributedString> line(String line) {
        List<AttributedString> out = new ArrayList<>();
        if (fence == null && !tableRows.isEmpty() && (!MarkdownTable.isRow(line) || tableRows.size() >= MAX_TABLE_ROWS)) {
            out.addAll(flushTable());
        }
        if (fence != null) {
            if (closesFence(line)) {
                fence = null;
                out.add(new AttributedString(line, FAINT));
            } else {
                out.add(new AttributedString(line, CODE_BLOCK));
            }
            return out;
        }
        Matcher f = FENCE.matcher(line);
        if (f.matches() && !(f.group(1).charAt(0) == '`' && f.group(2).indexOf('`') >= 0)) {
            fence = f.group(1);
            out.add(new AttributedString(line, FAINT));
            return out;
        }
        if (line.length() <= MAX_MARKUP_LINE && MarkdownTable.isRow(line)) {
            tableRows.add(line);
            return out;
        }
        out.addAll(block(line));
        return out;
    }

    /** Ends the answer: the held table, if any. */
    List<AttributedString> finish() {
        List<AttributedString> out = flushTable();
        fence = null;
        return out;
    }

    /** What the held table rows and the incomplete {@code partial} line would show now; commits nothing. */
    List<AttributedString> preview(String partial) {
        List<AttributedString> out = new ArrayList<>();
        if (fence != null) {
            if (!partial.isEmpty()) out.add(new AttributedString(partial, CODE_BLOCK));
            return out;
        }
        List<String> rows = new ArrayList<>(tableRows);
        boolean partialIsRow = !partial.isEmpty() && MarkdownTable.isRow(partial);
        if (partialIsRow) rows.add(partial);
        if (!rows.isEmpty()) out.addAll(table(rows));
        if (!partial.isEmpty() && !partialIsRow) out.addAll(block(partial));
        return out;
    }

    private List<AttributedString> flushTable() {
        if (tableRows.isEmpty()) return List.of();
        List<AttributedString> out = table(tableRows);
        tableRows.clear();
        return out;
    }

    /** Rows laid out as a table (a line still too wide, a record's, wrapped), or as text when they are not one. */
    private List<AttributedString> table(List<String> rows) {
        List<AttributedString> table = MarkdownTable.layout(rows, width());
        List<AttributedString> out = new ArrayList<>();
        if (table == null) {
            for (String r : rows) out.addAll(block(r));
            return out;
        }
        AttributedString hang = new AttributedString("  ");
        for (AttributedString l : table) {
            if (l.columnLength() <= width()) out.add(l);
            else out.addAll(wrap(l, AttributedString.EMPTY, hang));
        }
        return out;
    }

    private boolean closesFence(String line) {
        String t = line.strip();
        if (t.length() < fence.length() || line.length() - line.stripLeading().length() > 3) return false;
        for (int i = 0; i < t.length(); i++) if (t.charAt(i) != fence.charAt(0)) return false;
        return true;
    }

    /** One line outside code and tables. */
    private List<AttributedString> block(String line) {
        if (line.isBlank()) return List.of(AttributedString.EMPTY);
        if (line.length() > MAX_MARKUP_LINE) return wrap(new AttributedString(line), AttributedString.EMPTY, AttributedString.EMPTY);
        Matcher m = HEADING.matcher(line);
        if (m.matches()) {
            AttributedStyle style = m.group(1).length() == 1 ? AttributedStyle.BOLD.underline() : AttributedStyle.BOLD;
            String text = m.group(2) == null ? "" : m.group(2);
            return wrap(MarkdownInline.render(text, style), AttributedString.EMPTY, AttributedString.EMPTY);
        }
        if (RULE.matcher(line).matches()) {
            return List.of(new AttributedString("─".repeat(Math.min(width(), RULE_COLUMNS)), FAINT));
        }
        m = QUOTE.matcher(line);
        if (m.matches()) {
            AttributedString bar = new AttributedString("│ ", FAINT);
            return wrap(MarkdownInline.render(m.group(1), AttributedStyle.DEFAULT.italic()), bar, bar);
        }
        m = ITEM.matcher(line);
        if (m.matches()) {
            String indent = m.group(1).replace("\t", "    ");
            indent = indent.substring(0, Math.min(indent.length(), Math.max(0, width() / 2 - 2)));
            String marker = m.group(2);
            String text = m.group(3);
            String bullet = Character.isDigit(marker.charAt(0)) ? marker : "•";
            Matcher task = TASK.matcher(text);
            if (task.matches()) {
                bullet = task.group(1).isBlank() ? "☐" : "☑";
                text = task.group(2);
            }
            AttributedString first = new AttributedString(indent + bullet + " ");
            AttributedString rest = new AttributedString(" ".repeat(first.columnLength()));
            return wrap(MarkdownInline.render(text), first, rest);
        }
        int lead = line.length() - line.stripLeading().length();
        if (lead >= 4) return List.of(new AttributedString(line));
        return wrap(MarkdownInline.render(line.stripLeading()), AttributedString.EMPTY, AttributedString.EMPTY);
    }

    /**
     * {@code text} broken into lines of at most the width's columns, {@code first} before the first
     * and {@code rest} before the others: at the last space that fits, else between two characters.
     */
    List<AttributedString> wrap(AttributedString text, AttributedString first, AttributedString rest) {
        List<AttributedString> out = new ArrayList<>();
        int start = 0;
        int n = text.length();
        int width = width();
        if (first.columnLength() > width - MIN_WIDTH / 2) {
            out.add(first.columnLength() > width ? first.columnSubSequence(0, width) : first);
            first = AttributedString.EMPTY;
        }
        if (rest.columnLength() > width - MIN_WIDTH / 2) rest = AttributedString.EMPTY;
        AttributedString prefix = first;
        while (true) {
            int room = width - prefix.columnLength();
            int columns = 0;
            int i = start;
            int lastSpace = -1;
            while (i < n) {
                int cp = Character.codePointAt(text, i);
                int w = Math.max(0, WCWidth.wcwidth(cp));
                if (columns + w > room) break;
                if (cp == ' ') lastSpace = i;
                columns += w;
                i += Character.charCount(cp);
            }
            if (i >= n) {
                out.add(concat(prefix, text.subSequence(start, n)));
                return out;
            }
            int end = lastSpace > start ? lastSpace : Math.max(i, start + Character.charCount(Character.codePointAt(text, start)));
            out.add(concat(prefix, text.subSequence(start, end)));
            start = end;
            while (start < n && text.charAt(start) == ' ') start++;
            if (start >= n) return out;
            prefix = rest;
        }
    }

    private static AttributedString concat(AttributedString a, AttributedString b) {
        if (a.length() == 0) return b;
        return new AttributedStringBuilder(a.length() + b.length()).append(a).append(b).toAttributedString();
    }
}
