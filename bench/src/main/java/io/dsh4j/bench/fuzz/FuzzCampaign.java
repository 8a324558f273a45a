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
import io.dsh4j.llm.BlockAssembler;
import io.dsh4j.llm.LlmCodes;
import io.dsh4j.llm.deepseek.DeepSeekAdapter;
import io.dsh4j.llm.deepseek.DeepSeekConfig;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.StreamChunk;
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
import java.io.InputStream;
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
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The issue-17 fuzz campaign, seeded and reproducible: every case takes a corpus log (raw and zstd
 * seeds), applies one {@link LogMutator.Mutation}, writes the raw and the zstd copy, and drives one of
 * the library paths of {@code sessions verify}, {@code sessions stats}, {@code health} and
 * {@code merge} over both; or takes a model answer rebuilt from a corpus {@code assistant/message}
 * event as a DeepSeek-style event stream, applies one {@link SseMutator.Mutation} and drives the
 * model adapter's SSE parser and chunk translation ({@link DeepSeekAdapter#translateRecorded}, then
 * {@link BlockAssembler}). Case {@code i} drives entry point {@code i mod n} of the {@code n} chosen
 * entry points (all six by default); or takes a tool call (a recorded one or a well-formed call of a
 * built-in tool), applies one {@link ToolArgsMutator.Mutation} and drives it through the tool step of
 * the agent loop ({@link ToolHarness}). Invariants checked:
 *
 * <ul>
 *   <li>no undocumented exception (documented: {@link SessionStoreException} from the lenient reader
 *       for a structurally invalid zstd file, {@link SessionSurfaceReader.Unreadable} from merge);
 *   <li>the committed prefix is never exceeded: a truncated copy hands over a prefix of the seed's events;
 *   <li>the raw and zstd copies of one text agree: ok in both or neither, the same events and stats,
 *       the same lenient records, parse errors and health score, the same merge surface;
 *   <li>an event stream ends in exactly one finish chunk, the last, whose failure (if any) carries a
 *       documented code; re-framing (splits, line endings, comments, an over-long comment) changes no
 *       chunk; a truncated or over-long stream hands over a prefix of the seed's chunks and then
 *       {@code STREAM_CLOSED} or {@code EVENT_TOO_LARGE}; ill-formed UTF-8 reads as U+FFFD and changes
 *       nothing else; the chunks always assemble;
 *   <li>a tool call always ends in exactly one {@code tool/call} and one {@code tool/result}, committed
 *       to a live session as the loop commits them; an error result names its problem (an
 *       {@code INVALID_ARGS} message its violations, an {@code FS_*} message the quoted path); a call
 *       naming a place outside the working directory, a device or an unknown tool is an error; the
 *       sentinel file outside is neither read (its access time) nor written, and nothing appears in
 *       the outside directory, the campaign directory or the process's directory; no tool but the
 *       confined file tools and {@code bash} reaches dispatch, and {@code bash} reaches its launcher
 *       only with a command line a real start could run, in the working directory; a step of several
 *       calls journals and answers them in model order; every eighth case runs twice with the same
 *       results and the same files; at most {@link ToolHarness#WALL_LIMIT_MILLIS} of wall time;
 *   <li>per case and entry point, at most {@link #CPU_LIMIT_NANOS} of CPU and
 *       {@link #ALLOCATION_LIMIT_BYTES} plus 256 times the input of allocation; the JVM runs at
 *       {@code -Xmx512m} and an {@link OutOfMemoryError} is a defect.
 * </ul>
 *
 * <p>Run: {@code bench/scripts/fuzz.sh [CASES] [SEED] [--entries sse,verify,…]}. Case {@code i} of seed
 * {@code s} draws from {@code new SplittableRandom(s * 1_000_003 + i)}, so a defect is replayed with
 * {@code --only i} (and the same {@code --entries}).
 */
public final class FuzzCampaign implements AutoCloseable {

    /** The library entry points: the four log readers and the model adapter's event-stream parser. */
    public enum Entry { VERIFY, STATS, HEALTH, MERGE, SSE, TOOLS }

    /**
     * The adapter configuration event streams are read under: the default dialect with an event cap
     * of 64 KiB and a response cap of 16 MiB (the defaults are 16 MiB and 256 MiB; the rules are the
     * same, and the small caps keep an over-long case cheap).
     */
    public static final DeepSeekConfig SSE_CONFIG = DeepSeekConfig.deepSeek().withMaxEventBytes(64 * 1024)
            .withMaxResponseBytes(16L << 20);
    private static final Set<String> SSE_FAILURE_CODES = Set.of(LlmCodes.STREAM_CLOSED, LlmCodes.MALFORMED_RESPONSE,
            LlmCodes.EVENT_TOO_LARGE, LlmCodes.RESPONSE_TOO_LARGE, LlmCodes.EMPTY_RESPONSE);

    /** CPU per case and entry point. */
    public static final long CPU_LIMIT_NANOS = 5_000_000_000L;
    /** Allocation per case and entry point, above 256 times the input. */
    public static final long ALLOCATION_LIMIT_BYTES = 256L << 20;

    private static final Instant NOW = Instant.parse("2026-09-19T02:00:00Z");
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** What a run found. */
    public static final class Report {
        final Map<Entry, Map<LogMutator.Mutation, Long>> counts = new EnumMap<>(Entry.class);
        final Map<SseMutator.Mutation, Long> sseCounts = new EnumMap<>(SseMutator.Mutation.class);
        final Map<ToolArgsMutator.Mutation, Long> toolCounts = new EnumMap<>(ToolArgsMutator.Mutation.class);
        final Map<Entry, Long> slowest = new EnumMap<>(Entry.class);
        final Map<Entry, Long> slowestCase = new EnumMap<>(Entry.class);
        final List<String> defects = new ArrayList<>();
        long defectCount;
        long cases;
        long multiCallSteps;
        long multiCallCalls;
        long maxCpuNanos;
        long maxAllocated;

        Report() {
            for (Entry e : Entry.values()) {
                Map<LogMutator.Mutation, Long> m = new EnumMap<>(LogMutator.Mutation.class);
                for (LogMutator.Mutation x : LogMutator.Mutation.values()) m.put(x, 0L);
                counts.put(e, m);
            }
            for (SseMutator.Mutation x : SseMutator.Mutation.values()) sseCounts.put(x, 0L);
            for (ToolArgsMutator.Mutation x : ToolArgsMutator.Mutation.values()) toolCounts.put(x, 0L);
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

        /** Cases of {@code mutation} that drove {@code entry} (each over both copies); a log entry point. */
        public long count(Entry entry, LogMutator.Mutation mutation) {
            return counts.get(entry).get(mutation);
        }

        /** Event-stream cases of {@code mutation}. */
        public long count(SseMutator.Mutation mutation) {
            return sseCounts.get(mutation);
        }

        /** Tool-call cases of {@code mutation}. */
        public long count(ToolArgsMutator.Mutation mutation) {
            return toolCounts.get(mutation);
        }

        /** Tool cases whose call ran in a step with other calls. */
        public long multiCallSteps() {
            return multiCallSteps;
        }

        /** The calls of those steps, the cases' own included. */
        public long multiCallCalls() {
            return multiCallCalls;
        }

        /** The most CPU one call of {@code entry} took, in nanoseconds (0 when none ran). */
        public long slowestNanos(Entry entry) {
            return slowest.getOrDefault(entry, 0L);
        }

        void defect(long index, Enum<?> m, String what) {
            defectCount++;
            if (defects.size() < 50) defects.add("case " + index + " (" + m + "): " + what);
        }

        /** The figures as a table: entry points × mutation classes, then the defects. */
        public String table() {
            StringBuilder b = new StringBuilder();
            b.append(String.format("%-24s", "mutation"));
            for (Entry e : Entry.values()) b.append(String.format("%10s", e.name().toLowerCase()));
            b.append('\n');
            for (LogMutator.Mutation m : LogMutator.Mutation.values()) {
                b.append(String.format("%-24s", m.name().toLowerCase()));
                for (Entry e : Entry.values()) {
                    b.append(e == Entry.SSE || e == Entry.TOOLS ? String.format("%10s", "") : String.format("%10d", count(e, m)));
                }
                b.append('\n');
            }
            for (SseMutator.Mutation m : SseMutator.Mutation.values()) {
                b.append(String.format("%-24s", "sse " + m.name().toLowerCase()));
                b.append(String.format("%" + (10 * Entry.values().length) + "d", count(m)));
                b.append('\n');
            }
            for (ToolArgsMutator.Mutation m : ToolArgsMutator.Mutation.values()) {
                b.append(String.format("%-24s", "tools " + m.name().toLowerCase()));
                b.append(String.format("%" + (10 * Entry.values().length) + "d", count(m)));
                b.append('\n');
            }
            if (multiCallSteps > 0) {
                b.append(String.format("tools: %d cases ran in multi-call steps of %d calls in all%n", multiCallSteps, multiCallCalls));
            }
            for (Map.Entry<Entry, Long> s : slowest.entrySet()) {
                b.append(String.format("slowest %s call %.1f ms CPU (case %d)%n", s.getKey().name().toLowerCase(), s.getValue() / 1e6,
                        slowestCase.get(s.getKey())));
            }
            b.append(String.format("cases %d, defects %d, slowest entry call %.1f ms CPU, largest allocation %d MiB, peak heap %d MiB%n",
                    cases, defectCount, maxCpuNanos / 1e6, maxAllocated >> 20, peakHeapBytes() >> 20));
            for (String d : defects) b.append("  ").append(d).append('\n');
            return b.toString();
        }
    }

    private record Seed(byte[] text, List<SessionEvent> events) {}

    /** An event-stream seed: its events and the chunks of its canonical framing. */
    private record SseSeed(List<String> events, List<StreamChunk> chunks) {}

    private final List<Seed> seeds;
    private final List<SseSeed> sseSeeds;
    private final List<ToolArgsMutator.Seed> toolSeeds;
    private final Path work;
    private ToolHarness tools;
    private List<Entry> entries = List.of(Entry.values());

    private FuzzCampaign(List<Seed> seeds, List<SseSeed> sseSeeds, List<ToolArgsMutator.Seed> toolSeeds, Path work) {
        this.seeds = seeds;
        this.sseSeeds = sseSeeds;
        this.toolSeeds = toolSeeds;
        this.work = work;
    }

    /** Drives only {@code chosen} from now on: case {@code i} drives {@code chosen.get(i mod size)}. */
    public FuzzCampaign entries(List<Entry> chosen) {
        if (chosen.isEmpty()) throw new IllegalArgumentException("no entry point chosen");
        this.entries = List.copyOf(chosen);
        return this;
    }

    /** How many event-stream seeds the corpus gave. */
    public int sseSeedCount() {
        return sseSeeds.size();
    }

    /** How many tool-call seeds there are: the corpus's recorded calls and one per built-in tool. */
    public int toolSeedCount() {
        return toolSeeds.size();
    }

    /** A campaign over the shared corpus's raw logs, writing its cases under {@code work}. */
    public static FuzzCampaign overCorpus(Path work) throws IOException {
        List<Seed> seeds = new ArrayList<>();
        List<SseSeed> sseSeeds = new ArrayList<>();
        List<ToolArgsMutator.Seed> toolSeeds = new ArrayList<>(ToolArgsMutator.BUILTIN_SEEDS);
        for (Path raw : Corpus.rawLogs()) {
            byte[] text = Files.readAllBytes(raw);
            List<SessionEvent> events = new ArrayList<>();
            LogReadResult r = SessionLogReader.stream(raw, SessionLogReader.Options.FIXTURE, events::add);
            seeds.add(new Seed(text, r.status() instanceof LogStatus.Ok ? List.copyOf(events) : null));
            for (SessionEvent e : events) {
                toolSeeds.addAll(ToolArgsMutator.seedsOf(e));
                List<String> answer = SseMutator.seedOf(e);
                if (answer == null) continue;
                List<StreamChunk> chunks = translate(SseMutator.canonical(answer), new int[] {Integer.MAX_VALUE});
                if (!(chunks.getLast() instanceof StreamChunk.Finish f) || f.reason() instanceof FinishReason.Error) {
                    throw new IllegalStateException("the canonical stream of an answer in " + raw + " does not finish: "
                            + chunks.getLast());
                }
                sseSeeds.add(new SseSeed(answer, chunks));
            }
        }
        return new FuzzCampaign(seeds, List.copyOf(sseSeeds), List.copyOf(toolSeeds), Files.createDirectories(work));
    }

    /** Runs cases {@code from} (inclusive) to {@code to} (exclusive) of {@code seed}. */
    public Report run(long seed, long from, long to) throws IOException {
        Report report = new Report();
        Path raw = work.resolve("case.jsonl");
        Path zstd = work.resolve("case.jsonl.zstd");
        for (long i = from; i < to; i++) {
            SplittableRandom r = new SplittableRandom(seed * 1_000_003L + i);
            Entry entry = entries.get((int) (i % entries.size()));
            if (entry == Entry.SSE) {
                report.cases++;
                try {
                    checkSse(i, r, report);
                } catch (OutOfMemoryError e) {
                    report.defect(i, Entry.SSE, "OutOfMemoryError");
                }
                continue;
            }
            if (entry == Entry.TOOLS) {
                report.cases++;
                try {
                    checkTools(i, r, report);
                } catch (OutOfMemoryError e) {
                    report.defect(i, Entry.TOOLS, "OutOfMemoryError");
                }
                continue;
            }
            Seed s = seeds.get(r.nextInt(seeds.size()));
            Seed other = seeds.get(r.nextInt(seeds.size()));
            LogMutator.Mutation m = LogMutator.Mutation.values()[r.nextInt(LogMutator.Mutation.values().length)];
            LogMutator.Case c = LogMutator.mutate(m, s.text(), other.text(), r);
            Files.write(raw, c.text());
            Files.write(zstd, c.zstd());
            report.cases++;
            try {
                check(i, entry, c, s, raw, zstd, report);
            } catch (OutOfMemoryError e) {
                report.defect(i, m, "OutOfMemoryError");
            }
        }
        return report;
    }

    /** Case {@code i} drives a log entry point over both copies and checks that entry's invariants. */
    private void check(long i, Entry entry, LogMutator.Case c, Seed seed, Path raw, Path zstd, Report report) throws IOException {
        LogMutator.Mutation m = c.mutation();
        long rawSize = c.text().length;
        long zstdSize = c.zstd().length;
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
            case SSE -> throw new IllegalArgumentException("not a log entry point: " + entry);
        }
    }

    /** An event-stream case: one seed answer, one mutation, the parser's invariants. */
    private void checkSse(long i, SplittableRandom r, Report report) {
        SseSeed seed = sseSeeds.get(r.nextInt(sseSeeds.size()));
        SseMutator.Mutation m = SseMutator.Mutation.values()[r.nextInt(SseMutator.Mutation.values().length)];
        SseMutator.Case c = SseMutator.mutate(m, seed.events(), SSE_CONFIG.maxEventBytes(), r);
        report.sseCounts.merge(m, 1L, Long::sum);
        List<StreamChunk> got = measured(report, i, m, Entry.SSE, c.body().length, () -> translate(c.body(), c.reads()));
        if (got == null) return;
        String problem = sseProblem(m.expect(), got, seed.chunks());
        if (problem != null) report.defect(i, m, "SSE: " + problem);
    }

    /** One in this many tool cases runs its call in a step with other calls (the loop's parallel path). */
    static final int MULTI_CALL_EVERY = 4;
    /** One in this many multi-call steps has more calls than the step runs at once ({@link io.dsh4j.tool.ToolStepRequest#DEFAULT_MAX_PARALLEL}). */
    static final int WIDE_STEP_EVERY = 8;
    /** The classes a step's other calls are drawn from: all but the two whose cases are megabytes each. */
    private static final List<ToolArgsMutator.Mutation> COMPANION_MUTATIONS = java.util.Arrays.stream(
                    ToolArgsMutator.Mutation.values())
            .filter(x -> x != ToolArgsMutator.Mutation.HUGE_STRING && x != ToolArgsMutator.Mutation.DEEP_NESTING).toList();

    /**
     * A tool-call case: one seed call, one mutation, the tool step's invariants (a second run for every
     * eighth case). One case in {@link #MULTI_CALL_EVERY} puts the call at a random place among one to
     * three other mutated calls (eight to eleven in one of {@link #WIDE_STEP_EVERY} of those) of one
     * model answer, run as one step.
     */
    private void checkTools(long i, SplittableRandom r, Report report) throws IOException {
        if (tools == null) tools = new ToolHarness(work);
        ToolArgsMutator.Seed seed = toolSeeds.get(r.nextInt(toolSeeds.size()));
        ToolArgsMutator.Mutation m = ToolArgsMutator.Mutation.values()[r.nextInt(ToolArgsMutator.Mutation.values().length)];
        ToolArgsMutator.Case c = ToolArgsMutator.mutate(m, seed, tools.schemas(), tools.cwd().toString(),
                tools.outside().toString(), r);
        List<ToolArgsMutator.Case> step = new ArrayList<>(List.of(c));
        if (r.nextInt(MULTI_CALL_EVERY) == 0) {
            int others = r.nextInt(WIDE_STEP_EVERY) == 0 ? 8 + r.nextInt(4) : 1 + r.nextInt(3);
            for (int k = 0; k < others; k++) {
                ToolArgsMutator.Mutation cm = COMPANION_MUTATIONS.get(r.nextInt(COMPANION_MUTATIONS.size()));
                step.add(ToolArgsMutator.mutate(cm, toolSeeds.get(r.nextInt(toolSeeds.size())), tools.schemas(),
                        tools.cwd().toString(), tools.outside().toString(), r));
            }
            java.util.Collections.swap(step, 0, r.nextInt(step.size()));
            report.multiCallSteps++;
            report.multiCallCalls += step.size();
        }
        report.toolCounts.merge(m, 1L, Long::sum);
        long input = 0;
        for (ToolArgsMutator.Case x : step) input += x.arguments().length() + x.name().length();
        String first = null;
        for (int run = 0; run < (i % 8 == 0 ? 2 : 1); run++) {
            tools.prepare(step);
            ToolHarness.Outcome o = measured(report, i, m, Entry.TOOLS, input, () -> tools.call(step, "case " + i + " (" + m + ")"));
            for (String p : tools.outsideProblems()) report.defect(i, m, "TOOLS " + c.name() + ": " + p);
            if (o == null) return;
            for (String p : o.problems()) report.defect(i, m, "TOOLS " + ToolHarness.abbreviate(c.name()) + ": " + p);
            String fingerprint = o.fingerprint() + tools.fixtureListing();
            if (first == null) {
                first = fingerprint;
            } else if (!first.equals(fingerprint)) {
                report.defect(i, m, "TOOLS " + c.name() + ": a second run gave other results or files:\n" + first + "---\n"
                        + fingerprint);
            }
        }
    }

    /** What is wrong with the chunks {@code got} for a case promising {@code expect}, or {@code null}. */
    static String sseProblem(SseMutator.Expect expect, List<StreamChunk> got, List<StreamChunk> seed) {
        long finishes = got.stream().filter(x -> x instanceof StreamChunk.Finish).count();
        if (finishes != 1 || !(got.getLast() instanceof StreamChunk.Finish finish)) {
            return finishes + " finish chunks, the last chunk " + (got.isEmpty() ? "absent" : got.getLast().type());
        }
        String code = finish.reason() instanceof FinishReason.Error e ? e.failure().code() : null;
        if (code != null && !SSE_FAILURE_CODES.contains(code) && !isFinishReasonCode((FinishReason.Error) finish.reason())) {
            return "an undocumented failure code " + code + ": " + finish;
        }
        List<StreamChunk> body = got.subList(0, got.size() - 1);
        List<StreamChunk> seedBody = seed.subList(0, seed.size() - 1);
        boolean prefix = body.size() <= seedBody.size() && body.equals(seedBody.subList(0, body.size()));
        return switch (expect) {
            case SAME -> got.equals(seed) ? null : "re-framing changed the chunks: " + firstDifference(got, seed);
            case PREFIX_THEN_EVENT_TOO_LARGE -> prefix && LlmCodes.EVENT_TOO_LARGE.equals(code) ? null
                    : "an over-long event gave " + finish + (prefix ? "" : " after chunks that are not the seed's");
            case REPLACED -> replaced(got, seed);
            case PREFIX_THEN_STREAM_CLOSED -> prefix && LlmCodes.STREAM_CLOSED.equals(code) ? null
                    : "a truncated stream gave " + finish + (prefix ? "" : " after chunks that are not the seed's");
            case ANY_DEFINED -> null;
        };
    }

    /**
     * Whether a failure is the documented mapping of an unknown {@code finish_reason} (sessions-llm-http
     * §5.3: "anything else → error with upper-cased code"), which a damaged byte of {@code stop} produces.
     */
    private static boolean isFinishReasonCode(FinishReason.Error e) {
        String prefix = "model stopped: ";
        String message = e.failure().message();
        return message.startsWith(prefix)
                && e.failure().code().equals(message.substring(prefix.length()).toUpperCase(java.util.Locale.ROOT));
    }

    /** {@code null} when {@code got} is {@code seed} with U+FFFD in some chunks, else what differs. */
    private static String replaced(List<StreamChunk> got, List<StreamChunk> seed) {
        if (got.size() != seed.size()) return "ill-formed UTF-8 gave " + got.size() + " chunks instead of " + seed.size()
                + ", ending in " + got.getLast();
        for (int k = 0; k < got.size(); k++) {
            StreamChunk g = got.get(k);
            StreamChunk s = seed.get(k);
            if (!g.equals(s) && (!g.type().equals(s.type()) || g.toString().indexOf('\uFFFD') < 0)) {
                return "ill-formed UTF-8 gave chunk " + k + ": " + g + " instead of " + s + " with U+FFFD";
            }
        }
        return null;
    }

    private static String firstDifference(List<StreamChunk> got, List<StreamChunk> seed) {
        for (int k = 0; k < Math.min(got.size(), seed.size()); k++) {
            if (!got.get(k).equals(seed.get(k))) return "chunk " + k + ": " + got.get(k) + " instead of " + seed.get(k);
        }
        return got.size() + " chunks instead of " + seed.size();
    }

    /** The adapter's translation of {@code body} served in reads of {@code reads} bytes (cycled), assembled as a live call is. */
    static List<StreamChunk> translate(byte[] body, int[] reads) {
        List<StreamChunk> chunks = new ArrayList<>();
        BlockAssembler assembler = new BlockAssembler();
        DeepSeekAdapter.translateRecorded(new SplitStream(body, reads), SSE_CONFIG, c -> {
            chunks.add(c);
            assembler.accept(c);
        });
        assembler.blocks();
        return chunks;
    }

    /** Serves bytes in reads of the given sizes, cycled. */
    private static final class SplitStream extends InputStream {
        private final byte[] bytes;
        private final int[] reads;
        private int pos;
        private int turn;

        SplitStream(byte[] bytes, int[] reads) {
            this.bytes = bytes;
            this.reads = reads;
        }

        @Override
        public int read() {
            return pos < bytes.length ? bytes[pos++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) return 0;
            if (pos >= bytes.length) return -1;
            int n = Math.min(Math.min(reads[turn++ % reads.length], len), bytes.length - pos);
            System.arraycopy(bytes, pos, b, off, n);
            pos += n;
            return n;
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
    private static <T> T measured(Report report, long i, Enum<?> m, Entry e, long inputBytes, Call<T> call) {
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
        if (cpu > report.slowest.getOrDefault(e, -1L)) {
            report.slowest.put(e, cpu);
            report.slowestCase.put(e, i);
        }
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
     * {@code FuzzCampaign [CASES] [SEED] [--entries E,E…] [--only I]}: runs the campaign and prints the
     * table; exit 1 on a defect. Progress (the table so far) goes to standard error every 10,000 cases.
     * {@code --entries} names the entry points to cycle through ({@code verify}, {@code stats},
     * {@code health}, {@code merge}, {@code sse}, {@code tools}; all by default).
     */
    public static void main(String[] args) throws IOException {
        long cases = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000L;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 17L;
        List<Entry> chosen = List.of(Entry.values());
        Long only = null;
        for (int k = 2; k + 1 < args.length; k += 2) {
            switch (args[k]) {
                case "--entries" -> chosen = java.util.Arrays.stream(args[k + 1].split(","))
                        .map(x -> Entry.valueOf(x.trim().toUpperCase(java.util.Locale.ROOT))).toList();
                case "--only" -> only = Long.parseLong(args[k + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[k]);
            }
        }
        Path shm = Path.of("/dev/shm");
        Path work = Files.isDirectory(shm) && Files.isWritable(shm) ? Files.createTempDirectory(shm, "dsh4j-fuzz")
                : Files.createTempDirectory("dsh4j-fuzz");
        @SuppressWarnings("resource") // the JVM exits at the end of main
        FuzzCampaign campaign = overCorpus(work).entries(chosen);
        long start = System.nanoTime();
        if (only != null) {
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
        into.multiCallSteps += r.multiCallSteps;
        into.multiCallCalls += r.multiCallCalls;
        into.defectCount += r.defectCount;
        for (String d : r.defects) if (into.defects.size() < 50) into.defects.add(d);
        into.maxCpuNanos = Math.max(into.maxCpuNanos, r.maxCpuNanos);
        into.maxAllocated = Math.max(into.maxAllocated, r.maxAllocated);
        for (Entry e : Entry.values()) {
            for (LogMutator.Mutation m : LogMutator.Mutation.values()) into.counts.get(e).merge(m, r.count(e, m), Long::sum);
        }
        for (SseMutator.Mutation m : SseMutator.Mutation.values()) into.sseCounts.merge(m, r.count(m), Long::sum);
        for (ToolArgsMutator.Mutation m : ToolArgsMutator.Mutation.values()) into.toolCounts.merge(m, r.count(m), Long::sum);
        for (Map.Entry<Entry, Long> s : r.slowest.entrySet()) {
            if (s.getValue() > into.slowest.getOrDefault(s.getKey(), -1L)) {
                into.slowest.put(s.getKey(), s.getValue());
                into.slowestCase.put(s.getKey(), r.slowestCase.get(s.getKey()));
            }
        }
    }

    /** Stops the tool harness's kernel, if a tool case started one. */
    @Override
    public void close() {
        if (tools != null) tools.close();
    }
}
