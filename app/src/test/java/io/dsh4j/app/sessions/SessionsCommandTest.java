package io.dsh4j.app.sessions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.SessionLogWriter;
import io.dsh4j.session.SessionStats;
import io.dsh4j.session.SessionStore;
import io.dsh4j.session.StatsTotals;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.TurnEndReason;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The {@code dsh4j sessions} commands over homes, corpus logs, and corrupt, truncated, huge and hostile input. */
@ExtendWith(EnglishLocale.class)
class SessionsCommandTest {

    static CliRun run(String... args) {
        return CliRun.of(args);
    }

    static final ObjectMapper JSON = new ObjectMapper();
    static final Path DAMAGED = Corpus.damagedDir();

    @TempDir Path home;

    /** A home with three sessions in two projects, written by dsh4j. */
    SessionStore populate() throws IOException {
        SessionStore store = SessionStore.open(home.resolve("sessions"), LogEncoding.ZSTD);
        write(store, "11111111-aaaa-4aaa-8aaa-000000000001", 1_000, "/work/alpha", true);
        write(store, "22222222-bbbb-4bbb-8bbb-000000000002", 3_000, "/work/beta", true);
        write(store, "33333333-cccc-4ccc-8ccc-000000000003", 2_000, "/work/alpha", false);
        return store;
    }

    static void write(SessionStore store, String id, long createdAt, String cwd, boolean closed) throws IOException {
        SessionLogWriter w = store.create(SessionHeader.create(id, createdAt, cwd));
        List<SessionEvent> events = new ArrayList<>(List.of(
                SessionEvent.of(0, createdAt, new EventPayload.TurnStart(1)),
                SessionEvent.builder("user/message", 1, createdAt + 1).data(JSON.readTree(
                        "{\"content\":[{\"type\":\"text\",\"text\":\"Hello from " + id.substring(0, 8) + "\"}],"
                                + "\"source\":{\"kind\":\"user\"},\"role\":\"user\",\"id\":\"u1\"}"))
                        .surfaceOp(io.dsh4j.session.event.SurfaceOp.APPEND).build(),
                SessionEvent.of(2, createdAt + 2, new EventPayload.StepStart(1, 1)),
                SessionEvent.builder("assistant/message", 3, createdAt + 3).data(JSON.readTree(
                        "{\"turn\":1,\"step\":1,\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"reasoning\",\"text\":\"hmm\"},"
                                + "{\"type\":\"text\",\"text\":\"Hi there.\\nSecond line.\"}],\"source\":{\"kind\":\"model\","
                                + "\"provider\":\"deepseek-official\",\"model\":\"deepseek-v4-flash\"},\"id\":\"a1\"},"
                                + "\"usage\":{\"inputTokens\":10,\"outputTokens\":5,\"cacheReadTokens\":2}}"))
                        .surfaceOp(io.dsh4j.session.event.SurfaceOp.APPEND).build(),
                SessionEvent.of(4, createdAt + 4, new EventPayload.StepEnd(1, 1))));
        if (closed) events.add(SessionEvent.of(5, createdAt + 5, new EventPayload.TurnEnd(1, new TurnEndReason.Completed())));
        w.append(events);
    }

    @Nested
    class ListSessions {
        @Test
        void lists_newest_first_with_ids_creation_times_and_working_directories() throws IOException {
            populate();
            CliRun r = run("sessions", "list", "--home", home.toString());
            assertThat(r.code()).isEqualTo(ExitCodes.OK);
            List<String> lines = r.out().lines().toList();
            assertThat(lines.get(0)).startsWith("ID").contains("CREATED (UTC)").contains("CWD");
            assertThat(lines.get(1)).startsWith("22222222-").contains("1970-01-01T00:00:03Z").contains("/work/beta");
            assertThat(lines.get(2)).startsWith("33333333-");
            assertThat(lines.get(3)).startsWith("11111111-");
            assertThat(lines.get(4)).isEqualTo("3 sessions");
        }

        @Test
        void json_gives_one_object_per_session_and_cwd_filters_by_working_directory() throws IOException {
            populate();
            CliRun r = run("sessions", "list", "--home", home.toString(), "--cwd", "/work/alpha", "--json");
            assertThat(r.code()).isEqualTo(ExitCodes.OK);
            List<JsonNode> rows = r.out().lines().map(SessionsCommandTest::json).toList();
            assertThat(rows).extracting(n -> n.get("id").asText()).containsExactly(
                    "33333333-cccc-4ccc-8ccc-000000000003", "11111111-aaaa-4aaa-8aaa-000000000001");
            assertThat(rows.get(0).get("path").asText()).endsWith("/sessions/--work-alpha--/33333333-cccc-4ccc-8ccc-000000000003/session.jsonl.zstd");
            assertThat(rows.get(0).get("createdAt").asLong()).isEqualTo(2_000);
        }

        @Test
        void a_missing_or_empty_home_says_plainly_there_are_no_sessions() throws IOException {
            CliRun missing = run("sessions", "list", "--home", home.resolve("nowhere").toString());
            assertThat(missing.code()).isEqualTo(ExitCodes.OK);
            assertThat(missing.out()).startsWith("No DSH sessions: there is no DSH home at " + home.resolve("nowhere"));
            CliRun noSessions = run("sessions", "list", "--home", home.toString());
            assertThat(noSessions.out()).contains("has no sessions folder yet");
            Files.createDirectories(home.resolve("sessions"));
            assertThat(run("sessions", "list", "--home", home.toString()).out()).startsWith("No DSH sessions under ");
            assertThat(run("sessions", "list", "--home", home.toString(), "--json").out()).isEmpty();
        }

        @Test
        void duplicates_and_legacy_flat_files_are_errors_naming_the_paths() throws IOException {
            populate();
            Path flat = home.resolve("sessions/--work-alpha--/old.jsonl");
            Files.writeString(flat, "{}\n");
            CliRun r = run("sessions", "list", "--home", home.toString());
            assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
            assertThat(r.err()).startsWith("dsh4j: ").contains(flat.toString()).contains("flat-file layout");
            r.hasNoStackTrace();
        }

        @Test
        void a_home_whose_sessions_entry_is_a_file_is_unavailable() throws IOException {
            Files.writeString(home.resolve("sessions"), "not a folder");
            CliRun r = run("sessions", "list", "--home", home.toString());
            assertThat(r.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
            assertThat(r.err()).contains("not a directory");
            r.hasNoStackTrace();
        }
    }

    @Nested
    class Show {
        @Test
        void shows_the_surface_of_a_session_found_by_id_or_a_unique_part_of_it() throws IOException {
            populate();
            CliRun r = run("sessions", "show", "--home", home.toString(), "22222222-bbbb-4bbb-8bbb-000000000002");
            assertThat(r.code()).isEqualTo(ExitCodes.OK);
            assertThat(r.out()).contains("── user · seq 1", "    Hello from 22222222", "── assistant · seq 3 · deepseek-v4-flash",
                    "    Hi there.\n    Second line.", "(thinking: 3 characters; --reasoning shows them)");
            CliRun part = run("sessions", "show", "--home", home.toString(), "--reasoning", "cccc");
            assertThat(part.code()).isEqualTo(ExitCodes.OK);
            assertThat(part.out()).contains("Hello from 33333333").contains("(thinking)\n      hmm");
            assertThat(part.err()).contains("the last turn was interrupted");
        }

        @Test
        void an_ambiguous_or_unknown_id_is_a_clear_error() throws IOException {
            populate();
            CliRun ambiguous = run("sessions", "show", "--home", home.toString(), "-4");
            assertThat(ambiguous.code()).isEqualTo(ExitCodes.USAGE);
            assertThat(ambiguous.err()).contains("matches 3 sessions");
            CliRun unknown = run("sessions", "show", "--home", home.toString(), "nope");
            assertThat(unknown.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
            assertThat(unknown.err()).contains("no session \"nope\"");
            unknown.hasNoStackTrace();
        }

        @Test
        void json_prints_one_message_per_line_with_its_seq() {
            CliRun r = run("sessions", "show", "--json", DAMAGED.resolve("intact.jsonl.zstd").toString());
            assertThat(r.code()).isEqualTo(ExitCodes.OK);
            List<JsonNode> rows = r.out().lines().map(SessionsCommandTest::json).toList();
            assertThat(rows).isNotEmpty();
            assertThat(rows.get(0).get("type").asText()).isEqualTo("user/message");
            assertThat(rows).allSatisfy(n -> assertThat(n.has("seq") && n.has("message")).isTrue());
        }

        @Test
        void a_corrupt_log_shows_what_precedes_the_damage_and_exits_1() {
            CliRun r = run("sessions", "show", DAMAGED.resolve("bitflip-middle-frame.jsonl.zstd").toString());
            assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
            assertThat(r.err()).contains("bitflip-middle-frame.jsonl.zstd: corrupt: frame failed validation").contains("(at byte 2724)");
            r.hasNoStackTrace();
        }

        @Test
        void a_session_directory_is_read_through_its_transcript() throws IOException {
            SessionStore store = populate();
            Path dir = store.find("11111111-aaaa-4aaa-8aaa-000000000001").orElseThrow().path().getParent();
            CliRun r = run("sessions", "show", dir.toString());
            assertThat(r.code()).isEqualTo(ExitCodes.OK);
            assertThat(r.out()).contains("Hello from 11111111");
            CliRun empty = run("sessions", "show", home.toString());
            assertThat(empty.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
            assertThat(empty.err()).contains("not a session directory");
        }
    }

    @Nested
    class Stats {
        @Test
        void json_has_exactly_the_promised_fields_and_matches_the_stats_fold() throws IOException {
            Path log = DAMAGED.resolve("intact.jsonl.zstd");
            CliRun r = run("sessions", "stats", "--json", log.toString());
            assertThat(r.code()).isEqualTo(ExitCodes.OK);
            JsonNode row = json(r.out().strip());
            List<String> fields = new ArrayList<>();
            for (Iterator<String> it = row.fieldNames(); it.hasNext(); ) fields.add(it.next());
            assertThat(fields).containsExactly("path", "id", "status", "events", "turns", "steps", "toolCalls", "toolErrors", "tokens");
            List<String> tokenFields = new ArrayList<>();
            row.get("tokens").fieldNames().forEachRemaining(tokenFields::add);
            assertThat(tokenFields).containsExactly("input", "output", "cacheRead", "reasoning");

            var log2 = SessionLogReader.read(log, SessionLogReader.Options.FIXTURE);
            SessionStats stats = new SessionStats(log2.header());
            log2.events().forEach(stats::accept);
            StatsTotals t = stats.totals();
            assertThat(row.get("status").asText()).isEqualTo("ok");
            assertThat(row.get("id").asText()).isEqualTo(log2.header().id());
            assertThat(row.get("events").asLong()).isEqualTo(log2.events().size()).isEqualTo(t.events());
            assertThat(row.get("turns").asLong()).isEqualTo(t.turns()).isEqualTo(1);
            assertThat(row.get("steps").asLong()).isEqualTo(t.steps()).isEqualTo(3);
            assertThat(row.get("toolCalls").asLong()).isEqualTo(t.toolCalls()).isEqualTo(2);
            assertThat(row.at("/tokens/output").asLong()).isEqualTo(t.tokens().output());
        }

        @Test
        void raw_and_zstd_twins_give_the_same_figures() {
            Path raw = Corpus.rawLogs().get(Corpus.rawLogs().size() / 2);
            CliRun a = run("sessions", "stats", "--json", raw.toString());
            CliRun b = run("sessions", "stats", "--json", Corpus.zstdTwinOf(raw).toString());
            JsonNode fromRaw = ((com.fasterxml.jackson.databind.node.ObjectNode) json(a.out())).without("path");
            JsonNode fromZstd = ((com.fasterxml.jackson.databind.node.ObjectNode) json(b.out())).without("path");
            assertThat((Object) fromRaw).isEqualTo(fromZstd);
        }

        @Test
        void a_table_has_one_row_per_log_and_statuses_are_ok_torn_or_corrupt() {
            CliRun r = run("sessions", "stats", DAMAGED.resolve("intact.jsonl.zstd").toString(),
                    DAMAGED.resolve("torn-mid-frame.jsonl.zstd").toString(), DAMAGED.resolve("bad-json-line.jsonl.zstd").toString());
            assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
            List<String> lines = r.out().lines().toList();
            assertThat(lines).hasSize(4);
            assertThat(lines.get(0)).startsWith("STATUS").contains("EVENTS", "TURNS", "STEPS", "TOOLS", "INPUT", "OUTPUT", "CACHE READ");
            assertThat(lines.get(1)).startsWith("ok ");
            assertThat(lines.get(2)).startsWith("torn ");
            assertThat(lines.get(3)).startsWith("corrupt ");
            assertThat(r.err()).contains("bad-json-line.jsonl.zstd: corrupt: unparsable record at line 4").contains("(at byte 131)");
            r.hasNoStackTrace();
        }

        @Test
        void a_file_that_is_not_a_session_is_reported_and_the_others_still_summarised() {
            CliRun r = run("sessions", "stats", "--json", DAMAGED.resolve("empty.jsonl.zstd").toString(),
                    DAMAGED.resolve("header-only.jsonl.zstd").toString());
            assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
            assertThat(r.err()).contains("empty.jsonl.zstd: not a session log");
            assertThat(r.out().lines()).hasSize(1);
            assertThat(json(r.out()).get("events").asLong()).isZero();
        }
    }

    @Nested
    class Verify {
        @Test
        void every_damaged_corpus_case_is_reported_with_its_outcome_and_byte_offset() throws IOException {
            JsonNode manifest = JSON.readTree(DAMAGED.resolve("MANIFEST.json").toFile());
            List<String> args = new ArrayList<>(List.of("sessions", "verify"));
            manifest.get("cases").fieldNames().forEachRemaining(n -> args.add(DAMAGED.resolve(n + ".jsonl.zstd").toString()));
            CliRun r = run(args.toArray(String[]::new));
            assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
            for (Iterator<String> it = manifest.get("cases").fieldNames(); it.hasNext(); ) {
                String name = it.next();
                String outcome = manifest.at("/cases/" + name + "/outcome").asText();
                String line = r.out().lines().filter(l -> l.startsWith(DAMAGED.resolve(name + ".jsonl.zstd") + ": ")).findFirst().orElseThrow();
                String expected = switch (outcome) {
                    case "ok" -> ": ok";
                    case "torn" -> ": torn at byte ";
                    case "corrupt" -> ": corrupt: ";
                    default -> ": not a session log: ";
                };
                assertThat(line).as(name).contains(expected);
                if (outcome.equals("corrupt")) assertThat(line).matches(".*\\(at byte \\d+\\)$");
            }
            r.hasNoStackTrace();
        }

        @Test
        void intact_logs_exit_0_and_a_missing_file_exits_3_naming_it() {
            CliRun ok = run("sessions", "verify", DAMAGED.resolve("intact.jsonl.zstd").toString(),
                    DAMAGED.resolve("torn-last-checksum-byte.jsonl.zstd").toString());
            assertThat(ok.code()).isEqualTo(ExitCodes.OK);
            CliRun missing = run("sessions", "verify", "/no/such/session.jsonl.zstd");
            assertThat(missing.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
            assertThat(missing.err()).isEqualTo("dsh4j: /no/such/session.jsonl.zstd: no such file or directory\n");
        }

        @Test
        void truncated_huge_and_hostile_files_get_a_status_never_a_stack_trace() throws IOException {
            byte[] intact = Files.readAllBytes(DAMAGED.resolve("intact.jsonl.zstd"));
            List<String> args = new ArrayList<>(List.of("sessions", "verify"));
            for (int cut : new int[] {1, 4, 5, 60, 200, intact.length / 2, intact.length - 1}) {
                Path p = home.resolve("cut-" + cut + ".jsonl.zstd");
                Files.write(p, java.util.Arrays.copyOf(intact, cut));
                args.add(p.toString());
            }
            byte[] noise = new byte[3_000_000];
            new java.util.Random(1).nextBytes(noise);
            Files.write(home.resolve("noise.jsonl.zstd"), noise);
            Files.write(home.resolve("noise.jsonl"), noise);
            args.add(home.resolve("noise.jsonl.zstd").toString());
            args.add(home.resolve("noise.jsonl").toString());
            Path huge = home.resolve("huge.jsonl");
            Files.writeString(huge, SessionHeader.create("h", 1, "/w").encode() + "\n" + "{\"type\":\"x\",\"data\":\"" + "y".repeat(70_000_000));
            args.add(huge.toString());
            CliRun r = run(args.toArray(String[]::new));
            assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
            assertThat(r.out().lines()).hasSize(args.size() - 2).allMatch(l -> l.matches(".*: (ok|torn at byte \\d+.*|corrupt: .* \\(at byte \\d+\\)|not a session log: .*)"));
            assertThat(r.out()).contains("cut-" + (intact.length - 1) + ".jsonl.zstd: torn at byte ");
            assertThat(r.out()).contains("huge.jsonl: torn at byte " + (SessionHeader.create("h", 1, "/w").encode().length() + 1));
            r.hasNoStackTrace();
        }

        @Test
        void help_describes_every_outcome_and_the_exit_codes() {
            CliRun r = run("sessions", "verify", "--help");
            assertThat(r.code()).isEqualTo(ExitCodes.OK);
            assertThat(r.out()).contains("torn at byte N").contains("corrupt: REASON (at byte N)").contains("Exit codes:");
            CliRun usage = run("sessions", "verify");
            assertThat(usage.code()).isEqualTo(ExitCodes.USAGE);
            assertThat(usage.err()).contains("Missing required parameter");
        }
    }

    @Nested
    class Languages {
        @Test
        void help_and_messages_come_in_chinese_under_zh_cn_while_status_lines_stay_english() throws IOException {
            populate();
            Locale.setDefault(Locale.SIMPLIFIED_CHINESE);
            CliRun help = run("sessions", "stats", "--help");
            assertThat(help.out()).contains("汇总会话日志").contains("显示此帮助信息并退出");
            CliRun list = run("sessions", "list", "--home", home.toString());
            assertThat(list.out()).contains("创建时间（UTC）").contains("3 个会话");
            CliRun missing = run("sessions", "show", "--home", home.toString(), "nope");
            assertThat(missing.err()).startsWith("dsh4j：").contains("没有会话 \"nope\"");
            CliRun verify = run("sessions", "verify", DAMAGED.resolve("torn-mid-frame.jsonl.zstd").toString());
            assertThat(verify.out()).contains(": torn at byte 4950");
        }

        @Test
        void every_message_key_has_a_chinese_text_and_every_help_key_too() {
            for (String bundle : List.of("io.dsh4j.app.sessions.Messages", "io.dsh4j.app.sessions.Help")) {
                java.util.ResourceBundle en = java.util.ResourceBundle.getBundle(bundle, Locale.ROOT);
                java.util.ResourceBundle zh = java.util.ResourceBundle.getBundle(bundle, Locale.SIMPLIFIED_CHINESE);
                assertThat(zh.getLocale()).isEqualTo(Locale.SIMPLIFIED_CHINESE);
                for (String key : en.keySet()) {
                    assertThat(((java.util.PropertyResourceBundle) zh).handleGetObject(key)).as(bundle + " " + key).isNotNull();
                }
            }
        }
    }

    static JsonNode json(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + line, e);
        }
    }
}
