package io.dsh4j.app.merge;

import static io.dsh4j.app.merge.MergeCliTest.corpus;
import static io.dsh4j.app.merge.MergeCliTest.plantedSecrets;
import static io.dsh4j.app.merge.MergeCliTest.run;
import static io.dsh4j.app.merge.MergeCliTest.writeSession;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile input to {@code dsh4j merge} and {@code dsh4j bench merge}: every failure names the problem and
 * where it is, a session that cannot be read is skipped while the rest merge, the exit code says what
 * happened, no stack trace, and no diagnostic repeats a credential (spec §6, issue 5).
 */
class MergeHostileInputTest {

    static void noStackTrace(CliRun r) {
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    /** The secrets that fit on one line, so a damaged record can carry them. */
    static List<String> oneLineSecrets() {
        return plantedSecrets().stream().filter(s -> !s.startsWith("-----")).toList();
    }

    @Test
    void a_corrupt_record_that_quotes_a_credential_is_skipped_and_no_output_repeats_it(@TempDir Path home) throws IOException {
        // given: for every secret class a log whose middle record is damaged right where the secret is,
        // and a log whose header is cut inside the secret (JSON parsers quote the text around the fault)
        Path good = writeSession(home, "good-1", new String[][] {{"user", "The database engine is PostgreSQL."}});
        int n = 0;
        for (String secret : oneLineSecrets()) {
            String planted = secret.startsWith("LABELLEDVALUE") ? "password=" + secret : secret; // a labelled value needs its label
            Path middle = writeSession(home, "mid-" + n, new String[][] {{"user", "One."}, {"user", "Two."}});
            List<String> lines = new ArrayList<>(Files.readAllLines(middle));
            lines.set(2, planted + " garbage");
            Files.write(middle, lines);
            Path header = home.resolve("header-" + n++ + ".jsonl");
            Files.writeString(header, "{\"type\":\"session\",\"version\":0,\"id\":\"" + planted + "\"\n");
            for (List<String> args : List.of(List.of("merge", middle.toString(), header.toString(), good.toString()),
                    List.of("merge", middle.toString(), header.toString(), good.toString(), "--json"))) {
                // when
                CliRun r = run(args.toArray(String[]::new));
                // then
                assertThat(r.code()).as(secret).isEqualTo(ExitCodes.PROBLEM_FOUND);
                assertThat(r.err()).as(secret).contains("skipping session " + middle).contains("skipping session " + header)
                        .contains("line 3").contains("[REDACTED:");
                assertThat(r.out()).as(secret).doesNotContain(secret).contains("postgresql");
                assertThat(r.err()).as(secret).doesNotContain(secret);
                noStackTrace(r);
            }
        }
    }

    @Test
    void a_credential_in_a_session_id_or_a_tool_result_never_reaches_the_output(@TempDir Path home) throws IOException {
        String secret = oneLineSecrets().get(4);
        String toolSecret = oneLineSecrets().get(7);
        Path log = writeSession(home, "plain-1", new String[][] {{"user", "Keep the fleet at forty nodes."}});
        String toolResult = "{\"type\":\"tool/result\",\"seq\":3,\"time\":1,\"data\":{\"turn\":1,\"step\":1,\"message\":{\"source\":"
                + "{\"kind\":\"tool\",\"callId\":\"c1\"},\"content\":[{\"type\":\"tool-result\",\"toolCallId\":\"c1\",\"content\":"
                + "[{\"type\":\"text\",\"text\":\"AWS key " + toolSecret + " found in env.\"}],\"isError\":false}],\"role\":\"user\","
                + "\"id\":\"t1\"}},\"sourceEventSeqs\":[1],\"surfaceOp\":\"append\"}\n";
        Files.writeString(log, Files.readString(log).replace("\"id\":\"plain-1\"", "\"id\":\"" + secret + "\"") + toolResult);
        CliRun text = run("merge", log.toString(), "--budget", "100000");
        CliRun json = run("merge", log.toString(), "--json");
        for (CliRun r : List.of(text, json)) {
            assertThat(r.code()).isEqualTo(ExitCodes.OK);
            assertThat(r.out()).contains("forty nodes").doesNotContain(secret).doesNotContain(toolSecret);
            assertThat(r.err()).doesNotContain(secret).doesNotContain(toolSecret);
        }
        assertThat(text.out()).contains("[REDACTED:github]");
    }

    @Test
    void a_damaged_log_inside_a_session_directory_is_skipped_naming_the_file_and_byte(@TempDir Path home) throws IOException {
        Path dir = Files.createDirectories(home.resolve("damaged"));
        Files.copy(Corpus.damagedDir().resolve("bitflip-middle-frame.jsonl.zstd"), dir.resolve("session.jsonl.zstd"));
        CliRun r = run("merge", dir.toString(), corpus("fs-read"), "--budget", "300");
        assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(r.err()).contains("skipping session " + dir + ": " + dir.resolve("session.jsonl.zstd") + ": corrupt")
                .contains("at byte ");
        assertThat(r.out()).startsWith("## Merged context (BeliefMerge)");
        noStackTrace(r);
    }

    @Test
    void every_damaged_zstd_case_is_skipped_or_merged_as_its_manifest_says_and_the_rest_merge() throws IOException {
        JsonNode cases = new ObjectMapper().readTree(Corpus.damagedDir().resolve("MANIFEST.json").toFile()).get("cases");
        cases.fields().forEachRemaining(c -> {
            Path log = Corpus.damagedDir().resolve(c.getKey() + ".jsonl.zstd");
            CliRun r = run("merge", log.toString(), corpus("fs-read"), "--budget", "300");
            String outcome = c.getValue().get("outcome").asText();
            noStackTrace(r);
            assertThat(r.out()).as(c.getKey()).startsWith("## Merged context (BeliefMerge)");
            if (outcome.equals("corrupt") || outcome.equals("not-a-session")) {
                assertThat(r.code()).as(c.getKey()).isEqualTo(ExitCodes.PROBLEM_FOUND);
                assertThat(r.err()).as(c.getKey()).contains("skipping session " + log);
            } else {
                assertThat(r.code()).as(c.getKey()).isEqualTo(ExitCodes.OK);
                assertThat(r.err()).as(c.getKey()).doesNotContain("skipping");
            }
        });
    }

    @Test
    void garbage_files_and_unreadable_paths_are_skipped_and_all_unreadable_is_input_unavailable(@TempDir Path home) throws IOException {
        // given: random bytes as a raw log and as a zstd log, a directory whose log is a directory, a dangling link
        byte[] noise = new byte[4096];
        new Random(7).nextBytes(noise);
        Path garbageDir = Files.createDirectories(home.resolve("garbage"));
        Files.write(garbageDir.resolve("session.jsonl.zstd"), noise);
        Path garbageRaw = Files.write(home.resolve("noise.jsonl"), noise);
        Path logIsDir = Files.createDirectories(home.resolve("odd/session.jsonl"));
        Path dangling = Files.createSymbolicLink(home.resolve("dangling.jsonl"), home.resolve("nowhere.jsonl"));
        List<Path> bad = List.of(garbageDir, garbageRaw, logIsDir, dangling);
        List<String> args = new ArrayList<>(List.of("merge", "--home", home.toString()));
        bad.forEach(p -> args.add(p.toString()));
        // when
        CliRun none = run(args.toArray(String[]::new));
        args.add(corpus("fs-read"));
        CliRun some = run(args.toArray(String[]::new));
        // then
        assertThat(none.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
        assertThat(none.out()).isEmpty();
        assertThat(none.err()).contains("no session could be read");
        assertThat(some.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(some.out()).startsWith("## Merged context (BeliefMerge)");
        for (Path p : bad) assertThat(some.err()).contains("skipping session " + p + ":");
        assertThat(some.err()).contains(garbageDir.resolve("session.jsonl.zstd") + ": corrupt").contains("at byte 0");
        noStackTrace(none);
        noStackTrace(some);
    }

    @Test
    void one_log_named_three_ways_is_read_once_so_nothing_is_counted_twice(@TempDir Path home) throws IOException {
        // given: a session named by id, by log path and by its directory
        String key = oneLineSecrets().getFirst();
        Path log = writeSession(home, "dup-1", new String[][] {{"user", "Deploy with " + key + " today."}, {"user", "Ship on Friday."}});
        // when
        CliRun once = run("merge", "dup-1", "--home", home.toString());
        CliRun thrice = run("merge", "dup-1", log.toString(), log.getParent().toString(), "--home", home.toString());
        CliRun json = run("merge", "dup-1", log.toString(), "--home", home.toString(), "--json");
        // then
        assertThat(thrice.code()).isEqualTo(ExitCodes.OK);
        assertThat(thrice.out()).isEqualTo(once.out()).contains("_**1 credential(s) withheld**");
        assertThat(thrice.err()).contains("session " + log + " names a log already read")
                .contains("session " + log.getParent() + " names a log already read").contains("1 credential(s)");
        assertThat(new ObjectMapper().readTree(json.out()).get("sessions")).hasSize(1);
        assertThat(new ObjectMapper().readTree(json.out()).get("redacted").asInt()).isEqualTo(1);
    }

    @Test
    void an_unknown_id_names_the_id_and_the_home(@TempDir Path home) {
        CliRun r = run("merge", "no-such-session", "--home", home.toString());
        assertThat(r.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
        assertThat(r.err()).contains("no-such-session").contains(home.resolve("sessions").toString());
        noStackTrace(r);
    }

    @Test
    void budgets_out_of_range_are_usage_errors_naming_the_option_and_zero_renders_nothing_with_its_reason() {
        for (String budget : List.of("-5", "99999999999", "-2147483649", "lots")) {
            CliRun r = run("merge", corpus("fs-read"), "--budget", budget);
            assertThat(r.code()).as(budget).isEqualTo(ExitCodes.USAGE);
            assertThat(r.err()).as(budget).contains("--budget").contains(budget);
            assertThat(r.out()).as(budget).isEmpty();
            noStackTrace(r);
        }
        CliRun zero = run("merge", corpus("fs-read"), "--budget", "0");
        assertThat(zero.code()).isEqualTo(ExitCodes.OK);
        assertThat(zero.out()).isEmpty();
        assertThat(zero.err()).contains("budget-below-mandatory-overhead");
        CliRun max = run("merge", corpus("fs-read"), corpus("bash-tool-turn"), "--budget", Integer.toString(Integer.MAX_VALUE));
        assertThat(max.code()).isEqualTo(ExitCodes.OK);
        assertThat(max.out()).isEqualTo(run("merge", corpus("fs-read"), corpus("bash-tool-turn"), "--budget", "100000").out())
                .doesNotContain("omitted for budget");
    }

    @Test
    void bench_counts_out_of_range_are_usage_errors_naming_the_option() {
        for (String[] bad : List.of(new String[] {"--seeds", "0"}, new String[] {"--seeds", "99999999999"},
                new String[] {"--seeds", "100000000"}, new String[] {"--topics", "17"}, new String[] {"--topics", "1000000"},
                new String[] {"--topics", "0"}, new String[] {"--budget", "-5"}, new String[] {"--branches", "27"},
                new String[] {"--conflicts", "-1"})) {
            CliRun r = CliRun.of("bench", "merge", bad[0], bad[1]);
            assertThat(r.code()).as(bad[0] + " " + bad[1]).isEqualTo(ExitCodes.USAGE);
            assertThat(r.err()).as(bad[0] + " " + bad[1]).contains(bad[0]);
            assertThat(r.out()).isEmpty();
            noStackTrace(r);
        }
    }

    @Test
    void bench_json_has_exactly_the_issues_shape() throws IOException {
        CliRun r = CliRun.of("bench", "merge", "--seeds", "5", "--topics", "10", "--budget", "400", "--json");
        assertThat(r.code()).isEqualTo(ExitCodes.OK);
        JsonNode j = new ObjectMapper().readTree(r.out());
        List<String> root = new ArrayList<>();
        j.fieldNames().forEachRemaining(root::add);
        assertThat(root).containsExactly("args", "rows");
        List<String> args = new ArrayList<>();
        j.get("args").fieldNames().forEachRemaining(args::add);
        assertThat(args).containsExactlyInAnyOrder("seeds", "topics", "branches", "budget", "conflicts");
        assertThat(j.get("args").get("seeds").asInt()).isEqualTo(5);
        assertThat(j.get("rows")).hasSize(5);
        for (JsonNode row : j.get("rows")) {
            assertThat(row.get("arm").isTextual()).isTrue();
            for (String f : List.of("local", "bridge", "unambiguous", "both", "invented", "tokens")) assertThat(row.get(f).isNumber()).as(f).isTrue();
        }
        JsonNode oracle = j.get("rows").get(4);
        assertThat(oracle.get("arm").asText()).isEqualTo("beliefmerge-oracle");
        assertThat(oracle.get("tokens").asDouble()).isBetween(200.0, 400.0 * 1.15);
    }
}
