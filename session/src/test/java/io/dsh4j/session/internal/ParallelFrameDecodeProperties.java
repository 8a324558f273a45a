package io.dsh4j.session.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.testkit.SessionLogBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterProperty;

/**
 * Issue 16, parallel zstd frame decode, as a law: for generated logs of many small frames, intact,
 * truncated at any byte, with a byte flipped or a run of bytes repeated, the pipeline's outcome
 * (events, positions, status with its reason and byte) is the sequential walk's.
 */
class ParallelFrameDecodeProperties {

    private final Path dir;

    ParallelFrameDecodeProperties() throws IOException {
        dir = Files.createTempDirectory("dsh4j-parallel-props");
    }

    @AfterProperty
    void cleanUp() throws IOException {
        try (var s = Files.list(dir)) {
            for (Path p : s.toList()) Files.deleteIfExists(p);
        }
    }

    static byte[] log(int turns, int linesPerFrame) {
        SessionLogBuilder b = SessionLogBuilder.session("p-" + turns, "/work/p");
        for (int t = 1; t <= turns; t++) {
            int turn = t;
            b.turn(turn, x -> x.user("question " + turn).assistant("answer " + turn + " " + "x".repeat(turn % 7 * 40)));
            b.event("session/title", "{\"title\":\"t" + turn + "\"}");
        }
        return b.zstd(linesPerFrame);
    }

    Path write(byte[] bytes) throws IOException {
        return Files.write(Files.createTempFile(dir, "log", ".jsonl.zstd"), bytes);
    }

    void assertSame(byte[] bytes) throws IOException {
        Path file = write(bytes);
        ParallelFrameDecodeTest.Outcome sequential = ParallelFrameDecodeTest.read(file, null);
        for (ParallelFrames shape : ParallelFrameDecodeTest.SHAPES) {
            assertThat(ParallelFrameDecodeTest.read(file, shape)).as(shape.toString()).isEqualTo(sequential);
        }
    }

    @Property(tries = 40)
    void a_truncated_log_reads_the_same_in_parallel(@ForAll @IntRange(min = 1, max = 12) int turns,
            @ForAll @IntRange(min = 1, max = 4) int linesPerFrame, @ForAll @IntRange(min = 0, max = 1000) int permille)
            throws IOException {
        byte[] log = log(turns, linesPerFrame);
        assertSame(Arrays.copyOf(log, (int) ((long) log.length * permille / 1000)));
    }

    @Property(tries = 60)
    void a_log_with_a_flipped_byte_reads_the_same_in_parallel(@ForAll @IntRange(min = 1, max = 12) int turns,
            @ForAll @IntRange(min = 1, max = 4) int linesPerFrame, @ForAll @IntRange(min = 0, max = 999) int permille,
            @ForAll @IntRange(min = 1, max = 255) int mask) throws IOException {
        byte[] log = log(turns, linesPerFrame);
        log[(int) ((long) log.length * permille / 1000)] ^= (byte) mask;
        assertSame(log);
    }

    @Property(tries = 30)
    void a_log_with_a_repeated_run_of_bytes_reads_the_same_in_parallel(@ForAll @IntRange(min = 1, max = 12) int turns,
            @ForAll @IntRange(min = 1, max = 4) int linesPerFrame, @ForAll @IntRange(min = 0, max = 999) int fromPermille,
            @ForAll @IntRange(min = 1, max = 300) int length) throws IOException {
        byte[] log = log(turns, linesPerFrame);
        int from = (int) ((long) log.length * fromPermille / 1000);
        int to = Math.min(log.length, from + length);
        byte[] out = new byte[log.length + (to - from)];
        System.arraycopy(log, 0, out, 0, to);
        System.arraycopy(log, from, out, to, log.length - from);
        assertSame(out);
    }
}
