import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs the wave-one commands — {@code health --json}, {@code handoff}, {@code merge --json},
 * {@code sessions stats --json} — of one dsh4j build over every log of the corpus, in one JVM, and
 * writes each run's exit code, standard output and standard error to a file of its own, so that two
 * builds can be compared with {@code diff -r} (issue 9 acceptance: "the bars of wave one unchanged").
 *
 * <p>Usage: {@code java OutputSnapshot.java LIB_DIR CORPUS_DIR OUT_DIR}, where {@code LIB_DIR} is a
 * build's {@code app/target/dist/lib}. See {@code compare-outputs.sh}.
 */
public final class OutputSnapshot {

    static final String NOW = "2026-12-01T12:00:00Z";

    public static void main(String[] args) throws Exception {
        Path lib = Path.of(args[0]);
        Path corpus = Path.of(args[1]);
        Path out = Path.of(args[2]);
        Path home = Files.createTempDirectory("dsh4j-snapshot-home");
        List<URL> jars = new ArrayList<>();
        try (Stream<Path> s = Files.list(lib)) {
            for (Path p : s.sorted().toList()) jars.add(p.toUri().toURL());
        }
        ClassLoader loader = new URLClassLoader(jars.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
        Method run = loader.loadClass("io.dsh4j.app.Main").getMethod("run", PrintWriter.class, PrintWriter.class, String[].class);
        List<Path> raw;
        List<Path> zstd;
        try (Stream<Path> s = Files.walk(corpus.resolve("dsh"))) {
            raw = s.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList();
        }
        try (Stream<Path> s = Files.walk(corpus.resolve("dsh-zstd"))) {
            zstd = s.filter(p -> p.toString().endsWith(".zstd")).sorted().toList();
        }
        int runs = 0;
        for (List<Path> logs : List.of(raw, zstd)) {
            for (int i = 0; i < logs.size(); i++) {
                Path log = logs.get(i);
                String name = corpus.relativize(log).toString().replace('/', '_');
                String h = home.toString();
                runs += snap(run, out, "health/" + name, "health", log.toString(), "--json", "--now", NOW, "--home", h);
                runs += snap(run, out, "handoff/" + name, "handoff", log.toString(), "--now", NOW, "--home", h, "--no-record");
                runs += snap(run, out, "stats/" + name, "sessions", "stats", log.toString(), "--json");
                runs += snap(run, out, "merge/" + name, "merge", log.toString(), "--json", "--home", h);
                if (i + 1 < logs.size()) {
                    runs += snap(run, out, "merge-pair/" + name, "merge", log.toString(), logs.get(i + 1).toString(),
                            "--json", "--home", h);
                }
            }
        }
        System.out.println(runs + " runs over " + raw.size() + " raw and " + zstd.size() + " zstd logs -> " + out);
    }

    static int snap(Method run, Path out, String file, String... args) throws Exception {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code;
        try (PrintWriter po = new PrintWriter(o); PrintWriter pe = new PrintWriter(e)) {
            code = (int) run.invoke(null, po, pe, args);
        }
        Path target = out.resolve(file + ".txt");
        Files.createDirectories(target.getParent());
        Files.writeString(target, "exit " + code + "\n--- stdout\n" + o + "\n--- stderr\n" + e, StandardCharsets.UTF_8);
        return 1;
    }
}
