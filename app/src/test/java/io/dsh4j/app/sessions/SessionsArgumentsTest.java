package io.dsh4j.app.sessions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.SessionLogWriter;
import io.dsh4j.session.SessionStore;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the issue promises of the command line beyond each command's job: every ID|PATH form, help
 * that lists the exit codes, arguments that make no sense, and error lines that say what is wrong
 * and where once.
 */
@ExtendWith(EnglishLocale.class)
class SessionsArgumentsTest {

    static final Path DAMAGED = Corpus.damagedDir();

    @TempDir Path home;

    @ParameterizedTest(name = "dsh4j sessions {0} --help")
    @ValueSource(strings = {"", "list", "show", "stats", "verify"})
    void every_sessions_command_help_lists_every_exit_code(String command) {
        CliRun r = command.isEmpty() ? CliRun.of("sessions", "--help") : CliRun.of("sessions", command, "--help");
        assertThat(r.code()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).startsWith("Usage: dsh4j sessions").contains("\nExit codes:\n");
        String codes = r.out().substring(r.out().indexOf("\nExit codes:\n"));
        for (int code : new int[] {ExitCodes.OK, ExitCodes.PROBLEM_FOUND, ExitCodes.USAGE, ExitCodes.INPUT_UNAVAILABLE, ExitCodes.INTERNAL}) {
            assertThat(codes).as("exit code %d", code).containsPattern("(?m)^\\s+" + code + "\\s+\\S");
        }
    }

    @Test
    void stats_takes_a_raw_log_any_zstd_name_a_session_directory_and_an_id_under_the_home() throws IOException {
        SessionStore store = SessionStore.open(home.resolve("sessions"), LogEncoding.ZSTD);
        SessionsCommandTest.write(store, "44444444-dddd-4ddd-8ddd-000000000004", 4_000, "/work/delta", true);
        Path dir = store.find("44444444-dddd-4ddd-8ddd-000000000004").orElseThrow().path().getParent();
        Path raw = Corpus.rawLogs().get(0);
        Path oddName = DAMAGED.resolve("intact.jsonl.zstd");

        CliRun r = CliRun.of("sessions", "stats", "--json", "--home", home.toString(), raw.toString(), oddName.toString(),
                dir.toString(), "dddd");

        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.OK);
        List<JsonNode> rows = r.out().lines().map(SessionsCommandTest::json).toList();
        assertThat(rows).extracting(n -> n.get("path").asText()).containsExactly(raw.toString(), oddName.toString(),
                dir.resolve("session.jsonl.zstd").toString(), dir.resolve("session.jsonl.zstd").toString());
        assertThat(rows).extracting(n -> n.get("status").asText()).containsOnly("ok");
        assertThat(rows.get(2)).isEqualTo(rows.get(3));
        assertThat(rows.get(2).get("turns").asLong()).isEqualTo(1);
        assertThat(rows.get(2).at("/tokens/input").asLong()).isEqualTo(10);
    }

    @Test
    void empty_arguments_are_usage_errors_that_say_so() {
        CliRun show = CliRun.of("sessions", "show", "");
        assertThat(show.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(show.err()).isEqualTo("dsh4j: an empty argument is neither a session id nor a path\n");
        CliRun cwd = CliRun.of("sessions", "list", "--home", home.toString(), "--cwd", " ");
        assertThat(cwd.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(cwd.err()).isEqualTo("dsh4j: --cwd needs a directory (it was empty)\n");
        CliRun noHome = CliRun.of("sessions", "list", "--home", "");
        assertThat(noHome.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(noHome.err()).isEqualTo("dsh4j: --home needs a directory (it was empty)\n");
        assertThat(noHome.out()).isEmpty();
    }

    @Test
    void unknown_subcommands_and_options_are_usage_errors_naming_them() {
        CliRun sub = CliRun.of("sessions", "frob");
        assertThat(sub.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(sub.err()).contains("'frob'").contains("dsh4j sessions --help");
        CliRun opt = CliRun.of("sessions", "verify", "--frob", DAMAGED.resolve("intact.jsonl.zstd").toString());
        assertThat(opt.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(opt.err()).contains("'--frob'");
    }

    @Test
    void a_corrupt_log_is_reported_once_per_command_with_file_reason_and_byte() throws IOException {
        Path log = DAMAGED.resolve("bad-json-line.jsonl.zstd");
        String status = "corrupt: unparsable record at line 4: invalid JSON: Unrecognized token 'not': was expecting a JSON value,"
                + " at offset 9 of the line, inside a complete frame (at byte 131)";
        CliRun verify = CliRun.of("sessions", "verify", log.toString());
        assertThat(verify.out()).isEqualTo(log + ": " + status + "\n");
        CliRun stats = CliRun.of("sessions", "stats", log.toString());
        assertThat(stats.err()).isEqualTo("dsh4j: " + log + ": " + status + "; figures cover the events before it\n");
        CliRun show = CliRun.of("sessions", "show", log.toString());
        assertThat(show.err()).isEqualTo("dsh4j: " + log + ": " + status + "\n");
        for (CliRun r : List.of(verify, stats, show)) assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);

        Path notALog = Files.writeString(home.resolve("notes.jsonl"), "root:x:0:0:root:/root:/bin/bash\n");
        CliRun header = CliRun.of("sessions", "verify", notALog.toString());
        assertThat(header.out()).isEqualTo(notALog + ": corrupt: invalid session header: not valid JSON: "
                + "Unrecognized token 'root': was expecting a JSON value (at byte 0)\n");
    }

    @Test
    void a_writer_built_home_lists_shows_and_verifies_clean() throws IOException {
        SessionStore store = SessionStore.open(home.resolve("sessions"), LogEncoding.ZSTD);
        SessionsCommandTest.write(store, "55555555-eeee-4eee-8eee-000000000005", 5_000, "/work/echo", true);
        SessionLogWriter open = store.create(io.dsh4j.session.event.SessionHeader.create("66666666-ffff", 6_000, "/work/echo"));
        open.append(List.of(io.dsh4j.session.event.SessionEvent.of(0, 6_000, new io.dsh4j.session.event.EventPayload.TurnStart(1))));

        CliRun list = CliRun.of("sessions", "list", "--home", home.toString(), "--cwd", "/work/echo");
        assertThat(list.out().lines()).hasSize(4).element(1, org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .startsWith("66666666-ffff");
        CliRun verify = CliRun.of("sessions", "verify", "--home", home.toString(), "55555555", "66666666");
        assertThat(verify.code()).isEqualTo(ExitCodes.OK);
        assertThat(verify.out().lines()).allMatch(l -> l.endsWith(": ok"));
        CliRun show = CliRun.of("sessions", "show", "--home", home.toString(), "66666666");
        assertThat(show.code()).isEqualTo(ExitCodes.OK);
        assertThat(show.out()).contains("(no messages)");
        assertThat(show.err()).contains("the last turn was interrupted");
    }
}
