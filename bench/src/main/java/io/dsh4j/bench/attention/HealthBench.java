package io.dsh4j.bench.attention;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.attention.core.ColdFold;
import io.dsh4j.attention.core.HealthCheck;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.LenientLogReader;
import io.dsh4j.testkit.Corpus;
import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Benchmark driver for the attention-health engine (issue 4): the offline health check of one
 * 50 MB session log, and of a home with 1,000 sessions, read one at a time as {@code health --all}
 * does. Prints wall time and peak heap. Run:
 * {@code java -Xmx512m -cp bench/target/benchmarks.jar io.dsh4j.bench.attention.HealthBench [work-dir]}.
 */
public final class HealthBench {

    private static final ObjectMapper M = JsJson.mapper();
    private static final Instant NOW = Instant.parse("2026-09-19T02:00:00Z");
    private static final long TARGET_BYTES = 50L * 1024 * 1024;
    private static final int SESSIONS = 1000;

    private HealthBench() {}

    public static void main(String[] args) throws IOException {
        Path work = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("ah-bench");
        prepare(work);
        Path big = work.resolve("big/session.jsonl");
        Path home = work.resolve("home");

        for (int round = 1; round <= 3; round++) {
            resetPeaks();
            long t0 = System.nanoTime();
            HealthCheck c = check(big);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.out.printf("round %d  one log: %,d bytes, %,d turns  -> %d ms, peak heap %,d MB, score %d, advice %s%n",
                    round, Files.size(big), c.facts().turns().size(), ms, peakHeapMb(), c.report().score(),
                    c.advice().key());
        }
        for (int round = 1; round <= 2; round++) {
            resetPeaks();
            long t0 = System.nanoTime();
            int n = 0;
            List<Path> logs;
            try (Stream<Path> s = Files.walk(home.resolve("sessions"))) {
                logs = s.filter(p -> p.getFileName().toString().equals("session.jsonl")).sorted().toList();
            }
            for (Path log : logs) {
                check(log);
                n++;
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.out.printf("round %d  home: %d sessions -> %d ms (%.2f ms/session), peak heap %,d MB%n", round, n, ms,
                    (double) ms / n, peakHeapMb());
        }
    }

    /** The check {@code dsh4j health} makes: the harness's lenient reader, the cold fold, the score and the advice. */
    private static HealthCheck check(Path log) throws IOException {
        ColdFold fold = ColdFold.forDocument();
        LenientLogReader.Result read = LenientLogReader.read(log, LenientLogReader.Limits.DEFAULTS, fold::accept);
        return HealthCheck.assess(fold.finish(), read.header(), "v0", NOW);
    }

    /** The stress sessions of the oracle, sorted by name. */
    public static List<Path> stressLogs() throws IOException {
        try (Stream<Path> s = Files.list(Corpus.oracle().resolve("attention-health/stress"))) {
            return s.map(d -> d.resolve("session.jsonl")).filter(Files::isRegularFile).sorted().toList();
        }
    }

    /** The 50 MB log ({@code work/big/session.jsonl}) and the 1,000-session home ({@code work/home}), built when absent. */
    public static void prepare(Path work) throws IOException {
        List<Path> stress = stressLogs();
        Path big = work.resolve("big/session.jsonl");
        if (!Files.exists(big)) writeBigLog(big, stress.stream().max(Comparator.comparingLong(HealthBench::size)).orElseThrow());
        Path home = work.resolve("home");
        if (!Files.exists(home)) writeHome(home, stress);
    }

    /** Repeats one stress session's turns, renumbered, until the file reaches 50 MB. */
    private static void writeBigLog(Path big, Path source) throws IOException {
        Files.createDirectories(big.getParent());
        List<JsonNode> records = new ArrayList<>();
        for (String line : Files.readAllLines(source, StandardCharsets.UTF_8)) if (!line.isBlank()) records.add(M.readTree(line));
        int maxTurn = records.stream().mapToInt(r -> r.path("data").path("turn").asInt(0)).max().orElse(1);
        try (BufferedWriter w = Files.newBufferedWriter(big, StandardCharsets.UTF_8)) {
            w.write(records.get(0).toString());
            w.newLine();
            long written = 0;
            int copy = 0;
            while (written < TARGET_BYTES) {
                for (JsonNode r : records.subList(1, records.size())) {
                    JsonNode c = r.deepCopy();
                    if (c.path("data").has("turn") && c.path("data").get("turn").isNumber()) {
                        ((ObjectNode) c.get("data")).put("turn", c.path("data").get("turn").asInt() + copy * maxTurn);
                    }
                    String s = c.toString();
                    w.write(s);
                    w.newLine();
                    written += s.length() + 1;
                }
                copy++;
            }
        }
    }

    /** 1,000 sessions made of the stress logs, in 10 project folders. */
    private static void writeHome(Path home, List<Path> stress) throws IOException {
        for (int i = 0; i < SESSIONS; i++) {
            Path dir = Files.createDirectories(home.resolve("sessions/--project-" + (i % 10) + "--/session-" + i));
            Files.copy(stress.get(i % stress.size()), dir.resolve("session.jsonl"));
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }

    private static void resetPeaks() {
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) pool.resetPeakUsage();
    }

    private static long peakHeapMb() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) sum += pool.getPeakUsage().getUsed();
        }
        return sum / (1024 * 1024);
    }
}
