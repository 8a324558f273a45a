package io.dsh4j.app.health;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.app.health.HealthCliTest.Run;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 4 "Exactness": the engine will be compared with the original through the command line —
 * {@code dsh4j health --json --now T --lang zh-CN} — so every oracle row is checked there, not only
 * through the engine ({@code OracleConformanceTest}): the command's reading, file choice, generation
 * tag, clock and JSON printing must not move a figure.
 */
class CliOracleTest {

    private static final List<String> FIGURES = List.of("score", "level", "capped", "cap", "summaryCount",
            "windowPercent", "effectivePercent", "advice", "usedTokens", "repeatWorst", "degradedReplies",
            "reasoningLoop", "reasoningFlags", "reasoningWorstRepeat", "guardTripCount");

    @TempDir
    static Path home;

    @TestFactory
    Stream<DynamicTest> health_json_reproduces_every_oracle_row_at_its_clock_in_zh_cn() throws IOException {
        JsonNode rows = HealthCliTest.M.readTree(Corpus.oracle().resolve("attention-health/expected.json").toFile())
                .get("rows");
        assertThat(rows.size()).isEqualTo(291);
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode row : rows) {
            tests.add(DynamicTest.dynamicTest(row.get("path").asText() + " @ " + row.get("clock").asText(), () -> check(row)));
        }
        return tests.stream();
    }

    private static void check(JsonNode row) throws IOException {
        String path = row.get("path").asText();
        Path file = path.startsWith("stress/") ? Corpus.oracle().resolve("attention-health").resolve(path)
                : Corpus.shared().resolve(path);
        Run r = HealthCliTest.run("health", file.toString(), "--json", "--now", row.get("clock").asText(), "--lang", "zh-CN",
                "--home", home.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode got = HealthCliTest.M.readTree(r.out());
        List<String> mismatches = new ArrayList<>();
        for (String f : FIGURES) {
            JsonNode want = row.get(f);
            JsonNode have = got.get(f);
            boolean same = want.isNumber() && have != null && have.isNumber() ? want.doubleValue() == have.doubleValue()
                    : want.equals(have);
            if (!same) mismatches.add(f + ": expected " + want + " but was " + have);
        }
        assertThat(mismatches).as(path).isEmpty();
    }
}
