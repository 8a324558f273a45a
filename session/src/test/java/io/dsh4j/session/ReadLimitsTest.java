package io.dsh4j.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.internal.StoreLimits;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.HostileLogs;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reading limits of {@link StoreLimits} (issue 17: bounds with names): each one passed ends the
 * read with an outcome that names the limit and the byte, and no reader holds more than the input
 * window, one frame and one record. The shapes are those of the fuzz campaign's findings.
 */
class ReadLimitsTest {

    @TempDir
    Path dir;

    @Test
    void a_decompression_bomb_of_one_repeated_event_is_refused_at_its_frame_naming_the_ratio_rule() throws IOException {
        Path bomb = HostileLogs.repeatedEventBomb(dir.resolve("bomb.jsonl.zstd"), 1L << 30);
        AtomicLong events = new AtomicLong();
        LogReadResult r = SessionLogReader.stream(bomb, SessionLogReader.Options.FIXTURE, e -> events.incrementAndGet());
        assertThat(r.status()).isInstanceOf(LogStatus.Refused.class);
        assertThat(r.status().describe()).contains("MAX_DECODE_RATIO").contains("decompression bomb").endsWith("(at byte 94)");
        long allowed = StoreLimits.MAX_DECODE_RATIO * Files.size(bomb) + StoreLimits.DECODE_RATIO_SLACK;
        assertThat(r.decodedBytes()).isLessThanOrEqualTo(allowed);
        assertThat(events.get()).isPositive().isLessThan(allowed / 40);
    }

    @Test
    void a_gigabyte_of_newlines_in_one_frame_is_refused_by_the_ratio_rule() throws IOException {
        Path bomb = HostileLogs.newlineBomb(dir.resolve("newlines.jsonl.zstd"), 1L << 30);
        LogReadResult r = SessionLogReader.stream(bomb, SessionLogReader.Options.FIXTURE, e -> {});
        assertThat(r.status().describe()).startsWith("refused: ").contains("MAX_DECODE_RATIO").endsWith("(at byte 94)");
        assertThat(r.decodedBytes()).isLessThanOrEqualTo(StoreLimits.MAX_DECODE_RATIO * Files.size(bomb) + StoreLimits.DECODE_RATIO_SLACK);
    }

    @Test
    void the_lenient_reader_stops_a_bomb_at_its_frame_and_says_which_rule() throws IOException {
        Path bomb = HostileLogs.repeatedEventBomb(dir.resolve("bomb.jsonl.zstd"), 1L << 30);
        LenientLogReader.Result r = LenientLogReader.read(bomb, LenientLogReader.Limits.DEFAULTS, n -> {});
        assertThat(r.skipped()).isEqualTo(LenientLogReader.Skipped.DECODE_RATIO);
        assertThat(r.skippedAt()).isEqualTo(94);
        assertThat(r.header()).isNotNull();
    }

    @Test
    void a_record_split_across_two_huge_frames_stops_the_lenient_reader_without_growing_past_one_frame() throws IOException {
        Path split = HostileLogs.recordAcrossFrames(dir.resolve("split.jsonl.zstd"), 132L << 20);
        LenientLogReader.Result r = LenientLogReader.read(split, LenientLogReader.Limits.DEFAULTS, n -> {});
        assertThat(r.skipped()).isIn(LenientLogReader.Skipped.DECODE_RATIO, LenientLogReader.Skipped.FRAME_TOO_LARGE);
        assertThat(r.skippedAt()).isEqualTo(94);
        assertThat(r.plaintextBytes()).isLessThanOrEqualTo(StoreLimits.LENIENT_MAX_FRAME_BYTES + 200L);
    }

    @Test
    void a_record_longer_than_the_record_cap_carried_across_incompressible_frames_stops_the_lenient_reader_at_its_start()
            throws IOException {
        // two frames of incompressible text (the ratio rule does not apply) that hold one 66 MiB record
        Path split = dir.resolve("long-record.jsonl.zstd");
        SplittableRandom random = new SplittableRandom(17);
        try (OutputStream out = Files.newOutputStream(split)) {
            out.write(HostileLogs.frame((HostileLogs.HEADER + "\n").getBytes(StandardCharsets.UTF_8)));
            out.write(HostileLogs.frame(("{\"type\":\"user/message\",\"data\":{\"text\":\"" + noise(random, 33 << 20))
                    .getBytes(StandardCharsets.US_ASCII)));
            out.write(HostileLogs.frame((noise(random, 33 << 20) + "\"}}\n").getBytes(StandardCharsets.US_ASCII)));
        }
        LenientLogReader.Result r = LenientLogReader.read(split, LenientLogReader.Limits.DEFAULTS, n -> {});
        assertThat(r.skipped()).isEqualTo(LenientLogReader.Skipped.RECORD_TOO_LARGE);
        assertThat(r.skippedAt()).isEqualTo(HostileLogs.frame((HostileLogs.HEADER + "\n").getBytes(StandardCharsets.UTF_8)).length);
        assertThat(r.header()).isNotNull();
        assertThat(r.records()).isZero();
    }

    @Test
    void a_reader_that_keeps_every_event_refuses_the_event_past_its_cap_at_its_byte() throws IOException {
        Path many = HostileLogs.manySmallEvents(dir.resolve("many.jsonl"), 1_005);
        SessionLog log = SessionLogReader.read(many, SessionLogReader.Options.FIXTURE.withMaxEvents(1_000));
        assertThat(log.status()).isInstanceOf(LogStatus.Refused.class);
        assertThat(log.status().describe()).contains("more than 1000 events").contains("MAX_HELD_EVENTS");
        long headerLine = HostileLogs.HEADER.length() + 1;
        long eventLine = "{\"type\":\"session/title\",\"data\":{\"title\":\"t\"}}\n".length();
        assertThat(((LogStatus.Refused) log.status()).offset()).isEqualTo(headerLine + eventLine * 1_000);
        assertThat(log.events()).hasSize(1_000);
        assertThat(SessionLogReader.MAX_HELD_EVENTS).isEqualTo(StoreLimits.MAX_HELD_EVENTS);
        assertThat(SessionLogReader.read(many, SessionLogReader.Options.FIXTURE).status()).isEqualTo(new LogStatus.Ok());
    }

    @Test
    void a_streaming_read_has_no_event_cap() throws IOException {
        Path many = HostileLogs.manySmallEvents(dir.resolve("many.jsonl"), (int) StoreLimits.MAX_SURFACE_MESSAGES + 5);
        AtomicLong events = new AtomicLong();
        LogReadResult r = SessionLogReader.stream(many, SessionLogReader.Options.FIXTURE, e -> events.incrementAndGet());
        assertThat(r.status()).isEqualTo(new LogStatus.Ok());
        assertThat(events.get()).isEqualTo(StoreLimits.MAX_SURFACE_MESSAGES + 5);
    }

    @Test
    void a_frame_of_many_tiny_records_is_handed_out_in_bounded_batches_before_its_checksum() throws IOException {
        Path bomb = HostileLogs.repeatedEventBomb(dir.resolve("bomb.jsonl.zstd"), 4L << 20);
        List<Long> positions = new ArrayList<>();
        LogReadResult r = SessionLogReader.stream(bomb, SessionLogReader.Options.FIXTURE, new SessionLogVisitor() {
            @Override
            public void position(long fileOffset) {
                positions.add(fileOffset);
            }

            @Override
            public void event(SessionEvent event) {}
        });
        assertThat(r.status()).isEqualTo(new LogStatus.Ok());
        assertThat(positions).isNotEmpty().allMatch(p -> p == 94);
        assertThat(r.events()).isEqualTo((4L << 20) / "{\"type\":\"session/title\",\"data\":{\"title\":\"t\"}}\n".length());
    }

    @Test
    void every_corpus_log_reads_as_before_under_the_limits() throws IOException {
        List<Path> logs = new ArrayList<>(Corpus.rawLogs());
        logs.addAll(Corpus.zstdLogs());
        for (Path log : logs) {
            LogReadResult r = SessionLogReader.stream(log, SessionLogReader.Options.FIXTURE, e -> {});
            assertThat(r.status().describe()).as(Corpus.nameOf(log)).doesNotContain("(limit ");
            LenientLogReader.Result lenient = LenientLogReader.read(log, LenientLogReader.Limits.DEFAULTS, n -> {});
            assertThat(lenient.skipped()).as(Corpus.nameOf(log)).isNull();
        }
    }

    private static String noise(SplittableRandom random, int chars) {
        byte[] bytes = new byte[chars * 3 / 4];
        random.nextBytes(bytes);
        return Base64.getEncoder().withoutPadding().encodeToString(bytes).replace('+', 'a').replace('/', 'b');
    }
}
