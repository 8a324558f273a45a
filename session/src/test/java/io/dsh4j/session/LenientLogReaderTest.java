package io.dsh4j.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** attention-health spec §2.3–2.4: the plugin's lenient reading, frame by frame with failure accounting. */
class LenientLogReaderTest {

    static final Path DAMAGED = Corpus.damagedDir();
    @TempDir Path dir;

    static LenientLogReader.Result read(Path file, List<JsonNode> into) throws IOException {
        return LenientLogReader.read(file, LenientLogReader.Limits.DEFAULTS, into::add);
    }

    static long lines(Path expected) throws IOException {
        return Files.readAllLines(expected).size();
    }

    @Test
    void an_intact_log_gives_its_header_and_every_record_in_file_order() throws IOException {
        List<JsonNode> records = new ArrayList<>();
        LenientLogReader.Result r = read(DAMAGED.resolve("intact.jsonl.zstd"), records);
        assertThat(r.header().get("type").asText()).isEqualTo("session");
        assertThat(r.frames()).isEqualTo(11);
        assertThat(r.failedFrames()).isZero();
        assertThat(r.tornStart()).isEqualTo(-1);
        assertThat(r.records()).isEqualTo(records.size()).isEqualTo(lines(DAMAGED.resolve("intact.expected.jsonl")) - 1);
        assertThat(r.plaintextBytes()).isEqualTo(Files.size(DAMAGED.resolve("intact.expected.jsonl")));
        assertThat(records.get(0).get("type").asText()).isEqualTo("agent/inbox/spliced");
    }

    @Test
    void a_frame_that_fails_to_decode_is_counted_and_skipped_and_later_frames_still_read() throws IOException {
        List<JsonNode> intact = new ArrayList<>();
        read(DAMAGED.resolve("intact.jsonl.zstd"), intact);
        List<JsonNode> records = new ArrayList<>();
        LenientLogReader.Result r = read(DAMAGED.resolve("bitflip-middle-frame.jsonl.zstd"), records);
        assertThat(r.failedFrames()).isEqualTo(1);
        assertThat(r.frames()).isEqualTo(11);
        assertThat(records).isNotEmpty().hasSizeLessThan(intact.size());
        assertThat(records.get(records.size() - 1)).isEqualTo(intact.get(intact.size() - 1));
    }

    @Test
    void a_torn_last_frame_contributes_nothing_and_unparsable_lines_are_counted() throws IOException {
        LenientLogReader.Result torn = read(DAMAGED.resolve("torn-last-checksum-byte.jsonl.zstd"), new ArrayList<>());
        assertThat(torn.tornStart()).isEqualTo(4950);
        assertThat(torn.frames()).isEqualTo(10);
        LenientLogReader.Result bad = read(DAMAGED.resolve("bad-json-line.jsonl.zstd"), new ArrayList<>());
        assertThat(bad.parseErrors()).isEqualTo(1);
        LenientLogReader.Result split = read(DAMAGED.resolve("frame-splits-a-line.jsonl.zstd"), new ArrayList<>());
        assertThat(split.parseErrors()).isZero();
        assertThat(split.records()).isEqualTo(lines(DAMAGED.resolve("intact.expected.jsonl")) - 1);
    }

    @Test
    void structural_damage_is_an_error_naming_the_byte_and_an_empty_file_has_no_header() throws IOException {
        assertThatThrownBy(() -> read(DAMAGED.resolve("trailing-garbage.jsonl.zstd"), new ArrayList<>()))
                .isInstanceOf(SessionStoreException.class).hasMessageContaining("invalid frame magic at byte 5040");
        LenientLogReader.Result empty = read(DAMAGED.resolve("empty.jsonl.zstd"), new ArrayList<>());
        assertThat(empty.header()).isNull();
        assertThat(empty.records()).isZero();
    }

    @Test
    void the_limits_skip_a_large_input_stop_before_too_much_text_and_cap_the_frames() throws IOException {
        Path log = DAMAGED.resolve("intact.jsonl.zstd");
        LenientLogReader.Result big = LenientLogReader.read(log, new LenientLogReader.Limits(100, 10, 1 << 20), e -> { });
        assertThat(big.skipped()).isEqualTo(LenientLogReader.Skipped.INPUT_TOO_LARGE);
        assertThat(big.records()).isZero();
        LenientLogReader.Result text = LenientLogReader.read(log, new LenientLogReader.Limits(1 << 20, 100, 2000), e -> { });
        assertThat(text.skipped()).isEqualTo(LenientLogReader.Skipped.PLAINTEXT_TOO_LARGE);
        assertThat(text.plaintextBytes()).isLessThanOrEqualTo(2000).isPositive();
        LenientLogReader.Result frames = LenientLogReader.read(log, new LenientLogReader.Limits(1 << 20, 3, 1 << 20), e -> { });
        assertThat(frames.frames()).isEqualTo(3);
        assertThat(frames.tornStart()).isEqualTo(-1);
    }

    @Test
    void raw_logs_keep_every_parsable_line_including_a_final_fragment_and_unknown_types() throws IOException {
        Path raw = dir.resolve("session.jsonl");
        Files.writeString(raw, "\n{\"type\":\"session\",\"id\":\"x\"}\n  \n{\"type\":\"future/x\",\"seq\":9}\nnot json\n{\"type\":\"session\",\"id\":\"y\"}\n{\"type\":\"é\"}");
        List<JsonNode> records = new ArrayList<>();
        LenientLogReader.Result r = read(raw, records);
        assertThat(r.header().get("id").asText()).isEqualTo("x");
        assertThat(records).extracting(n -> n.get("type").asText()).containsExactly("future/x", "session", "é");
        assertThat(r.parseErrors()).isEqualTo(1);
        assertThat(r.plaintextChars()).isEqualTo(Files.readString(raw).length());
    }

    @Test
    void header_only_reads_the_first_frame_or_line_and_fails_soft() throws IOException {
        assertThat(LenientLogReader.header(DAMAGED.resolve("intact.jsonl.zstd"))).get()
                .extracting(n -> n.get("id").asText()).isEqualTo("736c4bd8-41bd-43fb-9030-b4df3b2a4f83");
        assertThat(LenientLogReader.header(DAMAGED.resolve("empty.jsonl.zstd"))).isEmpty();
        assertThat(LenientLogReader.header(DAMAGED.resolve("torn-header.jsonl.zstd"))).isEmpty();
        Path raw = dir.resolve("r.jsonl");
        Files.writeString(raw, "\n\n{\"type\":\"session\",\"id\":\"r\"}\n");
        assertThat(LenientLogReader.header(raw)).get().extracting(n -> n.get("id").asText()).isEqualTo("r");
        Files.writeString(raw, "{\"type\":\"turn/start\"}\n");
        assertThat(LenientLogReader.header(raw)).isEmpty();
    }

    /** The original splits Node's decoding of the log and keeps what {@code trim()} and {@code JSON.parse} keep. */
    @org.junit.jupiter.api.Nested
    class JavaScriptLineRules {

        @Test
        void a_line_of_only_unicode_white_space_is_blank_not_a_parse_error() throws IOException {
            Path raw = dir.resolve("ws.jsonl");
            Files.writeString(raw, "{\"type\":\"session\",\"id\":\"w\"}\n\u00a0\u3000\u2028\ufeff \t\n\u202f\n{\"type\":\"x\"}\n");
            LenientLogReader.Result r = read(raw, new ArrayList<>());
            assertThat(r.parseErrors()).isZero();
            assertThat(r.records()).isEqualTo(1);
            assertThat(r.plaintextChars()).isEqualTo(Files.readString(raw).length());
        }

        @Test
        void next_line_u0085_is_not_white_space() throws IOException {
            Path raw = dir.resolve("nel.jsonl");
            Files.writeString(raw, "{\"type\":\"session\",\"id\":\"n\"}\n\u0085\n");
            assertThat(read(raw, new ArrayList<>()).parseErrors()).isEqualTo(1);
        }

        @Test
        void a_line_that_starts_with_a_byte_order_mark_is_a_parse_error_even_the_header() throws IOException {
            Path raw = dir.resolve("bom.jsonl");
            Files.writeString(raw, "\ufeff{\"type\":\"session\",\"id\":\"b\"}\n{\"type\":\"x\"}\n");
            LenientLogReader.Result r = read(raw, new ArrayList<>());
            assertThat(r.header()).isNull();
            assertThat(r.parseErrors()).isEqualTo(1);
            assertThat(r.firstBadLine()).isEqualTo(1);
            assertThat(r.firstBadLineOffset()).isZero();
            assertThat(LenientLogReader.header(raw)).isEmpty();
        }

        @Test
        void ill_formed_utf8_inside_a_string_reads_as_replacement_characters() throws IOException {
            Path raw = dir.resolve("bad-utf8.jsonl");
            byte[] head = "{\"type\":\"session\",\"id\":\"u\"}\n{\"type\":\"x\",\"t\":\"a".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            byte[] bad = {(byte) 0xC3, (byte) 0xED, (byte) 0xA0, (byte) 0x80, (byte) 0xFF};
            byte[] tail = "b\"}\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            bytes.writeBytes(head);
            bytes.writeBytes(bad);
            bytes.writeBytes(tail);
            Files.write(raw, bytes.toByteArray());
            List<JsonNode> records = new ArrayList<>();
            LenientLogReader.Result r = read(raw, records);
            assertThat(r.parseErrors()).isZero();
            // C3 (truncated), ED, A0, 80 (a surrogate is ill-formed byte by byte), FF: five U+FFFD
            assertThat(records).singleElement().extracting(n -> n.get("t").asText()).isEqualTo("a\ufffd\ufffd\ufffd\ufffd\ufffdb");
            assertThat(r.plaintextChars()).isEqualTo(head.length + 5 + tail.length);
        }

        @Test
        void the_first_unparsable_line_is_located_by_line_and_byte_raw_and_by_frame_zstd() throws IOException {
            String first = "{\"type\":\"session\",\"id\":\"l\"}\n{\"type\":\"a\"}\n";
            String second = "{\"type\":\"b\"}\n{oops\n{also bad\n";
            Path raw = dir.resolve("loc.jsonl");
            Files.writeString(raw, first + second);
            LenientLogReader.Result r = read(raw, new ArrayList<>());
            assertThat(r.parseErrors()).isEqualTo(2);
            assertThat(r.firstBadLine()).isEqualTo(4);
            assertThat(r.firstBadLineOffset()).isEqualTo((first + "{\"type\":\"b\"}\n").length());

            Path zstd = dir.resolve("loc.jsonl.zstd");
            byte[] frame1 = io.dsh4j.session.internal.ZstdFrameEncoder.encode(first.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            byte[] frame2 = io.dsh4j.session.internal.ZstdFrameEncoder.encode(second.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            java.io.ByteArrayOutputStream file = new java.io.ByteArrayOutputStream();
            file.writeBytes(frame1);
            file.writeBytes(frame2);
            Files.write(zstd, file.toByteArray());
            LenientLogReader.Result z = read(zstd, new ArrayList<>());
            assertThat(z.parseErrors()).isEqualTo(2);
            assertThat(z.firstBadLine()).isEqualTo(4);
            assertThat(z.firstBadLineOffset()).isEqualTo(frame1.length);
        }

        @Test
        void a_clean_log_has_no_first_bad_line() throws IOException {
            LenientLogReader.Result r = read(DAMAGED.resolve("intact.jsonl.zstd"), new ArrayList<>());
            assertThat(r.firstBadLine()).isEqualTo(-1);
            assertThat(r.firstBadLineOffset()).isEqualTo(-1);
        }
    }
}
