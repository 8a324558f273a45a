package io.dsh4j.bench.hostile;

import io.dsh4j.message.json.JsNumbers;
import io.dsh4j.testkit.HostileLogs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Finding 4 of issue 17 as the user meets it: one long message through the whole {@code health} and
 * {@code merge} commands, each run a fresh process of {@code bin/dsh4j} (launcher, JVM start-up, read,
 * render, print) under {@code /usr/bin/time}. For every size it writes the one-message log of
 * {@link HostileLogs#longMessage} (seed 4) and runs {@code health --now … FILE} and {@code merge FILE
 * OTHER} (OTHER: a 2,000-character one-message log, seed 5) {@code RUNS} times, printing wall seconds,
 * CPU seconds (user + sys) and peak RSS as min / median / max, and the load average before and after.
 * The launcher's environment is passed on, so {@code DSH4J_OPTS='-XX:TieredStopAtLevel=4'} measures full
 * tiered compilation.
 *
 * <p>{@code LongMessageCommandDriver [--launcher PATH] [--keep DIR] [RUNS [MB...]]} (default 5 runs, sizes
 * 0.5 2 10; the launcher defaults to {@code bin/dsh4j} of the current directory).
 */
public final class LongMessageCommandDriver {

    private LongMessageCommandDriver() {}

    /** One process run: wall and CPU seconds, peak resident KiB, exit code. */
    record Run(double wall, double cpu, long rssKib, int exit) {}

    public static void main(String[] args) throws Exception {
        Path launcher = Path.of("bin/dsh4j");
        Path keep = null;
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--launcher" -> launcher = Path.of(args[++i]);
                case "--keep" -> keep = Path.of(args[++i]);
                default -> rest.add(args[i]);
            }
        }
        int runs = rest.isEmpty() ? 5 : Integer.parseInt(rest.getFirst());
        double[] sizes = rest.size() < 2 ? new double[] {0.5, 2, 10}
                : rest.subList(1, rest.size()).stream().mapToDouble(JsNumbers::stringToNumber).toArray();
        if (!Files.isExecutable(launcher)) throw new IllegalArgumentException("no launcher at " + launcher.toAbsolutePath());
        Path dir = keep != null ? Files.createDirectories(keep) : Files.createTempDirectory("dsh4j-long-command");
        Path home = Files.createDirectories(dir.resolve("home"));
        Path other = HostileLogs.longMessage(dir.resolve("other.jsonl"), 2_000, 5);
        String opts = System.getenv().getOrDefault("DSH4J_OPTS", "");
        System.out.printf("launcher %s, DSH4J_OPTS='%s', %d runs per cell, load average %s%n", launcher, opts, runs, loadAverage());
        System.out.printf("%-6s %-7s %-20s %-20s %-20s %s%n", "MB", "command", "wall s min/med/max", "CPU s min/med/max",
                "peak MiB min/med/max", "exit");
        for (double mb : sizes) {
            Path log = dir.resolve("long-" + mb + "mb.jsonl");
            if (!Files.exists(log)) HostileLogs.longMessage(log, (int) (mb * 1_000_000), 4);
            List<List<String>> commands = List.of(
                    List.of("health", "--home", home.toString(), "--now", "2026-09-19T02:00:00Z", log.toString()),
                    List.of("merge", "--home", home.toString(), log.toString(), other.toString()));
            for (List<String> command : commands) {
                List<Run> results = new ArrayList<>();
                for (int i = 0; i < runs; i++) results.add(run(launcher, command, dir));
                System.out.printf("%-6s %-7s %-20s %-20s %-20s %s%n", mb, command.getFirst(),
                        spread(results.stream().mapToDouble(Run::wall).toArray(), "%.2f"),
                        spread(results.stream().mapToDouble(Run::cpu).toArray(), "%.2f"),
                        spread(results.stream().mapToDouble(r -> r.rssKib() / 1024.0).toArray(), "%.0f"),
                        results.stream().map(r -> Integer.toString(r.exit())).distinct().toList());
            }
            if (keep == null) Files.delete(log);
        }
        System.out.printf("load average after: %s%n", loadAverage());
    }

    private static Run run(Path launcher, List<String> command, Path dir) throws IOException, InterruptedException {
        Path times = Files.createTempFile(dir, "time", ".out"); // one per run: two drivers may share a folder
        List<String> argv = new ArrayList<>(List.of("/usr/bin/time", "-f", "%e %U %S %M", "-o", times.toString(),
                launcher.toString()));
        argv.addAll(command);
        Process p = new ProcessBuilder(argv).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        int exit = p.waitFor();
        List<String> lines = Files.readAllLines(times, StandardCharsets.UTF_8);
        Files.delete(times);
        String[] f = lines.getLast().trim().split(" ");
        return new Run(JsNumbers.stringToNumber(f[0]), JsNumbers.stringToNumber(f[1]) + JsNumbers.stringToNumber(f[2]),
                Long.parseLong(f[3]), exit);
    }

    private static String spread(double[] values, String format) {
        double[] v = values.clone();
        Arrays.sort(v);
        double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        return String.format(Locale.ROOT, format + "/" + format + "/" + format, v[0], median, v[v.length - 1]);
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "unknown";
        }
    }
}
