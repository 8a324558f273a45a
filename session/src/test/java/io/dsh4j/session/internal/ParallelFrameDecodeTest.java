package io.dsh4j.session.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.luben.zstd.ZstdCompressCtx;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.SessionLogBuilder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, parallel zstd frame decode: the pipeline gives the record scanner the very calls the
 * sequential walk gives it — same events, same status (reason and byte), same limits — on the
 * corpus, on the damaged corpus cases and on hostile frames; and it applies only where it should.
 */
class ParallelFrameDecodeTest {

    /** Sequential, then pipelines of different widths and batch sizes (batches of 1–2 frames fill the pipeline on small logs). */
    static final List<ParallelFrames> SHAPES = List.of(new ParallelFrames(1, 1), new ParallelFrames(2, 2), new ParallelFrames(2, 3),
            new ParallelFrames(3, 512));

    /** Everything a read hands out and ends with. */
    record Outcome(String label, String status, SessionHeader header, List<SessionEvent> events, List<Long> positions, long delivered,
            long decoded, String end) {}

    static Outcome read(Path file, ParallelFrames parallel) throws IOException {
        List<SessionHeader> headers = new ArrayList<>();
        List<SessionEvent> events = new ArrayList<>();
        List<Long> positions = new ArrayList<>();
        RecordScanner<SessionHeader, ?, SessionEvent> scanner = new RecordScanner<>(
                new SessionRecordCodec(SessionHeader.Mode.FIXTURE), true, headers::add, events::add);
        scanner.reportingPositions(positions::add);
        try (FileChannel ch = FileChannel.open(file)) {
            ZstdFrameWalker.End end = ZstdFrameWalker.walk(ch, scanner, parallel);
            LogStatus status = scanner.finishZstd(end);
            return new Outcome(status.label(), status.describe(), scanner.header(), events, positions, scanner.delivered(),
                    scanner.decodedBytes(), end.toString());
        }
    }

    static void assertSameInParallel(Path file) throws IOException {
        Outcome sequential = read(file, null);
        for (ParallelFrames shape : SHAPES) {
            assertThat(read(file, shape)).as(file + " with " + shape).isEqualTo(sequential);
        }
    }

    @Test
    void every_corpus_zstd_log_decodes_in_parallel_to_the_same_events_and_status() throws IOException {
        List<Path> logs = Corpus.zstdLogs();
        assertThat(logs).isNotEmpty();
        for (Path log : logs) assertSameInParallel(log);
    }

    @Test
    void every_damaged_corpus_case_gets_the_same_outcome_at_the_same_byte_in_parallel() throws IOException {
        JsonNode cases = new ObjectMapper().readTree(Corpus.damagedDir().resolve("MANIFEST.json").toFile()).get("cases");
        List<Path> files;
        try (Stream<Path> s = Files.list(Corpus.damagedDir())) {
            files = s.filter(p -> p.toString().endsWith(".jsonl.zstd")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThan(5);
        for (Path f : files) {
            String name = f.getFileName().toString().replace(".jsonl.zstd", "");
            Outcome sequential = read(f, null);
            String expected = cases.path(name).path("outcome").asText();
            assertThat(sequential.label()).as(name).isEqualTo(expected);
            for (ParallelFrames shape : SHAPES) assertThat(read(f, shape)).as(name + " with " + shape).isEqualTo(sequential);
        }
    }

    @Test
    void a_bomb_frame_is_refused_with_the_same_limit_and_byte_in_parallel(@TempDir Path dir) throws IOException {
        // given: a log whose fourth frame declares 6 MiB of one repeated event — far past 100 × its compressed size
        SessionLogBuilder log = SessionLogBuilder.session("bomb", "/work/p");
        for (int i = 0; i < 6; i++) log.event("session/title", "{\"title\":\"t" + i + "\"}");
        byte[] body = log.zstd(2);
        String line = "{\"type\":\"session/title\",\"seq\":6,\"time\":1,\"data\":{\"title\":\"x\"}}\n";
        byte[] bomb = compress(line.repeat(6 * 1024 * 1024 / line.length()));
        Path file = Files.write(dir.resolve("session.jsonl.zstd"), concat(body, bomb, compress(line)));
        // when / then
        Outcome sequential = read(file, null);
        assertThat(sequential.status()).startsWith("refused").contains("MAX_DECODE_RATIO").contains("(at byte " + body.length + ")");
        for (ParallelFrames shape : SHAPES) assertThat(read(file, shape)).as(shape.toString()).isEqualTo(sequential);
    }

    @Test
    void a_corrupt_frame_among_many_stops_the_read_at_its_start_and_later_frames_are_not_handed_over(@TempDir Path dir)
            throws IOException {
        // given: 40 frames of one event each; frame 25's payload has a flipped byte (its checksum fails)
        SessionLogBuilder log = SessionLogBuilder.session("flip", "/work/p");
        for (int i = 0; i < 40; i++) log.event("session/title", "{\"title\":\"title number " + i + "\"}");
        List<byte[]> frames = new ArrayList<>();
        List<String> lines = log.lines();
        for (String l : lines) frames.add(compress(l + "\n"));
        long at = 0;
        for (int i = 0; i < 26; i++) at += frames.get(i).length;
        byte[] damaged = frames.get(26).clone();
        damaged[damaged.length / 2] ^= 0x5A;
        frames.set(26, damaged);
        Path file = Files.write(dir.resolve("session.jsonl.zstd"), concat(frames.toArray(byte[][]::new)));
        // when / then
        Outcome sequential = read(file, null);
        assertThat(sequential.status()).startsWith("corrupt").contains("(at byte " + at + ")");
        assertThat(sequential.events()).hasSize(25);
        for (ParallelFrames shape : SHAPES) assertThat(read(file, shape)).as(shape.toString()).isEqualTo(sequential);
    }

    @Test
    void a_small_log_and_a_switched_off_pipeline_are_read_on_the_calling_thread(@TempDir Path dir) throws IOException {
        Path small = Files.write(dir.resolve("small.jsonl.zstd"), SessionLogBuilder.session("s", "/w").zstd(1));
        Path big = dir.resolve("big.jsonl.zstd");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(StoreLimits.PARALLEL_DECODE_MIN_FILE_BYTES);
        }
        String before = System.getProperty(ParallelFrames.THREADS_PROPERTY);
        try (FileChannel s = FileChannel.open(small); FileChannel b = FileChannel.open(big)) {
            System.setProperty(ParallelFrames.THREADS_PROPERTY, "4");
            assertThat(ParallelFrames.forChannel(s)).isNull();
            assertThat(ParallelFrames.forChannel(b)).isEqualTo(new ParallelFrames(3));
            System.setProperty(ParallelFrames.THREADS_PROPERTY, "2");
            assertThat(ParallelFrames.forChannel(b)).isEqualTo(new ParallelFrames(1));
            System.setProperty(ParallelFrames.THREADS_PROPERTY, "1");
            assertThat(ParallelFrames.forChannel(b)).isNull();
            System.setProperty(ParallelFrames.THREADS_PROPERTY, "0");
            assertThat(ParallelFrames.forChannel(b)).isNull();
        } finally {
            if (before == null) System.clearProperty(ParallelFrames.THREADS_PROPERTY);
            else System.setProperty(ParallelFrames.THREADS_PROPERTY, before);
        }
    }

    static byte[] compress(String text) {
        try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
            ctx.setLevel(3).setChecksum(true);
            return ctx.compress(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }
}
