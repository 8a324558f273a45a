package io.dsh4j.app.deliberation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code dsh4j deliberation preview --json} on every corpus log in both encodings against the
 * oracle (recent-steps 2 with reasoning-only, current-turn with action-only): seed length, counters,
 * error codes, and the snapshot up to the note line. Legacy logs compare with the oracle's upgraded
 * case, logs with replace ops with its folded-surface case (the command folds the surface).
 */
class PreviewOracleTest {

    static final JsonNode ORACLE = PreviewCommandTest.ORACLE;

    @TestFactory
    Stream<DynamicTest> the_preview_of_every_corpus_log_matches_the_oracle_in_both_encodings() {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : ORACLE.get("projection")) {
            boolean wanted = (c.get("window").asText().equals("recent-steps") && c.get("K").asInt() == 2
                    && c.get("mask").asText().equals("reasoning-only"))
                    || (c.get("window").asText().equals("current-turn") && c.get("mask").asText().equals("action-only"));
            if (!wanted) continue;
            String rel = c.get("path").asText();
            Path raw = Corpus.shared().resolve(rel);
            Path zstd = Corpus.zstdTwinOf(raw);
            for (Path file : List.of(raw, zstd)) {
                tests.add(DynamicTest.dynamicTest(rel.replace("corpus/dsh/", "") + " " + c.get("window").asText() + " "
                        + file.getFileName(), () -> check(c, file)));
            }
        }
        return tests.stream();
    }

    static JsonNode expected(JsonNode c) {
        JsonNode folded = match(ORACLE.get("projectionSurfaceFolded"), c);
        if (folded != null) return folded;
        if (c.path("errorCode").asText().equals("UNEXPECTED_EXCEPTION")) return match(ORACLE.get("projectionLegacyImport"), c);
        return c;
    }

    static JsonNode match(JsonNode section, JsonNode c) {
        for (JsonNode x : section) {
            if (x.get("path").equals(c.get("path")) && x.get("window").equals(c.get("window")) && x.get("K").equals(c.get("K"))
                    && x.get("mask").equals(c.get("mask"))) {
                return x;
            }
        }
        return null;
    }

    static void check(JsonNode c, Path file) throws IOException {
        Locale saved = Locale.getDefault();
        Locale.setDefault(Locale.ROOT);
        try {
            JsonNode e = expected(c);
            String[] window = c.get("K").isNull() ? new String[] {"--current-turn"} : new String[] {"--recent-steps", c.get("K").asText()};
            List<String> args = new ArrayList<>(List.of("deliberation", "preview", file.toString()));
            args.addAll(List.of(window));
            args.addAll(List.of("--mask", c.get("mask").asText(), "--json"));
            CliRun r = CliRun.of(args.toArray(String[]::new));
            JsonNode o = PreviewCommandTest.parse(r.out());
            if (!e.get("ok").asBoolean()) {
                assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
                assertThat(o.get("errorCode").asText()).isEqualTo(e.get("errorCode").asText());
                return;
            }
            assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.OK);
            for (String k : List.of("seedLength", "projectedTurns", "projectedSteps", "omittedReasoningBlocks", "projectedAssistantMessages",
                    "omittedAssistantVisibleMessages", "projectedImages", "projectedImageBytes")) {
                assertThat(o.get(k).asLong()).as(k).isEqualTo(e.get(k).asLong());
            }
            String snapshot = o.get("snapshot").asText();
            String exp = e.get("snapshot").asText();
            int note = exp.indexOf("<NOTE>");
            assertThat(snapshot).startsWith(exp.substring(0, note));
            assertThat(snapshot.substring(snapshot.indexOf('\n', note) + 1)).isEqualTo(exp.substring(note + "<NOTE>\n".length()));
        } finally {
            Locale.setDefault(saved);
        }
    }
}
