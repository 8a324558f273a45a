package io.dsh4j.bench.serve;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.app.serve.ConsoleApi;
import io.dsh4j.app.serve.ConsoleRoutes;
import io.dsh4j.app.serve.ConsoleServer;
import io.dsh4j.app.serve.ServerLimits;
import io.dsh4j.app.serve.StaticAssets;
import io.dsh4j.app.serve.TrustedHosts;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.SessionHome;
import io.dsh4j.session.SessionLayout;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.web.WebRoutes;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Load figures for {@code dsh4j serve} (issue 15): a home of N sessions (default 1,000, corpus logs
 * with rewritten headers) behind the real server on loopback; cold and warm {@code session.list},
 * the page, a session's transcript, health and handoff (p50/p95 of M calls each); the same page
 * latency while S slow clients hold connections with half-sent headers; concurrent throughput of
 * C clients; heap after a full GC. Timed calls use the session with the largest log. The live event stream has its
 * own driver, {@link EventStreamLoadDriver}.
 *
 * <pre>{@code java -cp bench/target/benchmarks.jar io.dsh4j.bench.serve.ConsoleLoadDriver [N] [M] [S] [C]}</pre>
 */
public final class ConsoleLoadDriver {

    private static final ObjectMapper JSON = io.dsh4j.message.json.JsJson.mapper();

    private ConsoleLoadDriver() {}

    public static void main(String[] args) throws Exception {
        int sessions = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 50;
        int slow = args.length > 2 ? Integer.parseInt(args[2]) : 200;
        int concurrent = args.length > 3 ? Integer.parseInt(args[3]) : 16;
        Path home = Path.of("bench", "target", "console-load-home-" + sessions);
        String firstId = buildHome(home, sessions);
        try (Kernel kernel = Kernel.create()) {
            ConsoleRoutes routes = new ConsoleRoutes(new WebRoutes(), kernel.root());
            new ConsoleApi(new SessionHome(home), Clock.systemUTC()).register(routes);
            routes.registerFallback(ConsoleRoutes.Access.TRUSTED_HOST, new StaticAssets());
            try (ConsoleServer server = ConsoleServer.start("127.0.0.1", 0, routes, TrustedHosts.NONE, ServerLimits.DEFAULTS)) {
                run(server, firstId, sessions, calls, slow, concurrent);
            }
        }
    }

    private static void run(ConsoleServer server, String id, int sessions, int calls, int slow, int concurrent) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        String base = "http://127.0.0.1:" + server.port();
        System.out.printf("home: %d sessions; %d calls per figure; JDK %s; %d cores%n", sessions, calls, Runtime.version(),
                Runtime.getRuntime().availableProcessors());
        long t0 = System.nanoTime();
        int rows = JSON.readTree(rpc(http, base, "session.list", "{}")).path("result").path("value").path("sessions").size();
        System.out.printf("session.list cold (health of every session computed): %d rows in %.0f ms%n", rows, (System.nanoTime() - t0) / 1e6);
        report("session.list warm", calls, () -> rpc(http, base, "session.list", "{}"));
        report("GET / (the page)", calls, () -> get(http, base + "/"));
        report("GET /console.js", calls, () -> get(http, base + "/console.js"));
        String p = "{\"sessionId\":\"" + id + "\"}";
        report("session.surface", calls, () -> rpc(http, base, "session.surface", p));
        report("session.history (tail page)", calls, () -> rpc(http, base, "session.history", p));
        report("session.health (with series)", calls, () -> rpc(http, base, "session.health", p));
        report("GET /attention-health/handoff", calls, () -> get(http, base + "/attention-health/handoff?sessionId=" + id));
        List<Socket> stalled = new ArrayList<>();
        for (int i = 0; i < slow; i++) {
            Socket s = new Socket();
            s.connect(new InetSocketAddress("127.0.0.1", server.port()), 10_000);
            OutputStream out = s.getOutputStream();
            out.write(("GET / HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\nX-Slow: ").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            stalled.add(s);
        }
        report("GET / with " + slow + " stalled clients", calls, () -> get(http, base + "/"));
        report("session.list with " + slow + " stalled clients", calls, () -> rpc(http, base, "session.list", "{}"));
        for (Socket s : stalled) s.close();
        throughput(http, base, concurrent, Duration.ofSeconds(10));
        System.gc();
        Runtime rt = Runtime.getRuntime();
        System.out.printf("heap after full GC: %.1f MiB (max %.0f MiB)%n", (rt.totalMemory() - rt.freeMemory()) / 1048576.0,
                rt.maxMemory() / 1048576.0);
        System.out.println("event stream clients: see EventStreamLoadDriver");
    }

    private interface Call {
        String run() throws Exception;
    }

    private static void report(String what, int n, Call call) throws Exception {
        call.run();
        long[] ms = new long[n];
        for (int i = 0; i < n; i++) {
            long t = System.nanoTime();
            call.run();
            ms[i] = System.nanoTime() - t;
        }
        Arrays.sort(ms);
        System.out.printf("%-44s p50 %7.2f ms  p95 %7.2f ms  max %7.2f ms%n", what, ms[n / 2] / 1e6, ms[(int) (n * 0.95)] / 1e6,
                ms[n - 1] / 1e6);
    }

    private static void throughput(HttpClient http, String base, int clients, Duration d) throws Exception {
        AtomicLong done = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        long end = System.nanoTime() + d.toNanos();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> fs = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                fs.add(pool.submit(() -> {
                    while (System.nanoTime() < end) {
                        try {
                            rpc(http, base, "session.list", "{}");
                            done.incrementAndGet();
                        } catch (Exception e) {
                            failed.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : fs) f.get();
        }
        System.out.printf("%d concurrent clients, session.list: %.0f requests/s, %d failed%n", clients,
                done.get() / (double) d.toSeconds(), failed.get());
    }

    private static String rpc(HttpClient http, String base, String method, String payload) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create(base + "/api/" + method)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"type\":\"client-request\",\"rpcId\":\"b\",\"payload\":" + payload + "}"))
                .build();
        HttpResponse<String> res = http.send(r, HttpResponse.BodyHandlers.ofString());
        if (res.statusCode() != 200 || !res.body().contains("\"ok\":true")) throw new IOException(method + ": " + res.statusCode() + " " + res.body());
        return res.body();
    }

    private static String get(HttpClient http, String url) throws Exception {
        HttpResponse<String> res = http.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
        if (res.statusCode() != 200) throw new IOException(url + ": " + res.statusCode());
        return res.body();
    }

    /** A home of {@code n} sessions: the corpus's clean primary logs in turn, each with a header of its own. Returns one id. */
    private static String buildHome(Path home, int n) throws IOException {
        Path root = home.resolve("sessions");
        if (Files.isDirectory(root)) {
            try (Stream<Path> s = Files.list(root)) {
                if (s.findAny().isPresent()) return largest(root);
            }
        }
        List<String> sources = new ArrayList<>();
        try (Stream<Path> s = Files.walk(Corpus.rawDir())) {
            for (Path p : s.filter(f -> f.getFileName().toString().equals("session.jsonl")).sorted().toList()) {
                String text = Files.readString(p, StandardCharsets.UTF_8);
                if (text.indexOf('\n') > 0 && !text.substring(0, text.indexOf('\n')).contains("parentSession")) sources.add(text);
            }
        }
        int made = 0;
        for (int i = 0; made < n; i++) {
            String text = sources.get(i % sources.size());
            int nl = text.indexOf('\n');
            ObjectNode header = (ObjectNode) JSON.readTree(text.substring(0, nl));
            String id = String.format("load-%04d", made);
            String cwd = "/load/project-" + (made % 20);
            header.put("id", id).put("cwd", cwd).put("createdAt", 1_780_000_000_000L + made * 1000L);
            Path log = SessionLayout.logPath(root, cwd, id, LogEncoding.RAW);
            Files.createDirectories(log.getParent());
            Files.writeString(log, JSON.writeValueAsString(header) + text.substring(nl), StandardCharsets.UTF_8);
            if (!(SessionLogReader.read(log, SessionLogReader.Options.FIXTURE).status() instanceof LogStatus.Ok)) {
                Files.delete(log);
                Files.delete(log.getParent());
                if (i > 10 * n) throw new IOException("the corpus gives too few clean logs");
                continue;
            }
            made++;
        }
        return largest(root);
    }

    /** The id of the session with the largest log (the richest transcript to time). */
    private static String largest(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            Path log = s.filter(Files::isRegularFile).max(java.util.Comparator.comparingLong(f -> f.toFile().length())).orElseThrow();
            return log.getParent().getFileName().toString();
        }
    }
}
