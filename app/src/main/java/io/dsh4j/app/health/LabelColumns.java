package io.dsh4j.app.health;

import java.util.ArrayList;
import java.util.List;

/**
 * Lines of the form {@code label: value} (or {@code label：value} with a full-width colon, spaces
 * before it ignored) padded so that the values start in one column on a terminal, counting East
 * Asian wide characters as two columns. Lines without such a separator are left as they are.
 * Stateless.
 */
final class LabelColumns {

    private LabelColumns() {}

    /** The lines with their labels padded to the widest label. */
    static List<String> align(List<String> lines) {
        int widest = 0;
        for (String line : lines) {
            int at = separator(line);
            if (at > 0) widest = Math.max(widest, width(line.substring(0, at).stripTrailing()));
        }
        List<String> out = new ArrayList<>(lines.size());
        for (String line : lines) {
            int at = separator(line);
            if (at <= 0) {
                out.add(line);
                continue;
            }
            String label = line.substring(0, at).stripTrailing();
            out.add(label + " ".repeat(widest - width(label)) + line.substring(at));
        }
        return out;
    }

    /** Where the separator starts: the first full-width colon, else the first {@code ": "}; −1 when neither. */
    private static int separator(String line) {
        int full = line.indexOf('：');
        int half = line.indexOf(": ");
        if (full >= 0 && (half < 0 || full < half)) return full;
        return half < 0 ? -1 : half;
    }

    /** Terminal columns of {@code s}: two for wide (CJK, full-width) characters, one otherwise. */
    static int width(String s) {
        int w = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            w += wide(cp) ? 2 : 1;
            i += Character.charCount(cp);
        }
        return w;
    }

    private static boolean wide(int cp) {
        return (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3)
                || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60)
                || (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1FAFF) || (cp >= 0x20000 && cp <= 0x3FFFD);
    }
}
