package io.dsh4j.bench.agent;

import io.dsh4j.app.run.CrashDrill;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.ReplayModelServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Issue 11's crash-safety driver: {@code kills} runs of {@code dsh4j run} (child JVMs) over replayed
 * corpus sessions, each SIGKILLed at a random moment after its first write, then checked and resumed
 * ({@link CrashDrill}). Prints the figures and every failure; exit 1 if any.
 * Usage: {@code RunCrashDriver [kills=1000] [maxDelayMs=1500] [seed=1]}.
 */
public final class RunCrashDriver {

    static final List<String> RECORDINGS = List.of("fs-read", "fs-write", "fs-edit", "bash-tool-turn", "parallel-tool-calls",
            "tool-call-turn", "text-turn", "fs-glob-sampling", "repeat-tool-reminder");

    private static final long START = System.nanoTime();

    private RunCrashDriver() {}

    public static void main(String[] args) throws Exception {
        int kills = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        long maxDelay = args.length > 1 ? Long.parseLong(args[1]) : 1500;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 1;
        List<Path> logs = new ArrayList<>();
        List<String> prompts = new ArrayList<>();
        for (String name : RECORDINGS) {
            Path log = Corpus.rawDir().resolve("examples/acp-agent/tests/snapshots").resolve(name).resolve("session.jsonl");
            logs.add(log);
            prompts.add(prompt(log));
        }
        Map<Path, ReplayModelServer> servers = new HashMap<>();
        Path work = Files.createTempDirectory("dsh4j-crash-drill");
        boolean failed;
        try {
            CrashDrill drill = new CrashDrill(logs, prompts, recording -> {
                ReplayModelServer s = servers.get(recording);
                if (s == null) {
                    s = ReplayModelServer.start(recording, 0, List.of("--delay-ms", "20"));
                    servers.put(recording, s);
                }
                return s.baseUrl();
            }, work, seed).sharedClassArchive(work.resolve("run.jsa"))
                    .onProgress(r -> System.out.println("... " + r + " (" + (System.nanoTime() - START) / 1_000_000_000 + " s)"));
            long t0 = System.nanoTime();
            CrashDrill.Result r = drill.run(kills, maxDelay);
            System.out.println(r + " in " + (System.nanoTime() - t0) / 1_000_000_000 + " s");
            r.failures().forEach(System.out::println);
            failed = !r.failures().isEmpty();
        } finally {
            servers.values().forEach(ReplayModelServer::close); // before exiting: the servers are child processes
        }
        System.exit(failed ? 1 : 0);
    }

    /** The first direct user prompt of a recording. */
    static String prompt(Path log) throws java.io.IOException {
        var json = io.dsh4j.message.json.JsJson.mapper();
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            var e = json.readTree(line);
            if ("user/message".equals(e.path("type").asText()) && "user".equals(e.path("data").path("source").path("kind").asText())) {
                StringBuilder b = new StringBuilder();
                e.path("data").path("content").forEach(c -> b.append(c.path("text").asText("")));
                return b.toString();
            }
        }
        throw new IllegalArgumentException("no user prompt in " + log);
    }
}
