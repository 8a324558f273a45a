package io.dsh4j.app;

import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.SessionLayout;
import io.dsh4j.session.SessionLogWriter;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.StorageCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The training run of dsh4j's ahead-of-time cache (JDK 25+, {@code -XX:AOTCacheOutput}): run once
 * by {@code ./mvnw package} against the distribution, it writes a small DSH home (a zstd and a raw
 * session of ordinary turns: user messages, streamed chunks, tool calls and results, usage) and runs
 * the everyday commands over it in this one JVM — help, version, {@code sessions}, {@code health},
 * {@code handoff}, {@code merge} — so that the classes they load and link, and the profiles of their
 * hot methods, are in the cache that {@code bin/dsh4j} then maps at every start. Output is discarded.
 * Run by the launcher ({@code DSH4J_AOT_TRAIN=CACHE bin/dsh4j}), with the options of every run.
 *
 * <p>Usage: {@code java -XX:AOTCacheOutput=CACHE -cp 'lib/*' io.dsh4j.app.AotTraining WORK-DIR [help]};
 * with {@code help}, only the top-level help runs (the launcher's help cache, {@link #HELP}).
 */
public final class AotTraining {

    private static final int TURNS = 40;
    /** Rounds over the commands: the launcher runs C1 only, so there are no profiles to gather, only classes to load. */
    private static final int ROUNDS = 1;
    private static final String NOW = "2026-09-19T02:00:00Z";
    /**
     * The group of the second, smaller cache that the launcher maps for the top-level help alone
     * ({@code dsh4j}, {@code --help}, {@code -h}, {@code help}): a cache holds every class it was
     * trained on and the JVM loads all of them at start, so the help, which needs a tenth of them,
     * starts with less memory and CPU from a cache of its own.
     */
    static final String HELP = "help";
    private static final String[][] HELP_RUNS = {{}, {"--help"}, {"-h"}, {"help"}};

    private AotTraining() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2 || args.length == 2 && !args[1].equals(HELP)) {
            throw new IllegalArgumentException("usage: AotTraining WORK-DIR [help]");
        }
        PrintWriter sink = new PrintWriter(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        if (args.length == 2) { // the help cache: no training logs, whose writing would load what the help never does
            for (String[] run : HELP_RUNS) Main.run(sink, sink, run);
            exitLogger();
            return;
        }
        Path work = Path.of(args[0]).toAbsolutePath();
        Path zhome = work.resolve("zstd-home");
        Path rhome = work.resolve("raw-home");
        Path zlog = write(zhome, "training-zstd", LogEncoding.ZSTD);
        Path rlog = write(rhome, "training-raw", LogEncoding.RAW);
        Path xlog = writeRich(rhome);
        String z = zlog.toString();
        String r = rlog.toString();
        String x = xlog.toString();
        String[][] runs = {
            {"--help"}, {"--version"}, {"help", "sessions"}, {"sessions", "--help"}, {"health", "--help"},
            {"sessions", "list", "--home", zhome.toString()},
            {"sessions", "stats", z}, {"sessions", "stats", "--json", r}, {"sessions", "verify", z, r},
            {"sessions", "show", z},
            {"health", z, "--now", NOW}, {"health", "--json", r, "--now", NOW},
            {"health", "--all", "--home", zhome.toString(), "--now", NOW},
            {"handoff", z, "--no-record", "--home", zhome.toString(), "--now", NOW},
            {"merge", z, r}, {"merge", "--json", z, r},
            // the rows of bench/startup: a raw home (health --all), and a session with the events the
            // turn loop above has not (titles, file edits, compactions, todos, a goal, a guard trip, errors)
            {"health", x, "--now", NOW}, {"health", "--json", x, "--now", NOW},
            {"health", "--all", "--home", rhome.toString(), "--now", NOW},
            {"handoff", x, "--no-record", "--home", rhome.toString(), "--now", NOW},
            {"merge", x, r}, {"sessions", "stats", x},
            {"no-such-command"},
        };
        for (int round = 0; round < ROUNDS; round++) {
            for (String[] run : runs) Main.run(sink, sink, run);
        }
        exitLogger();
    }

    /**
     * Runtime.exit asks System.getLogger("java.lang.Runtime") whether to log the exit: the logger
     * classes that this loads at the end of every command are then in the cache too.
     */
    private static void exitLogger() {
        System.getLogger("java.lang.Runtime").isLoggable(System.Logger.Level.DEBUG);
    }

    /**
     * A raw session beside the turn loop's, with the events that loop has not: a title, a goal, todos,
     * file writes and edits, a command that writes a file, an ask_user_question answer, a tool error,
     * a compaction with its summary, a turn aborted by the attention-health guard, a failed turn.
     */
    private static Path writeRich(Path home) throws IOException {
        Path dir = home.resolve("sessions").resolve("--training-rich--").resolve("training-rich");
        Path log = dir.resolve("session.jsonl");
        if (Files.exists(log)) return log;
        Files.createDirectories(dir);
        List<String> out = new ArrayList<>();
        out.add("{\"type\":\"session\",\"version\":0,\"id\":\"training-rich\",\"createdAt\":1783352050748,"
                + "\"cwd\":\"/training/rich\"}");
        long seq = 0;
        long time = 1_783_352_051_000L;
        out.add(ev("session/title", seq++, time++, "{\"title\":\"Training: files, todos, compaction\",\"source\":{\"kind\":\"fallback\"}}", ""));
        out.add(ev("goal/change", seq++, time++, "{\"operation\":\"set\",\"goal\":{\"objective\":\"Make the build green\","
                + "\"phase\":\"working\",\"maxGoalRounds\":5},\"roundsStarted\":1}", ""));
        for (int t = 1; t <= 6; t++) {
            String call = "rich_" + t;
            out.add(ev("turn/start", seq++, time++, "{\"turn\":" + t + "}", ""));
            out.add(ev("user/message", seq++, time++, "{\"content\":[{\"type\":\"text\",\"text\":\"We decided to keep the "
                    + "public API unchanged and to use PostgreSQL 16 on port " + (5500 + t) + "; please fix src/app/File" + t
                    + ".java and run the tests again.\"}],\"source\":{\"kind\":\"user\"},\"role\":\"user\"}", ""));
            out.add(ev("request/context", seq++, time++, "{\"provider\":\"deepseek-official\",\"model\":\"deepseek-v4-pro\","
                    + "\"contextWindow\":131072}", ""));
            String tool = t % 3 == 0 ? "edit" : t % 3 == 1 ? "write" : "bash";
            String args = tool.equals("bash") ? "{\\\"command\\\": \\\"echo ok > build/out" + t + ".txt\\\"}"
                    : "{\\\"path\\\": \\\"src/app/File" + t + ".java\\\"}";
            out.add(ev("assistant/message", seq++, time++, "{\"turn\":" + t + ",\"message\":{\"role\":\"assistant\","
                    + "\"content\":[{\"type\":\"reasoning\",\"text\":\"check\\ncheck\\ncheck\"},{\"type\":\"text\",\"text\":"
                    + "\"**Decision**: we will keep the public API and change File" + t + " only.\\n\\n```java\\nint x;\\n```\"}]},"
                    + "\"usage\":{\"inputTokens\":" + (3000 * t) + ",\"outputTokens\":120,\"cacheReadTokens\":" + (2500 * t)
                    + ",\"reasoningTokens\":30}}", ""));
            out.add(ev("tool/call", seq++, time++, "{\"turn\":" + t + ",\"callId\":\"" + call + "\",\"name\":\"" + tool
                    + "\",\"arguments\":\"" + args + "\"}", ""));
            out.add(ev("tool/result", seq++, time++, "{\"turn\":" + t + ",\"message\":{\"content\":[{\"type\":\"tool-result\","
                    + "\"toolCallId\":\"" + call + "\",\"toolName\":\"" + tool + "\",\"content\":[{\"type\":\"text\",\"text\":\""
                    + (t == 2 ? "error: permission denied" : "done") + "\"}],\"isError\":" + (t == 2) + "}]}"
                    + (t == 2 ? ",\"error\":{\"name\":\"EACCES\",\"code\":\"E13\"}" : "") + "}", ""));
            if (t == 3) {
                out.add(ev("tool/call", seq++, time++, "{\"turn\":3,\"callId\":\"ask_3\",\"name\":\"ask_user_question\","
                        + "\"arguments\":\"{}\"}", ""));
                out.add(ev("tool/result", seq++, time++, "{\"turn\":3,\"message\":{\"content\":[{\"type\":\"tool-result\","
                        + "\"toolCallId\":\"ask_3\",\"content\":[{\"type\":\"text\",\"text\":\"User answered: keep port 5503\"}]}]}}", ""));
                out.add(ev("todo/write", seq++, time++, "{\"todos\":[{\"content\":\"fix File3\",\"status\":\"completed\"},"
                        + "{\"content\":\"run the tests\",\"status\":\"in_progress\"},{\"content\":\"report\",\"status\":\"pending\"}]}", ""));
                out.add(ev("compaction/start", seq++, time++, "{\"turn\":3,\"manual\":false}", ""));
                out.add(ev("compaction/summary", seq++, time++, "{\"turn\":3,\"summary\":[{\"type\":\"text\",\"text\":\"Summary of "
                        + "turns 1-3\"}],\"model\":\"deepseek-v4-flash\",\"shadowedTokens\":6000,\"usage\":{\"inputTokens\":9000,"
                        + "\"outputTokens\":400}}", ""));
                out.add(ev("compaction/end", seq++, time++, "{\"turn\":3}", ""));
            }
            String end = t == 4 ? "{\"kind\":\"aborted\",\"reason\":{\"kind\":\"hook\",\"reason\":\"[attention-health] "
                    + "loop guard: the same call three times\"}}" : t == 5 ? "{\"kind\":\"error\",\"error\":{\"message\":\"model "
                    + "unavailable\"}}" : "{\"kind\":\"completed\"}";
            out.add(ev("turn/end", seq++, time++, "{\"turn\":" + t + ",\"reason\":" + end + "}", ""));
        }
        Files.write(log, out, StandardCharsets.UTF_8);
        return log;
    }

    /** A session of {@value #TURNS} ordinary turns under {@code home}, in {@code encoding}. */
    private static Path write(Path home, String id, LogEncoding encoding) throws IOException {
        SessionHeader header = SessionHeader.create(id, 1_783_352_050_748L, "/training/project");
        Path root = home.resolve("sessions");
        Path log = SessionLayout.logPath(root, header.cwd(), id, encoding);
        if (Files.exists(log)) return log;
        SessionLogWriter writer = SessionLogWriter.create(root, header, encoding).withoutSync();
        List<String> lines = lines();
        List<SessionEvent> batch = new ArrayList<>();
        long seq = 0;
        for (String line : lines) {
            batch.add((SessionEvent) StorageCodec.decode(line, seq++));
            if (batch.size() == 6) {
                writer.append(batch);
                batch = new ArrayList<>();
            }
        }
        if (!batch.isEmpty()) writer.append(batch);
        return log;
    }

    private static List<String> lines() {
        List<String> out = new ArrayList<>();
        long seq = 0;
        long time = 1_783_352_051_000L;
        for (int t = 1; t <= TURNS; t++) {
            String call = "call_" + t;
            String user = "Turn " + t + ": the build of module m" + t + " fails; the database engine is PostgreSQL and the port is "
                    + (5400 + t) + ". Run the tests and report.";
            out.add(ev("turn/start", seq++, time++, "{\"turn\":" + t + "}", ""));
            out.add(ev("step/start", seq++, time++, "{\"turn\":" + t + ",\"step\":1}", ""));
            out.add(ev("user/message", seq++, time++, "{\"content\":[{\"type\":\"text\",\"text\":\"" + user
                    + "\"}],\"source\":{\"kind\":\"user\"},\"role\":\"user\",\"id\":\"u" + t + "\"}", ",\"surfaceOp\":\"append\""));
            out.add(ev("request/context", seq++, time++, "{\"provider\":\"deepseek-official\",\"model\":\"deepseek-v4-flash\","
                    + "\"contextWindow\":131072}", ""));
            out.add(chunk(seq++, time++, t, 1, "{\"type\":\"block-start\",\"index\":0,\"blockType\":\"reasoning\"}"));
            for (int d = 0; d < 4; d++) {
                out.add(chunk(seq++, time++, t, 1, "{\"type\":\"reasoning-delta\",\"index\":0,\"text\":\"think " + d + " \"}"));
            }
            out.add(chunk(seq++, time++, t, 1, "{\"type\":\"block-end\",\"index\":0,\"block\":{\"type\":\"reasoning\",\"text\":"
                    + "\"think 0 think 1 think 2 think 3 \"}}"));
            out.add(chunk(seq++, time++, t, 1, "{\"type\":\"usage\",\"usage\":{\"inputTokens\":" + (2000 + 900 * t)
                    + ",\"outputTokens\":90,\"cacheReadTokens\":" + (1500 + 800 * t) + ",\"reasoningTokens\":18}}"));
            out.add(chunk(seq++, time++, t, 1, "{\"type\":\"finish\",\"reason\":{\"kind\":\"tool-calls\"}}"));
            String args = "{\\\"command\\\": \\\"mvn -q test -pl m" + t + "\\\"}";
            out.add(ev("assistant/message", seq++, time++, "{\"turn\":" + t + ",\"step\":1,\"message\":{\"role\":\"assistant\","
                    + "\"content\":[{\"type\":\"reasoning\",\"text\":\"think 0 think 1 think 2 think 3 \"},{\"type\":\"text\",\"text\":"
                    + "\"I will run the tests of m" + t + " first.\"},{\"type\":\"tool-call\",\"id\":\"" + call + "\",\"name\":\"bash\","
                    + "\"arguments\":\"" + args + "\"}],\"source\":{\"kind\":\"model\",\"provider\":\"deepseek-official\","
                    + "\"model\":\"deepseek-v4-flash\"},\"id\":\"a" + t + "\"}}", ",\"surfaceOp\":\"append\",\"sourceEventSeqs\":[]"));
            out.add(ev("tool/call", seq++, time++, "{\"turn\":" + t + ",\"step\":1,\"callId\":\"" + call
                    + "\",\"name\":\"bash\",\"arguments\":\"" + args + "\"}", ""));
            out.add(ev("tool/result", seq++, time++, "{\"turn\":" + t + ",\"step\":1,\"message\":{\"source\":{\"kind\":\"tool\","
                    + "\"callId\":\"" + call + "\"},\"content\":[{\"type\":\"tool-result\",\"toolCallId\":\"" + call + "\",\"content\":"
                    + "[{\"type\":\"text\",\"text\":\"Tests run: " + (10 + t) + ", Failures: " + (t % 3) + "\\nsrc/m" + t
                    + "/Main.java:42: error\"}],\"isError\":" + (t % 3 == 0) + "}],\"role\":\"user\",\"id\":\"r" + t + "\"}}",
                    ",\"sourceEventSeqs\":[" + (seq - 2) + "],\"surfaceOp\":\"append\""));
            out.add(ev("step/end", seq++, time++, "{\"turn\":" + t + ",\"step\":1}", ""));
            out.add(ev("turn/end", seq++, time++, "{\"turn\":" + t + ",\"reason\":{\"kind\":\"completed\"}}", ""));
        }
        return out;
    }

    private static String chunk(long seq, long time, int turn, int step, String chunk) {
        return ev("assistant/chunk", seq, time, "{\"turn\":" + turn + ",\"step\":" + step + ",\"chunk\":" + chunk + "}", "");
    }

    private static String ev(String type, long seq, long time, String data, String tail) {
        return "{\"type\":\"" + type + "\",\"seq\":" + seq + ",\"time\":" + time + ",\"data\":" + data + tail + "}";
    }
}
