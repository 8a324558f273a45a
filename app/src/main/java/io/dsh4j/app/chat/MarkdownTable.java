package io.dsh4j.app.chat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;

/**
 * A Markdown table (a header row, a delimiter row such as {@code |---|:-:|}, body rows) laid out for a
 * terminal of a given width: columns padded to their widest cell in display columns (a CJK character
 * counts two), aligned as the delimiter row says, separated by {@code │}, the header bold over a
 * {@code ─┼─} rule. When the table is wider than the terminal the widest columns are narrowed (cells
 * cut with {@code …}) down to {@link #MIN_CELL} columns; when even that does not fit, each body row
 * becomes {@code header: value} lines. Rows that are not a table (no delimiter row) are returned
 * {@code null} so the caller renders them as text. Pure and thread-safe.
 */
final class MarkdownTable {

    /** A narrowed column keeps at least this many display columns. */
    static final int MIN_CELL = 3;
    /** A table keeps at most this many columns; cells beyond are joined into the last. */
    static final int MAX_COLUMNS = 64;

    private static final String SEPARATOR = " │ ";
    private static final Pattern DELIMITER_CELL = Pattern.compile(":?-+:?");
    private static final AttributedStyle RULE = AttributedStyle.DEFAULT.faint();

    private enum Align { LEFT, CENTER, RIGHT }

    private MarkdownTable() {
    }

    /** Whether {@code line} can be a row: it starts with {@code |} (after indentation) and has another. */
    static boolean isRow(String line) {
        String t = line.strip();
        return t.length() >= 2 && t.charAt(0) == '|' && t.indexOf('|', 1) > 0;
    }

    /** The rows laid out in {@code width} columns, or {@code null} when they are not a table. */
    static List<AttributedString> layout(List<String> rows, int width) {
        if (rows.size() < 2) return null;
        List<String> delimiter = cells(rows.get(1));
        if (delimiter.isEmpty() || !delimiter.stream().allMatch(c -> DELIMITER_CELL.matcher(c).matches())) return null;
        List<String> headerCells = cells(rows.getFirst());
        int columns = Math.min(MAX_COLUMNS, Math.max(headerCells.size(), delimiter.size()));
        Align[] align = new Align[columns];
        for (int c = 0; c < columns; c++) {
            String d = c < delimiter.size() ? delimiter.get(c) : "-";
            align[c] = d.startsWith(":") && d.endsWith(":") && d.length() > 1 ? Align.CENTER
                    : d.endsWith(":") ? Align.RIGHT : Align.LEFT;
        }
        List<AttributedString[]> table = new ArrayList<>();
        table.add(rendered(headerCells, columns, AttributedStyle.BOLD));
        for (int r = 2; r < rows.size(); r++) table.add(rendered(cells(rows.get(r)), columns, AttributedStyle.DEFAULT));
        int[] widths = new int[columns];
        for (AttributedString[] row : table) {
            for (int c = 0; c < columns; c++) widths[c] = Math.max(widths[c], row[c].columnLength());
        }
        int available = Math.max(1, width);
        if (!narrow(widths, available)) return records(table, columns);
        List<AttributedString> out = new ArrayList<>();
        for (int r = 0; r < table.size(); r++) {
            AttributedStringBuilder line = new AttributedStringBuilder();
            for (int c = 0; c < columns; c++) {
                if (c > 0) line.append(SEPARATOR, RULE);
                line.append(pad(table.get(r)[c], widths[c], align[c]));
            }
            out.add(trimEnd(line.toAttributedString()));
            if (r == 0) {
                AttributedStringBuilder rule = new AttributedStringBuilder();
                for (int c = 0; c < columns; c++) {
                    if (c > 0) rule.append("─┼─", RULE);
                    rule.append("─".repeat(widths[c]), RULE);
                }
                out.add(rule.toAttributedString());
            }
        }
        return out;
    }

    /** Narrows the widest columns until the row fits in {@code available}; {@code false} when it cannot. */
    private static boolean narrow(int[] widths, int available) {
        int separators = SEPARATOR.length() * (widths.length - 1);
        while (sum(widths) + separators > available) {
            int widest = 0;
            for (int c = 1; c < widths.length; c++) if (widths[c] > widths[widest]) widest = c;
            if (widths[widest] <= MIN_CELL) return false;
            int excess = sum(widths) + separators - available;
            int second = MIN_CELL;
            for (int c = 0; c < widths.length; c++) if (c != widest) second = Math.max(second, widths[c]);
            int step = Math.max(1, Math.min(excess, widths[widest] - second));
            widths[widest] = Math.max(MIN_CELL, widths[widest] - step);
        }
        return true;
    }

    /** Each body row as {@code header: value} lines, a blank line between rows. */
    private static List<AttributedString> records(List<AttributedString[]> table, int columns) {
        List<AttributedString> out = new ArrayList<>();
        for (int r = 1; r < table.size(); r++) {
            if (r > 1) out.add(AttributedString.EMPTY);
            for (int c = 0; c < columns; c++) {
                AttributedStringBuilder line = new AttributedStringBuilder();
                line.append(table.getFirst()[c]).append(": ", AttributedStyle.BOLD).append(table.get(r)[c]);
                out.add(line.toAttributedString());
            }
        }
        return out;
    }

    private static AttributedString[] rendered(List<String> cells, int columns, AttributedStyle style) {
        AttributedString[] row = new AttributedString[columns];
        for (int c = 0; c < columns; c++) {
            String text = c < cells.size() ? cells.get(c) : "";
            if (c == columns - 1 && cells.size() > columns) text = String.join(" | ", cells.subList(c, cells.size()));
            row[c] = MarkdownInline.render(text, style);
        }
        return row;
    }

    /** The cells of a row: between unescaped pipes, trimmed; the outer pipes are optional. */
    static List<String> cells(String row) {
        String t = row.strip();
        if (t.startsWith("|")) t = t.substring(1);
        if (t.endsWith("|") && !t.endsWith("\\|")) t = t.substring(0, t.length() - 1);
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean inCode = false;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '\\' && i + 1 < t.length() && t.charAt(i + 1) == '|') {
                cell.append('|');
                i++;
            } else if (c == '`') {
                inCode = !inCode;
                cell.append(c);
            } else if (c == '|' && !inCode) {
                cells.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString().strip());
        return cells;
    }

    private static AttributedString pad(AttributedString cell, int width, Align align) {
        AttributedString fitted = cell;
        if (cell.columnLength() > width) {
            fitted = new AttributedStringBuilder().append(cell.columnSubSequence(0, Math.max(0, width - 1))).append("…")
                    .toAttributedString();
        }
        int space = Math.max(0, width - fitted.columnLength());
        int left = switch (align) {
            case LEFT -> 0;
            case RIGHT -> space;
            case CENTER -> space / 2;
        };
        return new AttributedStringBuilder().append(" ".repeat(left)).append(fitted).append(" ".repeat(space - left))
                .toAttributedString();
    }

    private static AttributedString trimEnd(AttributedString s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') end--;
        return s.subSequence(0, end);
    }

    private static int sum(int[] widths) {
        int s = 0;
        for (int w : widths) s += w;
        return s;
    }
}
