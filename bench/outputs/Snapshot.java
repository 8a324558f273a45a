import io.dsh4j.app.Main;
import io.dsh4j.app.Utf8Text;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Output snapshot of the dsh4j command line over the whole corpus (issue 16: outputs byte-identical
 * before and after). A single-file program run against a distribution's jars, so the same driver
 * snapshots any version:
 * {@code java -cp 'app/target/dist/lib/*' bench/outputs/Snapshot.java CORPUS OUT [EXTRA-INPUT...]}.
 * For every log under CORPUS ({@code *.jsonl}, {@code *.jsonl.zstd}) it runs {@code health},
 * {@code health --json}, {@code handoff} (slim, and full in zh-CN; never recorded), {@code sessions
 * stats [--json]}, {@code sessions verify}, {@code sessions show} and {@code merge} of the log with
 * its neighbour, in this one JVM through {@code Main.run}; each run's exit code, stdout and stderr go
 * to one file under OUT named after the log and the command. An EXTRA-INPUT that is a folder is taken
 * as a DSH home ({@code health --all}); a file gets the per-log commands. Compare two OUT folders with
 * {@code diff -r} (bench/compare-outputs does both).
 */
public class Snapshot {

    static final String NOW = "2026-09-19T02:00:00Z";

    public static void main(String[] args) throws IOException {
        Path corpus = Path.of(args[0]).toAbsolutePath();
        Path out = Path.of(args[1]).toAbsolutePath();
        Path emptyHome = Files.createDirectories(Path.of(System.getProperty("snapshot.home", out + ".home")));
        List<Path> logs;
        try (Stream<Path> s = Files.walk(corpus)) {
            logs = s.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".jsonl") || p.toString().endsWith(".jsonl.zstd"))
                    .sorted().toList();
        }
        List<Path> extra = new ArrayList<>();
        for (int i = 2; i < args.length; i++) extra.add(Path.of(args[i]).toAbsolutePath());
        int runs = 0;
        for (int i = 0; i < logs.size(); i++) {
            Path log = logs.get(i);
            String name = corpus.relativize(log).toString().replace('/', '_');
            runs += perLog(out, name, log, logs.get((i + 1) % logs.size()), emptyHome);
        }
        for (Path p : extra) {
            String name = "extra_" + p.getFileName();
            if (Files.isDirectory(p)) {
                run(out.resolve(name + ".health-all"), "health", "--all", "--home", p.toString(), "--now", NOW);
                run(out.resolve(name + ".health-all-json"), "health", "--all", "--json", "--home", p.toString(), "--now", NOW);
                runs += 2;
            } else {
                runs += perLog(out, name, p, p, emptyHome);
            }
        }
        System.out.println(runs + " runs over " + logs.size() + " corpus logs and " + extra.size() + " extra inputs -> " + out);
    }

    static int perLog(Path out, String name, Path log, Path other, Path home) throws IOException {
        String l = log.toString();
        String h = home.toString();
        run(out.resolve(name + ".health"), "health", l, "--home", h, "--now", NOW);
        run(out.resolve(name + ".health-json"), "health", "--json", l, "--home", h, "--now", NOW);
        run(out.resolve(name + ".handoff"), "handoff", l, "--no-record", "--home", h, "--now", NOW);
        run(out.resolve(name + ".handoff-full-zh"), "handoff", l, "--no-record", "--profile", "full", "--lang", "zh-CN", "--home", h,
                "--now", NOW);
        run(out.resolve(name + ".stats"), "sessions", "stats", l);
        run(out.resolve(name + ".stats-json"), "sessions", "stats", "--json", l);
        run(out.resolve(name + ".verify"), "sessions", "verify", l);
        run(out.resolve(name + ".show"), "sessions", "show", l);
        run(out.resolve(name + ".merge"), "merge", "--home", h, l, other.toString());
        return 9;
    }

    static void run(Path file, String... args) throws IOException {
        Files.createDirectories(file.getParent());
        try (OutputStream os = Files.newOutputStream(file)) {
            PrintWriter out = Utf8Text.writer(os);
            PrintWriter err = Utf8Text.writer(os);
            os.write(("$ dsh4j " + String.join(" ", args) + "\n").getBytes(StandardCharsets.UTF_8));
            int code = Main.run(out, err, args);
            out.flush();
            err.flush();
            os.write(("exit " + code + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }
}
