package io.dsh4j.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.internal.StoreLimits;
import io.dsh4j.session.internal.ZstdFrameEncoder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hostile and huge input: every cap holds and every outcome is a clear status, never an exception. */
class HostileLogTest {

    @TempDir Path dir;

    static final byte[] HEADER_FRAME = ZstdFrameEncoder.encode(SessionHeader.create("h", 1, "/w").encodeLine());

    /** A frame of run-length blocks of {@code fill}, 128 KiB each, then one block of {@code tail}; no checksum. */
    static byte[] rleFrame(int windowDescriptor, byte fill, long fillBlocks, byte tail) {
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        f.writeBytes(new byte[] {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd, 0x00, (byte) windowDescriptor});
        int size = 128 * 1024;
        for (long i = 0; i < fillBlocks; i++) block(f, false, size, fill);
        block(f, true, 1, tail);
        return f.toByteArray();
    }

    static void block(ByteArrayOutputStream f, boolean last, int size, byte value) {
        int header = (last ? 1 : 0) | (1 << 1) | (size << 3);
        f.write(header & 0xFF);
        f.write((header >>> 8) & 0xFF);
        f.write((header >>> 16) & 0xFF);
        f.write(value);
    }

    Path file(String name, byte[]... parts) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        Path p = dir.resolve(name);
        Files.write(p, out.toByteArray());
        return p;
    }

    @Test
    void a_frame_asking_for_a_window_beyond_the_cap_fails_validation_without_allocating_it() throws IOException {
        int windowLog = StoreLimits.MAX_WINDOW_LOG + 4;
        Path p = file("window.jsonl.zstd", HEADER_FRAME, rleFrame((windowLog - 10) << 3, (byte) 'a', 0, (byte) '\n'));
        LogReadResult r = SessionLogReader.stream(p, e -> { });
        assertThat(r.status()).isInstanceOfSatisfying(LogStatus.Corrupt.class, c -> {
            assertThat(c.offset()).isEqualTo(HEADER_FRAME.length);
            assertThat(c.reason()).startsWith("frame failed validation");
        });
    }

    @Test
    void a_record_longer_than_the_cap_is_damage_and_is_never_buffered() throws IOException {
        // raw, so that no decode rule stops the read first: one line past the record cap, then a turn/end
        Path p = dir.resolve("long-record.jsonl");
        try (java.io.OutputStream out = Files.newOutputStream(p)) {
            out.write((SessionHeader.create("h", 1, "/w").encode() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            byte[] block = new byte[1 << 20];
            java.util.Arrays.fill(block, (byte) 'a');
            for (int i = 0; i <= StoreLimits.MAX_RECORD_BYTES / block.length; i++) out.write(block);
            out.write("\n{\"type\":\"turn/end\",\"data\":{\"turn\":1,\"reason\":\"completed\"}}\n"
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        LogReadResult r = SessionLogReader.stream(p, e -> { });
        assertThat(r.status()).isInstanceOfSatisfying(LogStatus.Corrupt.class,
                c -> assertThat(c.reason()).contains("longer than " + StoreLimits.MAX_RECORD_BYTES + " bytes"));
        assertThat(r.decodedBytes()).isGreaterThan(StoreLimits.MAX_RECORD_BYTES);
    }

    @Test
    void a_decompression_bomb_is_refused_by_the_ratio_rule_long_before_the_frame_cap() throws IOException {
        long blocks = StoreLimits.MAX_FRAME_DECODED_BYTES / (128 * 1024) + 2;
        Path p = file("bomb.jsonl.zstd", HEADER_FRAME, rleFrame(0x58, (byte) 'a', blocks, (byte) '\n'));
        assertThat(Files.size(p)).isLessThan(64 * 1024 + HEADER_FRAME.length);
        LogReadResult r = SessionLogReader.stream(p, e -> { });
        assertThat(r.status()).isInstanceOfSatisfying(LogStatus.Refused.class, c -> {
            assertThat(c.reason()).contains("limit MAX_DECODE_RATIO");
            assertThat(c.offset()).isEqualTo(HEADER_FRAME.length);
        });
        assertThat(r.decodedBytes()).isLessThan(StoreLimits.MAX_DECODE_RATIO * Files.size(p) + StoreLimits.DECODE_RATIO_SLACK);
    }

    @Test
    void a_flood_of_damaged_records_after_the_first_is_corruption_and_lines_that_cannot_end_a_turn_are_not_decoded()
            throws IOException {
        String header = SessionHeader.create("h", 1, "/w").encode() + "\n";
        String flood = header + "{bad\n" + "{\\u\n".repeat(StoreLimits.MAX_DAMAGED_RECORDS_AFTER_ISSUE + 1);
        assertThat(SessionLogReader.stream(file("flood.jsonl", flood.getBytes()), e -> { }).status())
                .isInstanceOfSatisfying(LogStatus.Corrupt.class, c -> {
                    assertThat(c.offset()).isEqualTo(header.length());
                    assertThat(c.reason()).contains("more than " + StoreLimits.MAX_DAMAGED_RECORDS_AFTER_ISSUE + " more damaged records");
                });
        String blank = header + "{bad\n" + "\n".repeat(2_000_000) + "x\n".repeat(1_000_000);
        assertThat(SessionLogReader.stream(file("blank.jsonl", blank.getBytes()), e -> { }).status())
                .isEqualTo(new LogStatus.Torn(header.length(), 0));
    }

    @Test
    void a_raw_header_line_beyond_the_cap_is_corruption_and_random_bytes_are_not_a_session_or_corrupt() throws IOException {
        byte[] longHeader = ("{\"type\":\"session\",\"id\":\"" + "x".repeat(StoreLimits.MAX_HEADER_BYTES) + "\"}\n").getBytes();
        assertThat(SessionLogReader.stream(file("long.jsonl", longHeader), e -> { }).status())
                .isInstanceOfSatisfying(LogStatus.Corrupt.class, c -> assertThat(c.reason()).contains("header record is more than"));
        byte[] noise = new byte[100_000];
        new java.util.Random(7).nextBytes(noise);
        for (int i = 0; i < noise.length; i++) if (noise[i] == '\n') noise[i] = ' ';
        assertThat(SessionLogReader.stream(file("noise.jsonl", noise), e -> { }).status()).isInstanceOf(LogStatus.NotASession.class);
        noise[0] = 0x28;
        assertThat(SessionLogReader.stream(file("noise.jsonl.zstd", noise), e -> { }).status()).isInstanceOf(LogStatus.Corrupt.class);
    }

    @Test
    void a_raw_file_given_a_zstd_name_or_the_reverse_reads_as_its_content_says_by_name() throws IOException {
        byte[] raw = (SessionHeader.create("h", 1, "/w").encode() + "\n").getBytes(StandardCharsets.UTF_8);
        LogReadResult r = SessionLogReader.stream(file("named-wrong.jsonl.zstd", raw), e -> { });
        assertThat(r.status()).isInstanceOfSatisfying(LogStatus.Corrupt.class,
                c -> assertThat(c.describe()).isEqualTo("corrupt: invalid frame magic (at byte 0)"));
        assertThat(SessionLogReader.encodingOf(file("unnamed", HEADER_FRAME))).isEqualTo(LogEncoding.ZSTD);
        assertThat(SessionLogReader.encodingOf(file("unnamed-raw", raw))).isEqualTo(LogEncoding.RAW);
    }
}
