package io.dsh4j.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.internal.ZstdFrameEncoder;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Status lines (what {@code sessions verify} prints) name the problem and its place once: one byte
 * offset, no prefix said twice, no parser jargon where plain words do.
 */
class LogStatusMessageTest {

    @TempDir Path dir;

    static final String HEADER = SessionHeader.create("m", 1, "/w").encode() + "\n";
    static final String TURN_START = "{\"type\":\"turn/start\",\"seq\":0,\"time\":1,\"data\":{\"turn\":1}}\n";
    static final String TURN_END = "{\"type\":\"turn/end\",\"seq\":1,\"time\":2,\"data\":{\"turn\":1,\"reason\":{\"kind\":\"completed\"}}}\n";

    static LogStatus status(Path file) throws IOException {
        return SessionLogReader.stream(file, SessionLogReader.Options.FIXTURE, e -> { }).status();
    }

    Path raw(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    /** The checks every status line must pass: the offset said once, no echoed prefixes. */
    static void namesItsPlaceOnce(LogStatus status) {
        String line = status.describe();
        long offset = switch (status) {
            case LogStatus.Corrupt c -> c.offset();
            case LogStatus.Refused r -> r.offset();
            case LogStatus.Torn t -> t.truncateTo();
            default -> -1;
        };
        if (offset >= 0) {
            Matcher m = Pattern.compile("byte " + offset + "\\b").matcher(line);
            int times = 0;
            while (m.find()) times++;
            assertThat(times).as("byte %d named once in: %s", offset, line).isEqualTo(1);
        }
        assertThat(line).as(line).doesNotContain("(record)").doesNotContain("corrupt: corrupt").doesNotContain(") (")
                .doesNotContain("decoded byte").doesNotContain("JSON String, Number, Array");
    }

    @Test
    void every_damaged_corpus_case_names_its_problem_and_place_once() throws IOException {
        try (Stream<Path> files = Files.list(Corpus.damagedDir())) {
            List<Path> logs = files.filter(p -> p.toString().endsWith(".jsonl.zstd")).sorted().toList();
            assertThat(logs).hasSizeGreaterThanOrEqualTo(10);
            for (Path log : logs) namesItsPlaceOnce(status(log));
        }
    }

    @Test
    void an_unparsable_line_in_a_complete_frame_says_which_line_why_and_where_the_frame_starts() throws IOException {
        LogStatus s = status(Corpus.damagedDir().resolve("bad-json-line.jsonl.zstd"));
        assertThat(s.describe()).isEqualTo("corrupt: unparsable record at line 4: invalid JSON: Unrecognized token 'not':"
                + " was expecting a JSON value, at offset 9 of the line, inside a complete frame (at byte 131)");
    }

    @Test
    void a_frame_that_fails_its_checksum_and_a_frame_that_splits_a_line_say_so_in_plain_words() throws IOException {
        assertThat(status(Corpus.damagedDir().resolve("bitflip-middle-frame.jsonl.zstd")).describe())
                .isEqualTo("corrupt: frame failed validation: data corruption detected (at byte 2724)");
        assertThat(status(Corpus.damagedDir().resolve("frame-splits-a-line.jsonl.zstd")).describe())
                .isEqualTo("corrupt: a complete frame does not end with a newline, so a record is split across frames (at byte 131)");
    }

    @Test
    void a_first_line_that_is_not_json_is_an_invalid_session_header_at_byte_0() throws IOException {
        LogStatus s = status(raw("passwd.jsonl", "root:x:0:0:root:/root:/bin/bash\n"));
        assertThat(s.describe()).isEqualTo(
                "corrupt: invalid session header: not valid JSON: Unrecognized token 'root': was expecting a JSON value (at byte 0)");
        namesItsPlaceOnce(s);
        LogStatus retired = status(raw("retired.jsonl", HEADER.replace("}\n", ",\"sandboxMode\":\"x\"}\n")));
        assertThat(retired.describe()).isEqualTo(
                "corrupt: invalid session header: it carries retired policy baseline fields (sandboxMode) (at byte 0)");
    }

    @Test
    void raw_damage_before_a_turn_end_names_the_line_the_reason_and_the_byte_once() throws IOException {
        LogStatus s = status(raw("bad.jsonl", HEADER + TURN_START + "{garbage\n" + TURN_END.replace("\"seq\":1", "\"seq\":2")));
        namesItsPlaceOnce(s);
        assertThat(s.describe()).startsWith("corrupt: unparsable record at line 3: invalid JSON: ")
                .contains("at offset 1 of the line; a later record holds a turn/end")
                .endsWith("(at byte " + (HEADER.length() + TURN_START.length()) + ")");
        LogStatus gap = status(raw("gap.jsonl", HEADER + TURN_START + TURN_END.replace("\"seq\":1", "\"seq\":5")));
        namesItsPlaceOnce(gap);
        assertThat(gap.describe()).startsWith("corrupt: seq gap at line 3: expected 1, got 5; a later record holds a turn/end");
    }

    @Test
    void a_bad_envelope_names_the_record_type_and_field_but_not_an_empty_location() throws IOException {
        String badRow = "{\"type\":\"text-chunks\",\"seq0\":1,\"time0\":2,\"data\":{\"turn\":1,\"step\":1,\"index\":0,"
                + "\"dt\":[1],\"texts\":[\"a\",\"b\",\"c\"]}}\n";
        LogStatus s = status(raw("row.jsonl", HEADER + TURN_START + badRow + TURN_END.replace("\"seq\":1", "\"seq\":4")));
        namesItsPlaceOnce(s);
        assertThat(s.describe()).startsWith("corrupt: unparsable record at line 3 (text-chunks")
                .contains("dt length 1 does not match 3 members");
    }

    @Test
    void listing_names_the_path_and_the_header_frame_problem_in_one_sentence() throws IOException {
        Path root = dir.resolve("sessions");
        Path bad = root.resolve("--w--/m/session.jsonl.zstd");
        Files.createDirectories(bad.getParent());
        byte[] frame = ZstdFrameEncoder.encode(HEADER.getBytes(StandardCharsets.UTF_8));
        frame[frame.length - 1] ^= 0x40;
        Files.write(bad, frame);
        try {
            SessionStore.open(root, LogEncoding.ZSTD).list();
            throw new AssertionError("listing a corrupt header frame must fail");
        } catch (SessionStoreException e) {
            assertThat(e.getMessage()).isEqualTo("corrupt session log " + bad + ": header frame failed validation: "
                    + "restored data doesn't match checksum");
            assertThat(e.offset()).isZero();
        }
    }
}
