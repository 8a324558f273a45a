package io.dsh4j.app.merge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.SessionLayout;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.SessionLogBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dsh4j merge} end to end: corpus logs, written session logs with planted secrets, bad input. */
class MergeCliTest {

    static final ObjectMapper JSON = new ObjectMapper();

    static CliRun run(String... args) {
        return CliRun.of(args);
    }

    static String corpus(String scenario) {
        return Corpus.rawDir().resolve("examples/acp-agent/tests/snapshots/" + scenario + "/session.jsonl").toString();
    }

    static int estimatedTokens(String text) {
        return (text.length() + 3) / 4;
    }

    @Test
    void merging_two_corpus_sessions_prints_a_block_within_the_budget() {
        CliRun r = run("merge", corpus("bash-tool-turn"), corpus("escalation-approved"), "--budget", "400");
        assertThat(r.code()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).startsWith("## Merged context (BeliefMerge)\n\n> ").contains("EXTERNAL BACKGROUND").contains("\n- `");
        assertThat(estimatedTokens(r.out().stripTrailing())).isLessThanOrEqualTo(420);
        assertThat(r.err()).isEmpty();
    }

    @Test
    void the_command_line_reproduces_the_originals_render_of_three_corpus_sessions() throws IOException {
        JsonNode m = JSON.readTree(Corpus.oracle().resolve("belief-merge/expected.json").toFile()).get("merges").get(0);
        List<String> args = new ArrayList<>(List.of("merge", "--budget", m.get("budget").asText()));
        m.get("inputs").forEach(i -> args.add(Corpus.shared().resolve(i.asText()).toString()));
        CliRun r = run(args.toArray(String[]::new));
        List<String> expected = new ArrayList<>();
        m.get("slotLines").forEach(l -> expected.add(l.asText()));
        assertThat(r.out().lines().filter(l -> l.startsWith("- ") || l.startsWith("  ")).toList()).isEqualTo(expected);
        assertThat(estimatedTokens(r.out().substring(0, r.out().length() - 1))).isEqualTo(m.get("tokens").asInt());
    }

    @Test
    void json_lists_slots_with_decisions_provenance_and_the_render() throws IOException {
        CliRun r = run("merge", corpus("fs-read"), corpus("fs-read-window"), "--json");
        assertThat(r.code()).isEqualTo(ExitCodes.OK);
        JsonNode j = JSON.readTree(r.out());
        assertThat(j.get("mode").asText()).isEqualTo("heuristic");
        assertThat(j.get("sessions")).hasSize(2);
        JsonNode slot = j.get("slots").get(0);
        assertThat(slot.get("decision").get("outcome").asText()).isIn("resolved", "disputed");
        assertThat(slot.get("items").get(0).has("source")).isTrue();
        assertThat(slot.get("claims").get(0).get("trust").asText()).isEqualTo("external");
        assertThat(j.get("trust").get("ok").asBoolean()).isTrue();
        assertThat(j.get("render").get("text").asText()).startsWith("## Merged context");
    }

    @Test
    void reasoning_can_be_left_out_and_the_query_and_language_are_honoured() {
        CliRun with = run("merge", corpus("bash-tool-turn"), "--budget", "2000");
        CliRun without = run("merge", corpus("bash-tool-turn"), "--budget", "2000", "--no-include-reasoning");
        assertThat(with.out()).contains("The user wants me to run a simple bash command");
        assertThat(without.out()).doesNotContain("The user wants me to run a simple bash command").contains("terminal ok");
        CliRun zh = run("merge", corpus("bash-tool-turn"), "--lang", "zh-CN");
        assertThat(zh.out()).contains("外部背景");
        CliRun query = run("merge", corpus("bash-tool-turn"), "--query", "terminal output", "--budget", "120");
        assertThat(query.code()).isEqualTo(ExitCodes.OK);
    }

    @Test
    void an_unreadable_session_is_skipped_with_a_warning_and_the_rest_merged(@TempDir Path dir) throws IOException {
        Path garbage = Files.writeString(dir.resolve("garbage.jsonl"), "this is not a session log\n{\"oops\": ");
        CliRun r = run("merge", corpus("bash-tool-turn"), garbage.toString(), "no-such-session-id", "--home", dir.toString());
        assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(r.out()).contains("## Merged context");
        assertThat(r.err()).contains("skipping session " + garbage).contains("no session \"no-such-session-id\" under");
    }

    @Test
    void when_no_session_can_be_read_nothing_is_merged(@TempDir Path dir) throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.jsonl"), "");
        CliRun r = run("merge", empty.toString(), dir.resolve("missing.jsonl").toString() + "-nope", "--home", dir.toString());
        assertThat(r.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("no session could be read");
    }

    @Test
    void bad_options_are_usage_errors() {
        assertThat(run("merge", corpus("fs-read"), "--budget", "-5").code()).isEqualTo(ExitCodes.USAGE);
        assertThat(run("merge", corpus("fs-read"), "--lang", "fr").code()).isEqualTo(ExitCodes.USAGE);
        assertThat(run("merge").code()).isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void a_tiny_budget_prints_nothing_and_says_why() {
        CliRun r = run("merge", corpus("fs-read"), "--budget", "40");
        assertThat(r.code()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("budget-below-mandatory-overhead");
    }

    // --- sessions written into a temporary home ---

    static final String CWD = "/work/project";

    /** Writes a raw session log under {@code home/sessions} from (role, text) pairs; returns the log path. */
    static Path writeSession(Path home, String id, String[][] turns) throws IOException {
        Path log = SessionLayout.logPath(home.resolve("sessions"), CWD, id, LogEncoding.RAW);
        return SessionLogBuilder.session(id, CWD).at(1).turn(1, turn -> {
            for (String[] t : turns) {
                switch (t[0]) {
                    case "user" -> turn.user(t[1]);
                    case "reasoning" -> turn.reasoning(t[1]);
                    default -> turn.assistant(t[1]);
                }
            }
        }).writeRaw(log);
    }

    /** One credential of every class of spec §6, assembled at run time. */
    static List<String> plantedSecrets() {
        String a = "aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zC2eF4";
        String hex = "0123456789abcdef0123456789abcdef";
        return List.of("sk-" + a.substring(0, 32), "sk-proj-" + a.substring(0, 32), "sk-ant-api03-" + a.substring(0, 32),
                "AIzaSy" + a.substring(0, 33), "ghp_" + a.substring(0, 36), "github_pat_" + a.substring(0, 34),
                "hf_" + a.substring(0, 36), "AKIA" + "ABCDEFGHIJKLMNOP", "xoxb-123456789012-" + a.substring(0, 16),
                "sk_live_" + a.substring(0, 24), "npm_" + a.substring(0, 36), "eyJ" + a.substring(0, 20) + ".eyJ" + a.substring(0, 22) + "." + a.substring(0, 30),
                hex + "." + a.substring(0, 16), "LABELLEDVALUE" + a.substring(0, 12),
                "-----BEGIN PRIVATE KEY-----\n" + a + "\n-----END PRIVATE KEY-----");
    }

    @Test
    void planted_credentials_of_every_class_never_appear_in_any_output(@TempDir Path home) throws IOException {
        List<String> secrets = plantedSecrets();
        List<String[]> turns = new ArrayList<>();
        for (int i = 0; i < secrets.size(); i++) {
            String s = secrets.get(i);
            String said = s.startsWith("LABELLEDVALUE") ? "Set password: " + s + " for the admin." : "The key is " + s + " for service " + i + ".";
            turns.add(new String[] {i % 3 == 0 ? "user" : i % 3 == 1 ? "assistant" : "reasoning", said});
        }
        writeSession(home, "11111111-aaaa-4bbb-8ccc-000000000001", turns.toArray(String[][]::new));
        writeSession(home, "22222222-aaaa-4bbb-8ccc-000000000002", new String[][] {{"user", "Deploy with token api_key=" + secrets.get(0) + " today."},
                {"assistant", "The database engine is PostgreSQL."}});
        for (String[] args : List.of(new String[] {"merge", "11111111", "22222222", "--home", home.toString(), "--budget", "100000"},
                new String[] {"merge", "11111111", "22222222", "--home", home.toString(), "--json"},
                new String[] {"merge", "11111111", "22222222", "--home", home.toString(), "--budget", "300"})) {
            CliRun r = run(args);
            assertThat(r.code()).isEqualTo(ExitCodes.OK);
            for (String secret : secrets) {
                String probe = secret.startsWith("-----") ? secret.substring(28, 60) : secret;
                assertThat(r.out()).as(secret).doesNotContain(probe);
                assertThat(r.err()).as(secret).doesNotContain(probe);
            }
            assertThat(r.err()).contains("credential(s)");
        }
        CliRun text = run("merge", "11111111", "22222222", "--home", home.toString(), "--budget", "100000");
        assertThat(text.out()).contains("[REDACTED:anthropic]").contains("[REDACTED:private-key]").contains("[REDACTED:labelled]")
                .contains("credential(s) withheld");
    }

    @Test
    void sessions_are_found_by_id_and_unique_prefix_under_the_home_and_an_ambiguous_prefix_is_skipped(@TempDir Path home) throws IOException {
        writeSession(home, "abc-111", new String[][] {{"user", "The cache is enabled."}});
        writeSession(home, "abc-222", new String[][] {{"user", "The cache is not enabled."}});
        CliRun exact = run("merge", "abc-111", "abc-222", "--home", home.toString());
        assertThat(exact.code()).isEqualTo(ExitCodes.OK);
        assertThat(exact.out()).contains("**DISPUTED** `the cache is enabled`");
        CliRun ambiguous = run("merge", "abc", "abc-111", "--home", home.toString());
        assertThat(ambiguous.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(ambiguous.err()).contains("skipping session abc: \"abc\" matches 2 sessions");
        Path dir = SessionLayout.sessionDir(home.resolve("sessions"), CWD, "abc-222");
        assertThat(run("merge", dir.toString()).out()).contains("refute");
    }

    @Test
    void a_torn_tail_is_merged_with_a_note_and_a_corrupt_middle_is_skipped(@TempDir Path home) throws IOException {
        Path log = writeSession(home, "torn-1", new String[][] {{"user", "Keep the fleet at forty nodes."}, {"user", "Ship on Friday."}});
        Files.writeString(log, Files.readString(log) + "{\"type\":\"user/message\",\"seq\":9,\"da");
        CliRun torn = run("merge", log.toString());
        assertThat(torn.code()).isEqualTo(ExitCodes.OK);
        assertThat(torn.out()).contains("ship on friday");
        assertThat(torn.err()).contains("torn");
        Path bad = writeSession(home, "bad-1", new String[][] {{"user", "One."}, {"user", "Two."}});
        List<String> lines = new ArrayList<>(Files.readAllLines(bad));
        lines.set(2, "{not json at all}");
        Files.write(bad, lines);
        CliRun corrupt = run("merge", bad.toString(), log.toString());
        assertThat(corrupt.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(corrupt.err()).contains("skipping session " + bad).contains("corrupt");
        assertThat(corrupt.out()).contains("ship on friday");
    }

    @Test
    void a_huge_session_is_merged_within_the_budget_in_bounded_work(@TempDir Path home) throws IOException {
        List<String[]> turns = new ArrayList<>();
        for (int i = 0; i < 3000; i++) turns.add(new String[] {i % 2 == 0 ? "user" : "assistant", "Observation number " + i + " about the system holds."});
        Path log = writeSession(home, "huge-1", turns.toArray(String[][]::new));
        CliRun r = run("merge", log.toString(), "--budget", "800");
        assertThat(r.code()).isEqualTo(ExitCodes.OK);
        assertThat(estimatedTokens(r.out().stripTrailing())).isLessThanOrEqualTo(840);
        assertThat(r.out()).contains("lower-value item(s) omitted for budget");
    }
}
