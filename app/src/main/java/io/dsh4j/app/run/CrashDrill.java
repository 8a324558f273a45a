package io.dsh4j.app.run;

import io.dsh4j.app.Main;
import io.dsh4j.session.CrashRepair;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.SessionLog;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The crash-safety drill of issue 11: starts {@code dsh4j run} as a child JVM against a replay model
 * server, kills it with SIGKILL at a random moment, then checks the log — it reads as {@code ok} or
 * {@code torn}, {@code --resume} (run in this JVM) repairs and continues it, nothing committed before
 * the kill is lost, and seqs stay contiguous with no repeats. Used by the test suite with a few kills
 * and by {@code bench}'s {@code RunCrashDriver} with a thousand.
 */
public final class CrashDrill {

    /** One model server per recording, shared by every kill of that recording. */
    public interface Servers {
        /** The base URL of a server replaying {@code recording}. */
        String baseUrl(Path recording) throws IOException;
    }

    /** The figures of a drill. */
    public record Result(int kills, int finishedFirst, int ok, int torn, int resumed, List<String> failures) {
        @Override
        public String toString() {
            return "runs " + kills + ": finished before the kill " + finishedFirst + ", killed with the log ok " + ok
                    + ", torn " + torn + "; resumed and verified " + resumed + "; failures " + failures.size();
        }
    }

    private final List<Path> recordings;
    private final List<String> prompts;
    private final Servers servers;
    private final Path work;
    private final SplittableRandom random;
    private java.util.function.Consumer<Result> progress;
    private Path classArchive;

    /**
     * @param recordings replayable recordings, with {@code prompts} their recorded prompts (same order)
     * @param work where homes and working directories are made
     */
    public CrashDrill(List<Path> recordings, List<String> prompts, Servers servers, Path work, long seed) {
        this.recordings = List.copyOf(recordings);
        this.prompts = List.copyOf(prompts);
        this.servers = servers;
        this.work = work;
        this.random = new SplittableRandom(seed);
    }

    /** Reports the figures so far every 25 runs. */
    public CrashDrill onProgress(java.util.function.Consumer<Result> sink) {
        this.progress = sink;
        return this;
    }

    /**
     * Starts every child JVM with a class-data-sharing archive at {@code archive} (written by the first
     * child, mapped by every later one: the class loading of start-up is paid once, not per kill).
     * Only for a class path of jars (a directory on the class path disables the archive, harmlessly).
     */
    public CrashDrill sharedClassArchive(Path archive) {
        this.classArchive = archive;
        return this;
    }

    /**
     * Runs {@code kills} runs; each is killed at a random moment within {@code [0, maxDelayMillis)} after
     * its log first appears on disk (a run that ends first counts as finished and is checked too).
     */
    public Result run(int kills, long maxDelayMillis) throws Exception {
        int finishedFirst = 0;
        int ok = 0;
        int torn = 0;
        int resumed = 0;
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < kills; i++) {
            int pick = random.nextInt(recordings.size());
            Path home = Files.createTempDirectory(work, "home");
            Path cwd = Files.createTempDirectory(work, "cwd");
            String url = servers.baseUrl(recordings.get(pick));
            Process p = launch(home, cwd, url, prompts.get(pick));
            long delay = random.nextLong(maxDelayMillis);
            while (p.isAlive() && findLog(home).isEmpty()) {
                p.waitFor(2, TimeUnit.MILLISECONDS);
            }
            boolean killed = false;
            if (!p.waitFor(delay, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly(); // SIGKILL on POSIX
                killed = true;
            }
            p.waitFor();
            if (!killed) finishedFirst++;
            String label = "run " + i + " (" + recordings.get(pick).getParent().getFileName() + ", kill " + delay
                    + " ms after the first write)";
            Optional<Path> log = findLog(home);
            if (log.isEmpty()) {
                failures.add(label + ": the run ended without writing a log");
                continue;
            }
            SessionLog before = SessionLogReader.read(log.get());
            switch (before.status()) {
                case LogStatus.Ok o -> {
                    if (killed) ok++;
                }
                case LogStatus.Torn t -> torn++;
                default -> {
                    failures.add(label + ": log is " + before.status().describe());
                    continue;
                }
            }
            List<SessionEvent> committed = new ArrayList<>(before.events());
            committed.addAll(before.recoveredEvents());
            String id = before.header().id();
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), "run", "--home", home.toString(),
                    "--cwd", cwd.toString(), "--base-url", url, "--yes", "--resume", id, "Continue.");
            if (code != 0 && code != 1) {
                failures.add(label + ": --resume exited " + code + ": " + err);
                continue;
            }
            SessionLog after = SessionLogReader.read(log.get());
            String problem = check(committed, after);
            if (problem != null) {
                failures.add(label + ": " + problem);
            } else {
                resumed++;
            }
            deleteTree(home);
            deleteTree(cwd);
            if (progress != null && (i + 1) % 25 == 0) {
                progress.accept(new Result(i + 1, finishedFirst, ok, torn, resumed, List.copyOf(failures)));
            }
        }
        return new Result(kills, finishedFirst, ok, torn, resumed, failures);
    }

    /** What is wrong with {@code after} given the events committed before the kill, or {@code null}. */
    static String check(List<SessionEvent> committed, SessionLog after) {
        if (!(after.status() instanceof LogStatus.Ok)) return "after --resume the log is " + after.status().describe();
        List<SessionEvent> events = after.events();
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).seq() != i) return "seq " + events.get(i).seq() + " at position " + i;
        }
        if (events.size() < committed.size()) return "events lost: " + committed.size() + " committed, " + events.size() + " after";
        for (int i = 0; i < committed.size(); i++) {
            if (!committed.get(i).type().equals(events.get(i).type()) || !committed.get(i).data().equals(events.get(i).data())) {
                return "committed event " + i + " (" + committed.get(i).type() + ") changed after --resume";
            }
        }
        if (!CrashRepair.closers(events).isEmpty()) return "a turn is still open after --resume";
        if (!events.getLast().type().equals(EventTypes.TURN_END)) return "the resumed log ends with " + events.getLast().type();
        return null;
    }

    private Process launch(Path home, Path cwd, String url, String prompt) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Xshare:auto"));
        if (classArchive != null) {
            cmd.add("-XX:+AutoCreateSharedArchive");
            cmd.add("-XX:SharedArchiveFile=" + classArchive);
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "run", "--home",
                home.toString(), "--cwd", cwd.toString(), "--base-url", url, "--yes", prompt));
        return new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static Optional<Path> findLog(Path home) throws IOException {
        try (Stream<Path> s = Files.walk(home)) {
            return s.filter(p -> p.getFileName().toString().equals("session.jsonl.zstd")).findFirst();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
