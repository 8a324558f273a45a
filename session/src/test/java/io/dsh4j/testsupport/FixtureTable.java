package io.dsh4j.testsupport;

import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The per-file table of {@code spec/sessions-llm-http.md} §7, parsed from the spec markdown at test
 * time (so the expected figures are the spec's, not a transcription).
 */
public final class FixtureTable {

    /** One table row. Token and tool figures are 0 where the table shows {@code ·}. */
    public record Row(int number, String path, String role, String kind, int recs, int events, int turns, int steps,
                      long tokensIn, long tokensOut, long cacheRead, int tools, int toolErrors, String errors, String comp) {

        /** Whether the row's kind is a current-format log (current/live, current/scripted). */
        public boolean currentFormat() {
            return kind.startsWith("current/");
        }

        /** The raw corpus file of this row. */
        public Path file() {
            return Corpus.rawDir().resolve(path);
        }
    }

    private FixtureTable() {}

    /** Every row of the §7 table, in table order. */
    public static List<Row> rows() {
        Path spec = Corpus.shared().resolve("spec/sessions-llm-http.md");
        List<String> lines;
        try {
            lines = Files.readAllLines(spec);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Row> rows = new ArrayList<>();
        boolean inSection = false;
        for (String line : lines) {
            if (line.startsWith("## 7.")) inSection = true;
            else if (line.startsWith("## ") || line.startsWith("### 7.1")) inSection = false;
            if (!inSection || !line.matches("\\| \\d+ \\|.*")) continue;
            String[] c = line.split("\\|", -1);
            // c[0] is empty (leading pipe)
            String tokens = c[10].trim();
            long in = 0, out = 0, cache = 0;
            if (!tokens.equals("·")) {
                String[] t = tokens.split("/");
                in = Long.parseLong(t[0]);
                out = Long.parseLong(t[1]);
                cache = Long.parseLong(t[2]);
            }
            String toolCol = c[12].trim();
            int tools = 0, toolErrors = 0;
            if (!toolCol.equals("·")) {
                String[] t = toolCol.split(" ");
                tools = Integer.parseInt(t[0]);
                if (t.length > 1) toolErrors = Integer.parseInt(t[1].replace("(", "").replace(")", ""));
            }
            rows.add(new Row(Integer.parseInt(c[1].trim()), c[2].trim(), c[3].trim(), c[4].trim(), Integer.parseInt(c[6].trim()),
                    Integer.parseInt(c[7].trim()), Integer.parseInt(c[8].trim()), Integer.parseInt(c[9].trim()),
                    in, out, cache, tools, toolErrors, c[14].trim(), c[15].trim()));
        }
        if (rows.isEmpty()) throw new IllegalStateException("no §7 table rows found in " + spec);
        return rows;
    }
}
