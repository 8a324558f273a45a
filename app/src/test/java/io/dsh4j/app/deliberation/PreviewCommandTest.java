package io.dsh4j.app.deliberation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code dsh4j deliberation preview} (issue 13): JSON shape, error codes, exit codes, help, bad input. */
class PreviewCommandTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final JsonNode ORACLE = load();

    static JsonNode load() {
        try {
            return JSON.readTree(Corpus.oracle().resolve("deliberation/expected.json").toFile());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @TempDir
    Path dir;

    private Locale saved;

    @BeforeEach
    void english() {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.ROOT);
    }

    @AfterEach
    void restore() {
        Locale.setDefault(saved);
    }

    static String log(String rel) {
        return Corpus.shared().resolve(rel).toString();
    }

    static JsonNode oracleCase(String path, String window, Integer k, String mask) {
        for (JsonNode c : ORACLE.get("projection")) {
            if (c.get("path").asText().equals(path) && c.get("window").asText().equals(window)
                    && (k == null ? c.get("K").isNull() : c.get("K").asInt() == k) && c.get("mask").asText().equals(mask)) {
                return c;
            }
        }
        throw new AssertionError("no oracle case");
    }

    static JsonNode parse(String out) throws IOException {
        return JSON.readTree(out);
    }

    @Nested
    class Projection {

        @Test
        void json_is_one_object_with_exactly_the_documented_keys_and_the_oracle_figures() throws IOException {
            String p = "corpus/dsh/examples/acp-agent/tests/snapshots/code-mode-read-image/session.jsonl";
            CliRun r = CliRun.of("deliberation", "preview", log(p), "--recent-steps", "2", "--mask", "reasoning-only", "--json");
            assertThat(r.code()).isEqualTo(ExitCodes.OK);
            assertThat(r.out().strip().lines()).hasSize(1);
            JsonNode o = parse(r.out());
            List<String> keys = new ArrayList<>();
            o.fieldNames().forEachRemaining(keys::add);
            assertThat(keys).containsExactly("ok", "seedLength", "snapshot", "projectedTurns", "projectedSteps", "omittedReasoningBlocks",
                    "projectedAssistantMessages", "omittedAssistantVisibleMessages", "snapshotChars", "projectedImages", "projectedImageBytes");
            JsonNode expected = oracleCase(p, "recent-steps", 2, "reasoning-only");
            assertThat(o.get("ok").asBoolean()).isTrue();
            for (String k : List.of("seedLength", "projectedTurns", "projectedSteps", "omittedReasoningBlocks", "projectedAssistantMessages",
                    "omittedAssistantVisibleMessages", "projectedImages", "projectedImageBytes")) {
                assertThat(o.get(k)).as(k).isEqualTo(expected.get(k));
            }
            String snapshot = o.get("snapshot").asText();
            assertThat(snapshot).startsWith(expected.get("snapshot").asText().substring(0, expected.get("snapshot").asText().indexOf("<NOTE>")));
            assertThat(snapshot).contains("[image #1 ");
            assertThat(o.get("snapshotChars").asInt()).isEqualTo(snapshot.length());
        }

        @Test
        void text_output_prints_the_counters_then_the_snapshot() {
            String p = "corpus/dsh/examples/acp-agent/tests/snapshots/read-image/session.jsonl";
            CliRun r = CliRun.of("deliberation", "preview", log(p), "--recent-steps", "1", "--mask", "action-only");
            assertThat(r.code()).isEqualTo(ExitCodes.OK);
            assertThat(r.out()).startsWith("seed: ").contains("<mid-fork-suffix window=\"recent-steps\" mask=\"action-only\"")
                    .contains("</mid-fork-suffix>");
            assertThat(r.err()).isEmpty();
        }

        @Test
        void a_log_cut_inside_its_last_turn_previews_the_open_turn_at_the_checkpoint() throws IOException {
            Path src = Path.of(log("corpus/dsh/examples/acp-agent/tests/snapshots/read-image/session.jsonl"));
            List<String> lines = Files.readAllLines(src);
            int lastTurnEnd = -1;
            for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains("\"type\":\"turn/end\"")) lastTurnEnd = i;
            Path cut = dir.resolve("session.jsonl");
            Files.write(cut, lines.subList(0, lastTurnEnd));
            CliRun r = CliRun.of("deliberation", "preview", cut.toString(), "--current-turn", "--mask", "reasoning-only", "--json");
            assertThat(r.code()).isEqualTo(ExitCodes.OK);
            assertThat(parse(r.out()).get("snapshot").asText()).contains("Turn state: open at masked-review checkpoint");
        }
    }

    @Nested
    class Refusals {

        @Test
        void a_closed_log_has_no_open_turn() throws IOException {
            CliRun r = CliRun.of("deliberation", "preview", log("corpus/dsh/examples/acp-agent/tests/snapshots/read-image/session.jsonl"),
                    "--current-turn", "--mask", "reasoning-only", "--json");
            assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
            JsonNode o = parse(r.out());
            List<String> keys = new ArrayList<>();
            o.fieldNames().forEachRemaining(keys::add);
            assertThat(keys).containsExactly("ok", "errorCode", "errorMessage");
            assertThat(o.get("ok").asBoolean()).isFalse();
            assertThat(o.get("errorCode").asText()).isEqualTo("NO_OPEN_TURN");
        }

        @Test
        void a_log_without_a_completed_step_says_so() throws IOException {
            Path f = dir.resolve("session.jsonl");
            Files.writeString(f, header() + "\n" + event(0, "turn/start", "{\"turn\":1}") + "\n");
            CliRun r = CliRun.of("deliberation", "preview", f.toString(), "--recent-steps", "3", "--mask", "reasoning-only", "--json");
            assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
            assertThat(parse(r.out()).get("errorCode").asText()).isEqualTo("NO_COMPLETED_STEP");
        }

        @Test
        void a_snapshot_over_the_character_budget_is_refused_not_truncated() throws IOException {
            CliRun r = CliRun.of("deliberation", "preview", log("corpus/dsh/examples/acp-agent/tests/snapshots/read-image/session.jsonl"),
                    "--recent-steps", "1", "--mask", "reasoning-only", "--max-chars", "50", "--json");
            assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
            JsonNode o = parse(r.out());
            assertThat(o.get("errorCode").asText()).isEqualTo("PROJECTION_OVER_BUDGET");
            assertThat(o.get("errorMessage").asText()).contains("50");
        }

        @Test
        void a_snapshot_over_the_image_limit_is_refused_and_reported_on_stderr_without_json() throws IOException {
            Path f = dir.resolve("session.jsonl");
            String image = "{\"type\":\"image\",\"attachment\":{\"attachmentId\":\"sha256:aa\",\"mediaType\":\"image/png\",\"bytes\":100,"
                    + "\"width\":32,\"height\":32}}";
            Files.writeString(f, header() + "\n" + event(0, "turn/start", "{\"turn\":1}") + "\n" + event(1, "step/start", "{\"turn\":1,\"step\":1}")
                    + "\n{\"type\":\"user/message\",\"seq\":2,\"time\":1,\"surfaceOp\":\"append\",\"data\":{\"id\":\"u\",\"role\":\"user\","
                    + "\"content\":[" + image + "," + image + "],\"source\":{\"kind\":\"user\"}}}\n"
                    + event(3, "step/end", "{\"turn\":1,\"step\":1}") + "\n");
            CliRun r = CliRun.of("deliberation", "preview", f.toString(), "--current-turn", "--mask", "reasoning-only", "--max-images", "1");
            assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
            assertThat(r.out()).isEmpty();
            assertThat(r.err()).contains("PROJECTION_IMAGE_LIMIT").contains("2 images");
            CliRun two = CliRun.of("deliberation", "preview", f.toString(), "--current-turn", "--mask", "reasoning-only", "--max-images", "2",
                    "--json");
            assertThat(two.code()).isEqualTo(ExitCodes.OK);
            JsonNode o = parse(two.out());
            assertThat(o.get("projectedImages").asInt()).isEqualTo(2);
            assertThat(o.get("projectedImageBytes").asInt()).isEqualTo(200);
            assertThat(o.get("snapshot").asText()).contains("[image #1 image/png 100B]", "[image #2 image/png 100B]",
                    "Turn state: open at masked-review checkpoint");
        }
    }

    @Nested
    class BadFlags {

        @ParameterizedTest
        @ValueSource(strings = {"both", "neither", "mask", "k0", "k33", "kx", "chars0", "charsx", "images0", "nomask", "nopath", "unknown"})
        void bad_options_exit_2_with_a_message_and_no_stack_trace(String which) {
            String p = log("corpus/dsh/examples/acp-agent/tests/snapshots/read-image/session.jsonl");
            String[] args = switch (which) {
                case "both" -> new String[] {"deliberation", "preview", p, "--recent-steps", "1", "--current-turn", "--mask", "action-only"};
                case "neither" -> new String[] {"deliberation", "preview", p, "--mask", "action-only"};
                case "mask" -> new String[] {"deliberation", "preview", p, "--recent-steps", "1", "--mask", "everything"};
                case "k0" -> new String[] {"deliberation", "preview", p, "--recent-steps", "0", "--mask", "action-only"};
                case "k33" -> new String[] {"deliberation", "preview", p, "--recent-steps", "33", "--mask", "action-only"};
                case "kx" -> new String[] {"deliberation", "preview", p, "--recent-steps", "two", "--mask", "action-only"};
                case "chars0" -> new String[] {"deliberation", "preview", p, "--recent-steps", "1", "--mask", "action-only", "--max-chars", "0"};
                case "charsx" -> new String[] {"deliberation", "preview", p, "--recent-steps", "1", "--mask", "action-only", "--max-chars", "1e9"};
                case "images0" -> new String[] {"deliberation", "preview", p, "--recent-steps", "1", "--mask", "action-only", "--max-images", "-1"};
                case "nomask" -> new String[] {"deliberation", "preview", p, "--recent-steps", "1"};
                case "nopath" -> new String[] {"deliberation", "preview", "--recent-steps", "1", "--mask", "action-only"};
                default -> new String[] {"deliberation", "preview", p, "--recent-steps", "1", "--mask", "action-only", "--all"};
            };
            CliRun r = CliRun.of(args);
            assertThat(r.code()).isEqualTo(ExitCodes.USAGE);
            assertThat(r.err()).isNotBlank();
            assertThat(r.out()).isEmpty();
            r.hasNoStackTrace();
        }

        @Test
        void help_lists_the_options_and_the_exit_codes() {
            CliRun r = CliRun.of("deliberation", "preview", "--help");
            assertThat(r.code()).isEqualTo(ExitCodes.OK);
            assertThat(r.out()).contains("--recent-steps", "--current-turn", "--mask", "--max-chars", "--max-images", "--json",
                    "Exit codes:", "PROJECTION_OVER_BUDGET");
            assertThat(CliRun.of("deliberation", "--help").out()).contains("preview");
        }

        @Test
        void messages_are_localised_in_chinese() {
            Locale.setDefault(Locale.SIMPLIFIED_CHINESE);
            CliRun r = CliRun.of("deliberation", "preview", "x", "--recent-steps", "1", "--mask", "everything");
            assertThat(r.err()).contains("必须是");
        }
    }

    @Nested
    class BadInput {

        @Test
        void a_missing_file_is_input_unavailable() throws IOException {
            CliRun r = CliRun.of("deliberation", "preview", dir.resolve("nope/session.jsonl").toString(), "--recent-steps", "1",
                    "--mask", "action-only", "--json");
            assertThat(r.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
            assertThat(parse(r.out()).get("errorCode").asText()).isEqualTo("INPUT_UNAVAILABLE");
        }

        @Test
        void a_corrupt_log_names_the_problem_and_exits_1() throws IOException {
            Path f = dir.resolve("session.jsonl");
            Files.writeString(f, header() + "\nnot json at all\n" + event(1, "turn/start", "{\"turn\":1}") + "\n"
                    + event(2, "turn/end", "{\"turn\":1,\"reason\":{\"kind\":\"completed\"}}") + "\n");
            CliRun r = CliRun.of("deliberation", "preview", f.toString(), "--recent-steps", "1", "--mask", "action-only", "--json");
            assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
            JsonNode o = parse(r.out());
            assertThat(o.get("errorCode").asText()).isEqualTo("INVALID_LOG");
            assertThat(o.get("errorMessage").asText()).contains("corrupt").contains("line");
        }

        @Test
        void an_empty_file_is_not_a_session() throws IOException {
            Path f = dir.resolve("session.jsonl");
            Files.writeString(f, "");
            CliRun r = CliRun.of("deliberation", "preview", f.toString(), "--recent-steps", "1", "--mask", "action-only");
            assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
            assertThat(r.err()).contains("INVALID_LOG");
            r.hasNoStackTrace();
        }

        @Test
        void a_truncated_log_is_previewed_up_to_its_committed_prefix_with_a_warning() throws IOException {
            Path src = Path.of(log("corpus/dsh/examples/acp-agent/tests/snapshots/read-image/session.jsonl"));
            byte[] all = Files.readAllBytes(src);
            Path f = dir.resolve("session.jsonl");
            Files.write(f, java.util.Arrays.copyOf(all, all.length - 7));
            CliRun r = CliRun.of("deliberation", "preview", f.toString(), "--recent-steps", "1", "--mask", "reasoning-only", "--json");
            assertThat(r.code()).isEqualTo(ExitCodes.OK);
            assertThat(r.err()).contains("torn");
            assertThat(parse(r.out()).get("ok").asBoolean()).isTrue();
        }

        @Test
        void a_log_that_breaks_the_fold_rules_is_previewed_over_its_appended_surface_with_a_warning() throws IOException {
            CliRun r = CliRun.of("deliberation", "preview", log("corpus/dsh/apps/web/tests/snapshots/cordis-tool-round/session.jsonl"),
                    "--recent-steps", "2", "--mask", "reasoning-only", "--json");
            assertThat(r.code()).isEqualTo(ExitCodes.OK);
            assertThat(r.err()).contains("cannot be folded", "sourceEventSeqs");
            assertThat(parse(r.out()).get("ok").asBoolean()).isTrue();
        }

        @Test
        void a_huge_log_is_refused_by_the_budget_in_bounded_time_and_an_allowed_one_projects() throws IOException {
            Path f = dir.resolve("session.jsonl");
            StringBuilder sb = new StringBuilder(header()).append('\n');
            String big = "x".repeat(200_000);
            long seq = 0;
            for (int t = 1; t <= 40; t++) {
                sb.append(event(seq++, "turn/start", "{\"turn\":" + t + "}")).append('\n');
                sb.append(event(seq++, "step/start", "{\"turn\":" + t + ",\"step\":1}")).append('\n');
                sb.append("{\"type\":\"user/message\",\"seq\":").append(seq++).append(",\"time\":1,\"surfaceOp\":\"append\","
                        + "\"data\":{\"id\":\"u").append(t).append("\",\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"")
                        .append(big).append("\"}],\"source\":{\"kind\":\"user\"}}}\n");
                sb.append(event(seq++, "step/end", "{\"turn\":" + t + ",\"step\":1}")).append('\n');
                sb.append(event(seq++, "turn/end", "{\"turn\":" + t + ",\"reason\":{\"kind\":\"completed\"}}")).append('\n');
            }
            Files.writeString(f, sb, StandardCharsets.UTF_8);
            CliRun r = CliRun.of("deliberation", "preview", f.toString(), "--recent-steps", "32", "--mask", "reasoning-only", "--json");
            assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
            assertThat(parse(r.out()).get("errorCode").asText()).isEqualTo("PROJECTION_OVER_BUDGET");
            CliRun one = CliRun.of("deliberation", "preview", f.toString(), "--recent-steps", "1", "--mask", "reasoning-only",
                    "--max-chars", "300000", "--json");
            assertThat(one.code()).isEqualTo(ExitCodes.OK);
            assertThat(parse(one.out()).get("seedLength").asInt()).isEqualTo(39 * 5);
        }
    }

    static String header() {
        return "{\"type\":\"session\",\"version\":0,\"id\":\"preview-test\",\"createdAt\":1,\"cwd\":\"/tmp\",\"delegationDepth\":0}";
    }

    static String event(long seq, String type, String data) {
        return "{\"type\":\"" + type + "\",\"seq\":" + seq + ",\"time\":1,\"data\":" + data + "}";
    }
}
