import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Prints what every command of the wave-one bars says on the whole shared corpus — stdout, stderr and
 * exit code of `sessions stats|verify|show`, `health`, `handoff`, `merge` (each log, and every log
 * with its neighbour) and every `--help` — so that two builds can be compared byte for byte
 * (bench/scripts/compare-outputs.sh). Runs the command line in process: java -cp "DIST/lib/*" OutputSnapshot.java CORPUS
 */
public class OutputSnapshot {
    public static void main(String[] a) throws Exception {
        Path corpus = Path.of(a[0]);
        Path home = Files.createTempDirectory("dsh4j-snapshot-home");
        List<Path> logs = new ArrayList<>();
        for (String dir : List.of("dsh", "dsh-zstd", "zstd-damaged")) {
            try (Stream<Path> s = Files.walk(corpus.resolve(dir))) {
                s.filter(p -> p.toString().endsWith(".jsonl") || p.toString().endsWith(".zstd")).sorted().forEach(logs::add);
            }
        }
        String h = home.toString();
        String now = "2026-09-19T02:00:00Z";
        List<String[]> runs = new ArrayList<>();
        for (String[] help : new String[][] {{"--help"}, {"sessions", "--help"}, {"sessions", "list", "--help"}, {"sessions", "show", "--help"},
                {"sessions", "stats", "--help"}, {"sessions", "verify", "--help"}, {"health", "--help"}, {"handoff", "--help"},
                {"merge", "--help"}, {"bench", "merge", "--help"}, {"profile", "dump", "--help"}}) {
            runs.add(help);
        }
        for (int i = 0; i < logs.size(); i++) {
            String f = logs.get(i).toString();
            runs.add(new String[] {"sessions", "stats", "--home", h, f});
            runs.add(new String[] {"sessions", "stats", "--home", h, "--json", f});
            runs.add(new String[] {"sessions", "verify", "--home", h, f});
            runs.add(new String[] {"sessions", "show", "--home", h, f});
            runs.add(new String[] {"health", "--home", h, "--now", now, f});
            runs.add(new String[] {"health", "--home", h, "--now", now, "--json", f});
            runs.add(new String[] {"handoff", "--home", h, "--now", now, "--no-record", f});
            runs.add(new String[] {"merge", "--home", h, f});
            runs.add(new String[] {"merge", "--home", h, "--json", f, logs.get((i + 1) % logs.size()).toString()});
        }
        runs.add(new String[] {"sessions", "stats", "--home", h, "no-such-session"});
        runs.add(new String[] {"merge", "--home", h, "no-such-session", "a/b.jsonl"});
        runs.add(new String[] {"health", "--home", h, "nothing-here"});
        Class<?> main = Class.forName("io.dsh4j.app.Main");
        var run = main.getMethod("run", PrintWriter.class, PrintWriter.class, String[].class);
        PrintWriter report = new PrintWriter(System.out, true);
        for (String[] args : runs) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            PrintWriter o = new PrintWriter(out);
            PrintWriter e = new PrintWriter(err);
            Object code = run.invoke(null, o, e, (Object) args);
            o.flush();
            e.flush();
            report.println("=== " + String.join(" ", args).replace(h, "HOME") + " -> " + code);
            report.println(out.toString().replace(h, "HOME"));
            report.println("--- stderr");
            report.println(err.toString().replace(h, "HOME"));
        }
        report.flush();
    }
}
