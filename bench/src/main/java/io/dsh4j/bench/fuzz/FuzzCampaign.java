package io.dsh4j.bench.fuzz;

import com.sun.management.ThreadMXBean;
import io.dsh4j.attention.core.ColdFold;
import io.dsh4j.attention.core.HealthCheck;
import io.dsh4j.attention.core.PriceTable;
import io.dsh4j.attention.core.Thresholds;
import io.dsh4j.beliefmerge.core.BeliefMerge;
import io.dsh4j.beliefmerge.core.CancelSignal;
import io.dsh4j.beliefmerge.core.MergeOptions;
import io.dsh4j.beliefmerge.core.MergeOutcome;
import io.dsh4j.beliefmerge.core.Renderer;
import io.dsh4j.beliefmerge.core.Trust;
import io.dsh4j.beliefmerge.sessions.SessionSurfaceReader;
import io.dsh4j.session.LenientLogReader;
import io.dsh4j.session.LogReadResult;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.SessionStoreException;
import io.dsh4j.session.StatsTotals;
import io.dsh4j.session.StatsVisitor;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * The issue-17 fuzz campaign, seeded and reproducible: every case takes a corpus log (raw and zstd
 * seeds), applies one {@link LogMutator.Mutation}, writes the raw and the zstd copy, and drives one of
 * the library paths of {@code sessions verify}, {@code sessions stats}, {@code health} and
 * {@code merge} (case {@code i}: entry point {@code i mod 4}) over both. Invariants checked:
 *
 * <ul>
 *   <li>no undocumented exception (documented: {@link SessionStoreException} from the lenient reader
 *       for a structurally invalid zstd file, {@link SessionSurfaceReader.Unreadable} from merge);
 *   <li>the committed prefix is never exceeded: a truncated copy hands over a prefix of the seed's events;
 *   <li>the raw and zstd copies of one text agree: ok in both or neither, the same events and stats,
 *       the same lenient records, parse errors and health score, the same merge surface;
 *   <li>per case and entry point, at most {@link #CPU_LIMIT_NANOS} of CPU and
 *       {@link #ALLOCATION_LIMIT_BYTES} plus 256 times the input of allocation; the JVM runs at
 *       {@code -Xmx512m} and an {@link OutOfMemoryError} is a defect.
 * </ul>
 *
 * <p>Run: {@code bench/scripts/fuzz.sh [CASES] [SEED]}. Case {@code i} of seed {@code s} draws from
 * {@code new SplittableRandom(s * 1_000_003 + i)}, so a defect is replayed with {@code --only i}.
 */
public final class FuzzCampaign {

    /** The four library entry points. */
    public enum Entry { VERIFY, STATS, HEALTH, MERGE }

    /** CPU per case and entry point. */
    public static final long CPU_LIMIT_NANOS = 5_000_000_000L;
    /** Allocation per case and entry point, above 256 times the input. */
    public static final long ALLOCATION_LIMIT_BYTES = 256L << 20;

    private static final Instant NOW = Instant.parse("2026-09-19T02:00:00Z");
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** What a run found. */
    public static final class Report {
        final Map<Entry, Map<LogMutator.Mutation, Long>> counts = new EnumMap<>(Entry.class);
        final List<String> defects = new ArrayList<>();
        long defectCount;
        long cases;
        long maxCpuNanos;
        long maxAllocated;

        Report() {
            for (Entry e : Entry.values()) {
                Map<LogMutator.Mutation, Long> m = new EnumMap<>(LogMutator.Mutation.class);
                for (LogMutator.Mutation x : LogMutator.Mutation.values()) m.put(x, 0L);
                counts.put(e, m);
            }
        }

        public long cases() {
            return cases;
        }

        public long defectCount() {
            return defectCount;
        }

        public List<String> defects() {
            return defects;
        }

        /** Cases of {@code mutation} that drove {@code entry} (each over both copies). */
        public long count(Entry entry, LogMutator.Mutation mutation) {
            return counts.get(entry).get(mutation);
        }

        void defect(long index, LogMutator.Mutation m, String what) {
            defectCount++;
            if (defects.size() < 50) defects.add("case " + index + " (" + m + "): " + what);
        }

        /** The figures as a table: entry points × mutation classes, then the defects. */
        public String table() {
            StringBuilder b = new StringBuilder();
            b.append(String.format("%-18s", "mutation"));
            for (Entry e : Entry.values()) b.append(String.format("%10s", e.name().toLowerCase()));
            b.append('\n');
            for (LogMutator.Mutation m : LogMutator.Mutation.values()) {
                b.append(String.format("%-18s", m.name().toLowerCase()));
                for (Entry e : Entry.values()) b.append(String.format("%10d", count(e, m)));
                b.append('\n');
            }
            b.append(String.format("cases %d, defects %d, slowest entry call %.1f ms CPU, largest allocation %d MiB, peak heap %d MiB%n",
                    cases, defectCount, maxCpuNanos / 1e6, maxAllocated >> 20, peakHeapBytes() >> 20));
            for (String d : defects) b.append("  ").append(d).append('\n');
            return b.toString();
        }
    }

    private record Seed(byte[] text, List<SessionEvent> events) {}

    private final List<Seed> seeds;
    private final Path work;

    private FuzzCampaign(List<Seed> seeds, Path work) {
        this.seeds = seeds;
        this.work = work;
    }

    /** A campaign over the shared corpus's raw logs, writing its cases under {@code work}. */
    public static FuzzCampaign overCorpus(Path work) throws IOException {
        List<Seed> seeds = new ArrayList<>();
        for (Path raw : Corpus.rawLogs()) {
            byte[] text = Files.readAllBytes(raw);
            List<SessionEvent> events = new ArrayList<>();
            LogReadResult r = SessionLogReader.stream(raw, SessionLogReader.Options.FIXTURE, events::add);
            seeds.add(new Seed(text, r.status() instanceof LogStatus.Ok ? List.copyOf(events) : null));
        }
        return new FuzzCampaign(seeds, Files.createDirectories(work));
    }

    /** Runs cases {@code from} (inclusive) to {@code to} (exclusive) of {@code seed}. */
    public Report run(long seed, long from, long to) throws IOException {
        Report report = new Report();
        Path raw = work.resolve("case.jsonl");
        Path zstd = work.resolve("case.jsonl.zstd");
        for (long i = from; i < to; i++) {
            SplittableRandom r = new SplittableRandom(seed * 1_000_003L + i);
            Seed s = seeds.get(r.nextInt(seeds.size()));
            Seed other = seeds.get(r.nextInt(seeds.size()));
            LogMutator.Mutation m = LogMutator.Mutation.values()[r.nextInt(LogMutator.Mutation.values().length)];
            LogMutator.Case c = LogMutator.mutate(m, s.text(), other.text(), r);
            Files.write(raw, c.text());
            Files.write(zstd, c.zstd());
            report.cases++;
            try {
                check(i, c, s, raw, zstd, report);
            } catch (OutOfMemoryError e) {
                report.defect(i, m, "OutOfMemoryError");
            }
        }
        return report;
    }

    /** Case {@code i} drives entry point {@code i mod 4} over both copies and checks that entry's invariants. */
    private void check(long i, LogMutator.Case c, Seed seed, Path raw, Path zstd, Report report) throws IOException {
        LogMutator.Mutation m = c.mutation();
        long rawSize = c.text().length;
        long zstdSize = c.zstd().length;
        Entry entry = Entry.values()[(int) (i % Entry.values().length)];
        report.counts.get(entry).merge(m, 1L, Long::sum);
        boolean truncated = m == LogMutator.Mutation.TRUNCATE || m == LogMutator.Mutation.ZSTD_TRUNCATE;
        switch (entry) {
            case VERIFY, STATS -> {
                boolean stats = entry == Entry.STATS;
                Strict r = measured(report, i, m, entry, rawSize, () -> strict(raw, stats));
                Strict z = measured(report, i, m, entry, zstdSize, () -> strict(zstd, stats));
                if (seed.events() != null && truncated) {
                    Strict t = m == LogMutator.Mutation.TRUNCATE ? r : z;
                    if (t != null && !withinPrefix(t, seed.events())) {
                        report.defect(i, m, entry + ": a truncated copy handed over more than the committed prefix ("
                                + t.status().describe() + ")");
                    }
                }
                if (!c.sameText() || r == null || z == null) return;
                boolean okRaw = r.status() instanceof LogStatus.Ok;
                boolean okZstd = z.status() instanceof LogStatus.Ok;
                if (okRaw != okZstd) {
                    report.defect(i, m, entry + ": raw and zstd copies disagree: " + r.status().describe() + " / " + z.status().describe());
                } else if (okRaw && (!r.events().equals(z.events()) || !Objects.equals(r.totals(), z.totals()))) {
                    report.defect(i, m, entry + ": raw and zstd copies hand over different events or stats");
                }
            }
            case HEALTH -> {
                Lenient r = measured(report, i, m, entry, rawSize, () -> lenient(raw));
                Lenient z = measured(report, i, m, entry, zstdSize, () -> lenient(zstd));
                if (c.sameText() && r != null && z != null && !r.equals(z)) {
                    report.defect(i, m, "HEALTH: raw and zstd copies disagree: " + r + " / " + z);
                }
            }
            case MERGE -> {
                Merged r = measured(report, i, m, entry, rawSize, () -> merge(raw));
                Merged z = measured(report, i, m, entry, zstdSize, () -> merge(zstd));
                if (c.sameText() && r != null && z != null && r.ok() && z.ok() && !Objects.equals(r.text(), z.text())) {
                    report.defect(i, m, "MERGE: the merges of the raw and zstd copies differ");
                }
            }
        }
    }

    /** Whether a read of a truncated copy stayed within the seed's events (verify: a prefix; stats: no more events). */
    private static boolean withinPrefix(Strict t, List<SessionEvent> seed) {
        if (t.totals() != null) return t.totals().events() <= seed.size();
        return isPrefix(t.events(), seed);
    }

    /** Whether {@code part} is a prefix of {@code whole} (the committed-prefix invariant; for tests). */
    static boolean isPrefixForTest(List<SessionEvent> part, List<SessionEvent> whole) {
        return isPrefix(part, whole);
    }

    private static boolean isPrefix(List<SessionEvent> part, List<SessionEvent> whole) {
        return part.size() <= whole.size() && part.equals(whole.subList(0, part.size()));
    }

    private record Strict(LogStatus status, List<SessionEvent> events, StatsTotals totals) {}

    /** One entry point's read of one copy. Events are kept only for verify (to compare), up to a bound. */
    private static Strict strict(Path file, boolean stats) throws IOException {
        if (stats) {
            StatsVisitor v = new StatsVisitor();
            LogReadResult r = SessionLogReader.stream(file, SessionLogReader.Options.FIXTURE, v);
            return new Strict(r.status(), List.of(), v.hasHeader() ? v.totals() : null);
        }
        List<SessionEvent> events = new ArrayList<>();
        LogReadResult r = SessionLogReader.stream(file, SessionLogReader.Options.FIXTURE, events::add);
        return new Strict(r.status(), events, null);
    }

    private record Lenient(long records, long parseErrors, String header, Integer score) {}

    private static Lenient lenient(Path file) throws IOException {
        ColdFold fold = ColdFold.forDocument();
        LenientLogReader.Result read;
        try {
            read = LenientLogReader.read(file, LenientLogReader.Limits.DEFAULTS, fold::accept);
        } catch (SessionStoreException documented) {
            return null;
        }
        HealthCheck check = HealthCheck.assess(fold.finish(), read.header(), "v0", NOW, Thresholds.DEFAULTS, PriceTable.DEFAULTS);
        return new Lenient(read.records(), read.parseErrors(), read.header() == null ? null : read.header().toString(),
                check.report().score());
    }

    private record Merged(boolean ok, String text) {}

    private static Merged merge(Path file) throws IOException {
        SessionSurfaceReader.Read read;
        try {
            read = SessionSurfaceReader.read(file, Trust.EXTERNAL);
        } catch (SessionSurfaceReader.Unreadable documented) {
            return new Merged(false, null);
        }
        MergeOutcome merged = BeliefMerge.mergeSurfacesAligned(List.of(read.surface()), MergeOptions.defaults(), null,
                CancelSignal.NEVER, w -> {});
        return new Merged(read.status() instanceof LogStatus.Ok, merged.render(Renderer.Options.defaults().withBudget(1200)).text());
    }

    @FunctionalInterface
    private interface Call<T> {
        T run() throws IOException;
    }

    /** Runs one entry point under the per-case limits; an exception or a passed limit is a defect ({@code null} result). */
    private static <T> T measured(Report report, long i, LogMutator.Mutation m, Entry e, long inputBytes, Call<T> call) {
        long tid = Thread.currentThread().threadId();
        long cpu0 = THREADS.getCurrentThreadCpuTime();
        long alloc0 = THREADS.getThreadAllocatedBytes(tid);
        T result;
        try {
            result = call.run();
        } catch (IOException | RuntimeException | StackOverflowError x) {
            report.defect(i, m, e + " threw " + x);
            return null;
        }
        long cpu = THREADS.getCurrentThreadCpuTime() - cpu0;
        long allocated = THREADS.getThreadAllocatedBytes(tid) - alloc0;
        report.maxCpuNanos = Math.max(report.maxCpuNanos, cpu);
        report.maxAllocated = Math.max(report.maxAllocated, allocated);
        if (cpu > CPU_LIMIT_NANOS) report.defect(i, m, e + " took " + cpu / 1_000_000 + " ms of CPU");
        if (allocated > ALLOCATION_LIMIT_BYTES + 256 * inputBytes) report.defect(i, m, e + " allocated " + (allocated >> 20) + " MiB");
        return result;
    }

    /** The peak heap use so far (the sum of the heap pools' peaks). */
    static long peakHeapBytes() {
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) peak += pool.getPeakUsage().getUsed();
        }
        return peak;
    }

    /**
     * {@code FuzzCampaign [CASES] [SEED] [--only I]}: runs the campaign and prints the table; exit 1 on a
     * defect. Progress (the table so far) goes to standard error every 10,000 cases.
     */
    public static void main(String[] args) throws IOException {
        long cases = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000L;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 17L;
        Path shm = Path.of("/dev/shm");
        Path work = Files.isDirectory(shm) && Files.isWritable(shm) ? Files.createTempDirectory(shm, "dsh4j-fuzz")
                : Files.createTempDirectory("dsh4j-fuzz");
        FuzzCampaign campaign = overCorpus(work);
        long start = System.nanoTime();
        if (args.length > 3 && args[2].equals("--only")) {
            long only = Long.parseLong(args[3]);
            Report r = campaign.run(seed, only, only + 1);
            System.out.print(r.table());
            System.exit(r.defectCount() == 0 ? 0 : 1);
        }
        Report total = new Report();
        for (long from = 0; from < cases; from += 10_000) {
            Report r = campaign.run(seed, from, Math.min(cases, from + 10_000));
            merge(total, r);
            System.err.printf("%d cases, %d defects, %.0f s%n%s", total.cases, total.defectCount, (System.nanoTime() - start) / 1e9,
                    total.table());
        }
        System.out.printf("seed %d, %d cases in %.0f s (JVM -Xmx%d MiB)%n", seed, total.cases, (System.nanoTime() - start) / 1e9,
                Runtime.getRuntime().maxMemory() >> 20);
        System.out.print(total.table());
        System.exit(total.defectCount() == 0 ? 0 : 1);
    }

    private static void merge(Report into, Report r) {
        into.cases += r.cases;
        into.defectCount += r.defectCount;
        for (String d : r.defects) if (into.defects.size() < 50) into.defects.add(d);
        into.maxCpuNanos = Math.max(into.maxCpuNanos, r.maxCpuNanos);
        into.maxAllocated = Math.max(into.maxAllocated, r.maxAllocated);
        for (Entry e : Entry.values()) {
            for (LogMutator.Mutation m : LogMutator.Mutation.values()) into.counts.get(e).merge(m, r.count(e, m), Long::sum);
        }
    }
}
