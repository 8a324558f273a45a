package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The oracle: every figure the original produced for 79 stress sessions at two clocks and for every
 * corpus log (score, level, cap, summaries, window percentages, advice and fold counters) must be
 * reproduced exactly — doubles bit for bit.
 */
class OracleConformanceTest {

    private static final Pattern GENERATION = Pattern.compile("^session(?:\\.v(\\d+))?\\.jsonl(?:\\.zstd)?$");

    @TestFactory
    Stream<DynamicTest> every_oracle_row_is_reproduced_figure_for_figure() throws IOException {
        JsonNode rows = new ObjectMapper().readTree(Corpus.oracle().resolve("attention-health/expected.json").toFile())
                .get("rows");
        assertThat(rows.size()).isEqualTo(291);
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode row : rows) {
            String path = row.get("path").asText();
            tests.add(DynamicTest.dynamicTest(path + " @ " + row.get("clock").asText(), () -> check(row)));
        }
        return tests.stream();
    }

    private static void check(JsonNode row) {
        String path = row.get("path").asText();
        Path file = path.startsWith("stress/") ? Corpus.oracle().resolve("attention-health").resolve(path)
                : Corpus.shared().resolve(path);
        Instant now = Instant.parse(row.get("clock").asText());
        RawLogs.Log log = RawLogs.read(file);
        SessionFacts x = ColdFold.fold(log.events());
        HealthCheck check = HealthCheck.assess(x, log.header(), generationOf(file), now);
        HealthReport h = check.report();
        List<String> mismatches = new ArrayList<>();
        expect(mismatches, "score", row.get("score").asInt(), h.score());
        expect(mismatches, "level", row.get("level").asText(), h.level().key());
        expect(mismatches, "capped", row.get("capped").asBoolean(), h.capped());
        expect(mismatches, "cap", row.get("cap").isNull() ? null : row.get("cap").asInt(), h.cap());
        expect(mismatches, "summaryCount", row.get("summaryCount").asDouble(), h.summaryCount());
        expect(mismatches, "windowPercent", nullable(row.get("windowPercent")), h.windowPercent());
        expect(mismatches, "effectivePercent", nullable(row.get("effectivePercent")), h.effectivePercent());
        expect(mismatches, "advice", row.get("advice").asText(), check.advice().key());
        expect(mismatches, "usedTokens", row.get("usedTokens").asDouble(), x.usage().lastContextTokens());
        expect(mismatches, "repeatWorst", row.get("repeatWorst").asInt(), x.repeatWorst());
        expect(mismatches, "degradedReplies", row.get("degradedReplies").asInt(), x.degradedReplies());
        expect(mismatches, "reasoningLoop", row.get("reasoningLoop").asInt(), x.reasoningLoop());
        expect(mismatches, "reasoningFlags", row.get("reasoningFlags").asInt(), x.reasoningFlags());
        expect(mismatches, "reasoningWorstRepeat", row.get("reasoningWorstRepeat").asInt(), x.reasoningWorstRepeat());
        expect(mismatches, "guardTripCount", row.get("guardTripCount").asInt(), x.guardTripCount());
        assertThat(mismatches).as(path).isEmpty();
    }

    /** The generation as the original CLI named it: {@code v<N>} from the file name, {@code v-1} otherwise. */
    static String generationOf(Path file) {
        Matcher m = GENERATION.matcher(file.getFileName().toString());
        if (!m.matches()) return "v-1";
        return "v" + (m.group(1) == null ? "0" : m.group(1));
    }

    private static Double nullable(JsonNode v) {
        return v == null || v.isNull() ? null : v.asDouble();
    }

    private static void expect(List<String> out, String field, Object expected, Object actual) {
        boolean same = expected == null ? actual == null
                : expected instanceof Double d && actual instanceof Double a ? d.doubleValue() == a.doubleValue()
                : expected.equals(actual);
        if (!same) out.add(field + ": expected " + expected + " but was " + actual);
    }
}
