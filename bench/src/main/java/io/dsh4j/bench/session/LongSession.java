package io.dsh4j.bench.session;

import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.SessionLayout;
import io.dsh4j.session.SessionLogWriter;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.SessionLogDecoder;
import io.dsh4j.session.event.SurfaceOp;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One long session for the read benchmarks, written to disk by dsh4j's own writer: the
 * current-format corpus logs that load under DSH's rules, concatenated over and over with seqs
 * renumbered (surface citations and replacement ranges shifted with them) and times advancing, until
 * the decoded JSONL reaches the target size. Batches of 1–12 events per write, as DSH's frames hold,
 * so the zstd file has one frame per batch.
 *
 * <p>The files are built once per size and kept under {@code bench/target/long-session-<MB>} (raw
 * and zstd side by side).
 */
public final class LongSession {

    /** The two encodings of the same session, and its decoded size. */
    public record Built(Path raw, Path zstd, long decodedBytes, long events) {}

    private LongSession() {}

    /** The session of at least {@code targetMb} MiB of decoded JSONL, built if absent. */
    public static Built ofAtLeast(int targetMb) throws IOException {
        Path dir = Path.of("bench", "target", "long-session-" + targetMb).toAbsolutePath();
        SessionHeader header = SessionHeader.create("long-session-" + targetMb, 1_700_000_000_000L, "/bench/long");
        Path raw = SessionLayout.logPath(dir.resolve("raw"), header.cwd(), header.id(), LogEncoding.RAW);
        Path zstd = SessionLayout.logPath(dir.resolve("zstd"), header.cwd(), header.id(), LogEncoding.ZSTD);
        Path done = dir.resolve("events");
        if (!Files.exists(done)) {
            long events = write(dir, header, (long) targetMb << 20);
            Files.writeString(done, Long.toString(events));
        }
        return new Built(raw, zstd, Files.size(raw), Long.parseLong(Files.readString(done).strip()));
    }

    private static long write(Path dir, SessionHeader header, long targetBytes) throws IOException {
        if (Files.exists(dir)) {
            try (var walk = Files.walk(dir)) {
                for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
            }
        }
        List<List<SessionEvent>> sources = sources();
        SessionLogWriter raw = SessionLogWriter.create(dir.resolve("raw"), header, LogEncoding.RAW).withoutSync();
        SessionLogWriter zstd = SessionLogWriter.create(dir.resolve("zstd"), header, LogEncoding.ZSTD).withoutSync();
        long seq = 0;
        long time = header.createdAt();
        int batchSize = 1;
        while (Files.notExists(raw.path()) || Files.size(raw.path()) < targetBytes) {
            for (List<SessionEvent> events : sources) {
                long base = seq;
                List<SessionEvent> renumbered = new ArrayList<>(events.size());
                for (SessionEvent e : events) {
                    time += 7;
                    renumbered.add(shifted(e, seq++, time, base));
                }
                for (int at = 0; at < renumbered.size(); ) {
                    int end = Math.min(renumbered.size(), at + batchSize);
                    List<SessionEvent> batch = renumbered.subList(at, end);
                    raw.append(batch);
                    zstd.append(batch);
                    at = end;
                    batchSize = batchSize % 12 + 1;
                }
            }
        }
        return seq;
    }

    private static SessionEvent shifted(SessionEvent e, long seq, long time, long base) {
        SessionEvent.Builder b = SessionEvent.builder(e.type(), seq, time).data(e.data());
        if (e.sourceEventSeqs() != null) b.sourceEventSeqs(e.sourceEventSeqs().stream().map(x -> x + base).toList());
        if (e.surfaceOp() instanceof SurfaceOp.Replace r) b.surfaceOp(new SurfaceOp.Replace(r.start() + base, r.end() + base));
        else if (e.surfaceOp() != null) b.surfaceOp(e.surfaceOp());
        if (e.ignorable()) b.ignorable();
        return b.build();
    }

    /** Every corpus log that loads under DSH's rules with all payloads readable. */
    private static List<List<SessionEvent>> sources() throws IOException {
        List<List<SessionEvent>> sources = new ArrayList<>();
        for (Path log : Corpus.rawLogs()) {
            try {
                var d = SessionLogDecoder.readAll(Files.readString(log, StandardCharsets.UTF_8), SessionHeader.Mode.STRICT);
                d.events().forEach(SessionEvent::payload);
                if (!d.events().isEmpty()) sources.add(d.events());
            } catch (RuntimeException notBenchmarkMaterial) {
                // robustness fixtures (placeholders, legacy shapes DSH refuses) are left out
            }
        }
        if (sources.isEmpty()) throw new IllegalStateException("no corpus log loads under STRICT rules");
        return sources;
    }
}
