package io.dsh4j.bench.events;

import io.dsh4j.message.json.JsonLimits;
import io.dsh4j.session.SessionStats;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.SessionLogDecoder;
import io.dsh4j.session.event.StorageCodec;
import io.dsh4j.session.event.StorageRecord;
import io.dsh4j.testkit.Corpus;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * Decoded JSONL → typed events, on one core, without I/O: the codec and log reader of
 * {@code io.dsh4j.session.event} (the store's end-to-end read benchmark adds file reading and zstd).
 *
 * <p>Input: one long session (≥ {@code targetMb} MB of JSONL) built by concatenating the current-format
 * corpus logs with real seqs and times (renumbered, one packed batch per source log). Figures are
 * milliseconds per full pass; MB/s = size / time (the size is printed at setup).
 * {@code decode} = lines to events (envelope, rows expanded, legacy checks); {@code decodePayloads}
 * also builds every typed payload; {@code stats} feeds the stats accumulator.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class EventDecodeBenchmark {

    @Param("60")
    public int targetMb;

    private byte[] text;
    private SessionHeader header;

    @Setup(Level.Trial)
    public void build() throws IOException {
        header = SessionHeader.create("bench", 1_700_000_000_000L, "/bench");
        List<List<SessionEvent>> sources = new ArrayList<>();
        for (Path log : Corpus.rawLogs()) {
            String s = Files.readString(log, StandardCharsets.UTF_8);
            try {
                SessionLogDecoder.DecodedLog d = SessionLogDecoder.readAll(s, SessionHeader.Mode.STRICT);
                d.events().forEach(SessionEvent::payload);
                if (!d.events().isEmpty()) sources.add(d.events());
            } catch (RuntimeException skipped) {
                // robustness fixtures are not benchmark material
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(targetMb << 20);
        out.write(header.encodeLine());
        long seq = 0;
        long time = 1_700_000_000_000L;
        while (out.size() < (long) targetMb << 20) {
            for (List<SessionEvent> events : sources) {
                List<SessionEvent> batch = new ArrayList<>(events.size());
                long base = seq;
                for (SessionEvent e : events) {
                    time += 7;
                    SessionEvent.Builder b = SessionEvent.builder(e.type(), seq++, time).data(e.data());
                    if (e.sourceEventSeqs() != null) b.sourceEventSeqs(e.sourceEventSeqs().stream().map(x -> x + base).toList());
                    if (e.surfaceOp() != null) b.surfaceOp(e.surfaceOp());
                    batch.add(b.build());
                }
                out.write(StorageCodec.encodeBatchUtf8(batch, true));
            }
        }
        text = out.toByteArray();
        System.out.printf("%n[EventDecodeBenchmark] input %.1f MB, %d events%n", text.length / 1048576.0, seq);
    }

    /** Size of the built input in bytes. */
    public int inputBytes() {
        return text.length;
    }

    private void each(Blackhole bh, boolean payloads, SessionStats stats) {
        int nl = indexOf(text, 0);
        SessionLogDecoder decoder = new SessionLogDecoder(header, SessionHeader.Mode.STRICT, JsonLimits.DEFAULTS);
        int start = nl + 1;
        while (start < text.length) {
            int end = indexOf(text, start);
            StorageRecord r = decoder.decodeRecord(text, start, end - start);
            decoder.accept(r, e -> {
                if (stats != null) stats.accept(e);
                else if (payloads) bh.consume(e.payload());
                else bh.consume(e);
            });
            start = end + 1;
        }
    }

    private static int indexOf(byte[] b, int from) {
        for (int i = from; i < b.length; i++) if (b[i] == '\n') return i;
        return b.length;
    }

    @Benchmark
    public void decode(Blackhole bh) {
        each(bh, false, null);
    }

    @Benchmark
    public void decodePayloads(Blackhole bh) {
        each(bh, true, null);
    }

    @Benchmark
    public Object stats(Blackhole bh) {
        SessionStats stats = new SessionStats(header);
        each(bh, true, stats);
        return stats.totals();
    }
}
