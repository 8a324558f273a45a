package io.dsh4j.app.chat;

import java.util.ArrayList;
import java.util.List;
import org.jline.utils.ScreenTerminal;

/**
 * What a terminal would show for chat's output: the bytes replayed through JLine's VT100 emulator
 * ({@link ScreenTerminal}) of the same size, the rows that scrolled off first. A wide character's
 * continuation cell is skipped, so {@link Row#text} is what a reader sees and {@link Row#columns}
 * the cells it covers.
 */
final class Emulator {

    /** One row of the screen: its text (trailing blanks removed), the cells it covers, whether any is dim. */
    record Row(String text, int columns, boolean dim) {
    }

    private Emulator() {
    }

    static List<Row> rows(String output, int columns, int rows) {
        ScreenTerminal screen = new ScreenTerminal(columns, rows);
        screen.write(output);
        List<long[]> all = new ArrayList<>(screen.getHistory());
        long[] buffer = new long[columns * rows];
        screen.dump(buffer, new int[2]);
        for (int y = 0; y < rows; y++) {
            long[] row = new long[columns];
            System.arraycopy(buffer, y * columns, row, 0, columns);
            all.add(row);
        }
        List<Row> out = new ArrayList<>();
        for (long[] row : all) out.add(row(row));
        while (!out.isEmpty() && out.getLast().text().isEmpty()) out.removeLast();
        return out;
    }

    private static Row row(long[] cells) {
        int last = -1;
        for (int x = 0; x < cells.length; x++) {
            int cp = ScreenTerminal.cellCodePoint(cells[x]);
            if (cp != 0 && cp != ' ') last = x;
        }
        StringBuilder text = new StringBuilder();
        boolean dim = false;
        for (int x = 0; x <= last; x++) {
            int cp = ScreenTerminal.cellCodePoint(cells[x]);
            if (cp == 0) continue;
            text.appendCodePoint(cp);
            if (cp != ' ' && ScreenTerminal.cellDim(cells[x])) dim = true;
        }
        return new Row(text.toString(), last + 1, dim);
    }

    /** The rows' texts joined by line feeds. */
    static String text(List<Row> rows) {
        StringBuilder s = new StringBuilder();
        for (Row r : rows) s.append(r.text()).append('\n');
        return s.toString();
    }
}
