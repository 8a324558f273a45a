package io.dsh4j.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.SessionLogDecoder;
import io.dsh4j.testsupport.FixtureTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** §3.6–3.7: the stats of every corpus file equal the §7 table (parsed from the spec markdown at test time). */
class CorpusStatsTest {

    static Stream<FixtureTable.Row> rows() {
        return FixtureTable.rows().stream();
    }

    static StatsTotals statsOf(FixtureTable.Row row) throws IOException {
        String text = Files.readString(row.file(), StandardCharsets.UTF_8);
        SessionLogDecoder.DecodedLog log = SessionLogDecoder.readAll(text, SessionHeader.Mode.FIXTURE);
        SessionStats stats = new SessionStats(log.header());
        for (SessionEvent e : log.events()) stats.accept(e);
        return stats.totals();
    }

    @ParameterizedTest(name = "#{0}")
    @MethodSource("rows")
    void turns_steps_tokens_and_tool_figures_equal_the_fixture_table(FixtureTable.Row row) throws IOException {
        StatsTotals s = statsOf(row);
        assertThat(s.events()).as("events").isEqualTo(row.events());
        assertThat(s.turns()).as("turns").isEqualTo(row.turns());
        assertThat(s.steps()).as("steps").isEqualTo(row.steps());
        assertThat(s.tokens().input()).as("uncached input").isEqualTo(row.tokensIn());
        assertThat(s.tokens().output()).as("output").isEqualTo(row.tokensOut());
        assertThat(s.tokens().cacheRead()).as("cache read").isEqualTo(row.cacheRead());
        assertThat(s.toolCalls()).as("tool calls").isEqualTo(row.tools());
        assertThat(s.toolErrors()).as("tool errors").isEqualTo(row.toolErrors());
    }

    @ParameterizedTest(name = "#{0}")
    @MethodSource("rows")
    void error_columns_equal_the_fixture_table(FixtureTable.Row row) throws IOException {
        StatsTotals s = statsOf(row);
        Map<String, Long> actual = new HashMap<>();
        put(actual, "turn-err", s.turnErrors());
        put(actual, "finish-err", s.finishErrors());
        put(actual, "aborted", s.abortedTurns());
        put(actual, "max-tok", s.maxTokenTurns());
        put(actual, "interrupted", s.interruptedTurns());
        put(actual, "retry", s.retries());
        assertThat(actual).isEqualTo(expectedErrors(row.errors()));
    }

    private static void put(Map<String, Long> m, String key, long value) {
        if (value != 0) m.put(key, value);
    }

    /** Parses the table's errors column: "·", "aborted 1", "turn-err 1, finish-err 1", "interrupted". */
    static Map<String, Long> expectedErrors(String column) {
        Map<String, Long> m = new HashMap<>();
        if (column.equals("·")) return m;
        for (String part : column.split(",\\s*")) {
            String[] kv = part.trim().split(" ");
            m.put(kv[0], kv.length > 1 ? Long.parseLong(kv[1]) : 1L);
        }
        return m;
    }
}
