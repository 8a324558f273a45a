package io.dsh4j.testkit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs {@code ../shared/tools/replay-model-server.py SESSION.jsonl} (python3 on the PATH) on a loopback
 * port, an OpenAI-compatible / DeepSeek-style endpoint answering with the session's recorded assistant
 * messages. {@link #start} returns once the server prints that it listens; {@link #close()} stops the
 * process and its descendants. Not thread-safe to start; {@link #baseUrl()} may be read from any thread.
 */
public final class ReplayModelServer implements AutoCloseable {

    /** How long {@link #start} waits for the server to listen. */
    public static final long START_TIMEOUT_SECONDS = 30;
    private static final Pattern LISTENING = Pattern.compile("listening on (http://127\\.0\\.0\\.1:(\\d+))");

    private final Process process;
    private final String baseUrl;
    private final int port;

    private ReplayModelServer(Process process, String baseUrl, int port) {
        this.process = process;
        this.baseUrl = baseUrl;
        this.port = port;
    }

    /** The script, {@code shared/tools/replay-model-server.py}. */
    public static Path script() {
        return Corpus.shared().resolve("tools").resolve("replay-model-server.py");
    }

    /** Starts the server for {@code session} on a free port. */
    public static ReplayModelServer start(Path session) throws IOException {
        return start(session, 0, List.of());
    }

    /**
     * Starts the server for {@code session}.
     *
     * @param port      0 for a free port, else that port
     * @param extraArgs further arguments ({@code --delay-ms N}, {@code --log FILE})
     * @throws IOException when python3 or the script is missing, or the server does not come up (its output is quoted)
     */
    public static ReplayModelServer start(Path session, int port, List<String> extraArgs) throws IOException {
        Path script = script();
        if (!Files.isRegularFile(script)) throw new IOException("replay model server not found: " + script);
        if (!Files.isRegularFile(session)) throw new IOException("session log not found: " + session);
        List<String> cmd = new ArrayList<>(List.of("python3", "-u", script.toString(), session.toString(), "--port", Integer.toString(port)));
        cmd.addAll(extraArgs);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        // a JVM that ends without close() (SIGTERM, Ctrl-C, System.exit) must not leave the server running
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
        }, "replay-model-server-stop"));
        List<String> seen = new ArrayList<>();
        CompletableFuture<Matcher> listening = new CompletableFuture<>();
        // one reader thread: it reports the "listening" line, then keeps draining the pipe until the process ends.
        // A platform thread: a pipe read blocks its thread in native code, and a virtual one would hold a carrier
        // for the server's whole life (with a few servers open, the JVM's other virtual threads starved)
        Thread.ofPlatform().daemon().name("replay-model-server-output").start(() -> {
            BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            try (r) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (listening.isDone()) continue;
                    synchronized (seen) {
                        seen.add(line);
                    }
                    Matcher found = LISTENING.matcher(line);
                    if (found.find()) listening.complete(found);
                }
            } catch (IOException e) {
                // the process ended
            } finally {
                listening.complete(null);
            }
        });
        Matcher m;
        try {
            m = listening.get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            destroyTree(p);
            throw new IOException("interrupted while starting the replay model server", e);
        } catch (ExecutionException | TimeoutException e) {
            m = null;
        }
        if (m == null) {
            destroyTree(p);
            String out;
            synchronized (seen) {
                out = String.join("\n", seen);
            }
            throw new IOException("replay model server did not start listening: " + String.join(" ", cmd) + "\n" + out);
        }
        return new ReplayModelServer(p, m.group(1), Integer.parseInt(m.group(2)));
    }

    /** {@code http://127.0.0.1:PORT}, the base URL to point an adapter at. */
    public String baseUrl() {
        return baseUrl;
    }

    /** The port it listens on. */
    public int port() {
        return port;
    }

    /** Stops the server process and its descendants, waiting for them to exit. */
    @Override
    public void close() {
        destroyTree(process);
    }

    private static void destroyTree(Process p) {
        List<ProcessHandle> tree = new ArrayList<>(p.descendants().toList());
        tree.forEach(ProcessHandle::destroy);
        p.destroy();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            for (ProcessHandle h : tree) {
                if (h.isAlive()) h.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
        }
    }
}
