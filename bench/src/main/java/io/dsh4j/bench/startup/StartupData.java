package io.dsh4j.bench.startup;

import io.dsh4j.bench.attention.HealthBench;
import io.dsh4j.bench.session.LongSession;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Builds the inputs of the whole-process start-up benchmark ({@code bench/startup}, issue 16) in a
 * work folder, each only when absent, and prints one {@code name=path} line per input for the
 * script to read. Run from the checkout root:
 * {@code java -cp bench/target/benchmarks.jar io.dsh4j.bench.startup.StartupData bench/target/startup-data}.
 *
 * <ul>
 *   <li>{@code big}, {@code home}: HealthBench's 50 MB log and 1,000-session home;
 *   <li>{@code long}: LongSession's 60 MiB (decoded) zstd log;
 *   <li>{@code slotsA}, {@code slotsB}: two synthetic sessions of {@value #SLOTS} distinct statements
 *       each, whose merge has 2 × {@value #SLOTS} slots (the original's seed search is quadratic).
 * </ul>
 */
public final class StartupData {

    static final int SLOTS = 80;

    private StartupData() {}

    public static void main(String[] args) throws IOException {
        Path work = Path.of(args.length > 0 ? args[0] : "bench/target/startup-data").toAbsolutePath();
        Path health = work.resolve("health");
        HealthBench.prepare(health);
        LongSession.Built long60 = LongSession.ofAtLeast(60);
        Path a = synthetic(work.resolve("slots/a/session.jsonl"), "slots-a", 0);
        Path b = synthetic(work.resolve("slots/b/session.jsonl"), "slots-b", 1);
        System.out.println("big=" + health.resolve("big/session.jsonl"));
        System.out.println("home=" + health.resolve("home"));
        System.out.println("long=" + long60.zstd());
        System.out.println("slotsA=" + a);
        System.out.println("slotsB=" + b);
    }

    /** A raw session log of {@value #SLOTS} user statements, each about its own subject. */
    static Path synthetic(Path log, String id, int variant) throws IOException {
        if (Files.exists(log)) return log;
        Files.createDirectories(log.getParent());
        StringBuilder sb = new StringBuilder();
        sb.append("{\"type\":\"session\",\"version\":0,\"id\":\"").append(id)
                .append("\",\"createdAt\":1783352050748,\"cwd\":\"/bench/slots\",\"delegationDepth\":0}\n");
        int seq = 0;
        sb.append("{\"type\":\"turn/start\",\"seq\":").append(seq++).append(",\"time\":1,\"data\":{\"turn\":1}}\n");
        for (int i = 0; i < SLOTS; i++) {
            String text = "The " + SUBJECTS[i % SUBJECTS.length] + " of service " + (char) ('a' + i / SUBJECTS.length)
                    + " is " + VALUES[(i + variant * 3) % VALUES.length] + " " + (i * 7 + variant) + ".";
            sb.append("{\"type\":\"user/message\",\"seq\":").append(seq++).append(",\"time\":1,\"data\":{\"id\":\"u").append(i)
                    .append("\",\"role\":\"user\",\"source\":{\"kind\":\"user\"},\"content\":[{\"type\":\"text\",\"text\":\"")
                    .append(text).append("\"}]},\"surfaceOp\":\"append\"}\n");
        }
        sb.append("{\"type\":\"turn/end\",\"seq\":").append(seq)
                .append(",\"time\":1,\"data\":{\"turn\":1,\"reason\":{\"kind\":\"completed\"}}}\n");
        Files.writeString(log, sb.toString(), StandardCharsets.UTF_8);
        return log;
    }

    private static final String[] SUBJECTS = {"database engine", "cache size", "deploy day", "region", "log level",
        "timeout", "owner", "queue depth", "retry limit", "port"};
    private static final String[] VALUES = {"PostgreSQL", "forty", "Friday", "frankfurt", "debug", "ninety", "alice",
        "sixteen", "three", "eight"};
}
