package io.dsh4j.bench.session;

import io.dsh4j.session.LogReadResult;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.event.SessionEvent;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Reading a long session log from disk into typed events, end to end on one thread: open, read,
 * (zstd: scan and decode every frame, verify its checksum), split lines, decode records, expand
 * packed rows, check the seq chain, load each event. Beside it the decompression floor: the
 * reference {@code zstd -d} tool decoding the same file to nowhere.
 *
 * <p>Input: {@link LongSession} of ≥ {@code targetMb} MiB decoded (printed at setup). Figures are
 * milliseconds per full read; MB/s = decoded MiB / seconds. {@code readZstd} / {@code readRaw} hand
 * each {@link SessionEvent} to a blackhole; {@code readZstdPayloads} also builds every typed payload;
 * {@code statsZstd} streams the log through the stats accumulator ({@code sessions stats});
 * {@code zstdToolFloor} runs {@code zstd -d -c -q --no-asyncio FILE > /dev/null} (the reference decoder's own
 * speed), {@code zstdToolDefault} the same with the tool's default asynchronous I/O, whose per-frame
 * thread hand-offs dominate on DSH's small frames (and swing with the machine's load).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g", "--enable-native-access=ALL-UNNAMED"})
public class SessionReadBenchmark {

    @Param("60")
    public int targetMb;

    private LongSession.Built files;

    @Setup(Level.Trial)
    public void build() throws IOException {
        files = LongSession.ofAtLeast(targetMb);
        System.out.printf("%n[SessionReadBenchmark] %.1f MiB decoded, %d events; zstd file %.1f MiB%n",
                files.decodedBytes() / 1048576.0, files.events(), java.nio.file.Files.size(files.zstd()) / 1048576.0);
    }

    /** The session files (for the drivers). */
    public LongSession.Built files() {
        return files;
    }

    static LogReadResult read(Path file, Blackhole bh) throws IOException {
        return intact(SessionLogReader.stream(file, bh::consume));
    }

    /** {@code r}, when the read ended ok; a benchmark over a damaged read would measure the wrong thing. */
    static LogReadResult intact(LogReadResult r) {
        if (!(r.status() instanceof LogStatus.Ok)) throw new IllegalStateException(r.describe());
        return r;
    }

    @Benchmark
    public Object readZstd(Blackhole bh) throws IOException {
        return read(files.zstd(), bh);
    }

    @Benchmark
    public Object readRaw(Blackhole bh) throws IOException {
        return read(files.raw(), bh);
    }

    @Benchmark
    public Object readZstdPayloads(Blackhole bh) throws IOException {
        return intact(SessionLogReader.stream(files.zstd(), e -> bh.consume(e.payload())));
    }

    @Benchmark
    public Object statsZstd() throws IOException {
        io.dsh4j.session.StatsVisitor stats = new io.dsh4j.session.StatsVisitor();
        intact(SessionLogReader.stream(files.zstd(), stats));
        return stats.totals();
    }

    @Benchmark
    public int zstdToolFloor() throws IOException, InterruptedException {
        return zstdTool(files.zstd(), true);
    }

    @Benchmark
    public int zstdToolDefault() throws IOException, InterruptedException {
        return zstdTool(files.zstd(), false);
    }

    /**
     * Runs {@code zstd -d -c -q [--no-asyncio] FILE} with its output discarded; returns its exit code.
     * ({@code --no-asyncio} exists since zstd 1.5.3.)
     */
    static int zstdTool(Path file, boolean synchronous) throws IOException, InterruptedException {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of("zstd", "-d", "-c", "-q"));
        if (synchronous) command.add("--no-asyncio");
        command.add(file.toString());
        Process p = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        int code = p.waitFor();
        if (code != 0) throw new IllegalStateException("zstd -d exited " + code);
        return code;
    }
}
