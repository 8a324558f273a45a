package io.dsh4j.build;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The checkout these tests run in (the parent of the {@code app} module) and a way to run its scripts. */
final class Repo {

    private Repo() {}

    /** The repository root: the folder holding {@code mvnw}, found upwards from the working directory. */
    static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("mvnw")) && Files.isDirectory(p.resolve("app"))) return p;
        }
        throw new IllegalStateException("no dsh4j checkout (a folder with mvnw and app/) above " + dir);
    }

    static String read(String relative) {
        try {
            return Files.readString(root().resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Exit code, standard output and standard error of one script run. */
    record Run(int code, String out, String err) {}

    /**
     * Runs {@code command} with exactly the environment {@code env} (nothing inherited) and waits for
     * it; a run that has not ended after two minutes is killed and reported as an error.
     */
    static Run run(Map<String, String> env, Path workDir, String... command) {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(List.of(command))).directory(workDir.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        try {
            Path out = Files.createTempFile("dsh4j-run", ".out");
            Path err = Files.createTempFile("dsh4j-run", ".err");
            try {
                Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
                if (!p.waitFor(2, TimeUnit.MINUTES)) {
                    p.destroyForcibly();
                    throw new IllegalStateException(String.join(" ", command) + " did not end");
                }
                return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
