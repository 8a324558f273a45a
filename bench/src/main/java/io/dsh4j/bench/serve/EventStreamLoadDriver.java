package io.dsh4j.bench.serve;

import io.dsh4j.app.serve.ConsoleApi;
import io.dsh4j.app.serve.ConsoleRoutes;
import io.dsh4j.app.serve.ConsoleServer;
import io.dsh4j.app.serve.LiveFeed;
import io.dsh4j.app.serve.ServerLimits;
import io.dsh4j.app.serve.StaticAssets;
import io.dsh4j.app.serve.TrustedHosts;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.SessionHome;
import io.dsh4j.session.SessionLayout;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.testkit.SessionLogBuilder;
import io.dsh4j.web.WebRoutes;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Load figures for the console's live event stream (issue 15): C clients read one session's
 * {@code GET /api/events} over loopback sockets while S more connect and never read (their socket
 * buffers fill, their queues overflow); E events are published at R events per second from one thread,
 * as a live session's appending thread publishes its notices. Reported: the publisher's cost per
 * event (what the agent pays: p50/p99/max), how many events each reading client got and how late
 * (publish → read, p50/p99), how many clients were dropped as lagged, and the heap after a full GC
 * with every connection still open.
 *
 * <pre>{@code java -Xmx256m -cp bench/target/benchmarks.jar io.dsh4j.bench.serve.EventStreamLoadDriver [C] [S] [E] [R]}</pre>
 */
public final class EventStreamLoadDriver {

    private static final String ID = "bench-live";

    private EventStreamLoadDriver() {}

    public static void main(String[] args) throws Exception {
        int clients = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int stalled = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int events = args.length > 2 ? Integer.parseInt(args[2]) : 20_000;
        int rate = args.length > 3 ? Integer.parseInt(args[3]) : 2_000;
        Path home = Files.createTempDirectory("dsh4j-event-load");
        SessionLogBuilder.session(ID, "/bench").turn(1, t -> t.user("go").assistant("ok"))
                .writeRaw(SessionLayout.logPath(home.resolve("sessions"), "/bench", ID, LogEncoding.RAW));
        long firstSeq = 4; // the stored log holds seqs 0..3
        LiveFeed feed = new LiveFeed();
        try (Kernel kernel = Kernel.create()) {
            ConsoleRoutes routes = new ConsoleRoutes(new WebRoutes(), kernel.root());
            new ConsoleApi(new SessionHome(home), Clock.systemUTC(), feed).register(routes);
            routes.registerFallback(ConsoleRoutes.Access.TRUSTED_HOST, new StaticAssets());
            try (ConsoleServer server = ConsoleServer.start("127.0.0.1", 0, routes, TrustedHosts.NONE, ServerLimits.DEFAULTS)) {
                run(server.port(), feed, clients, stalled, events, rate, firstSeq);
                feed.shutdown();
            }
        }
    }

    private static void run(int port, LiveFeed feed, int clients, int stalled, int events, int rate, long firstSeq) throws Exception {
        System.out.printf("%d reading clients, %d that never read, %d events at %d/s; JDK %s; %d cores%n", clients, stalled, events,
                rate, Runtime.version(), Runtime.getRuntime().availableProcessors());
        long lastSeq = firstSeq + events - 1;
        AtomicLongArray received = new AtomicLongArray(clients);
        AtomicLong lagged = new AtomicLong();
        long[] latencies = new long[clients * 64];
        AtomicLong latencyCount = new AtomicLong();
        List<Socket> sockets = new ArrayList<>();
        List<Thread> readers = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            Socket s = open(port, false);
            sockets.add(s);
            int client = i;
            readers.add(Thread.ofVirtual().start(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = in.readLine()) != null) {
                        if (line.startsWith("event: lagged")) lagged.incrementAndGet();
                        if (!line.startsWith("data: {\"sessionId\"") || !line.contains("\"seq\":")) continue;
                        long n = received.incrementAndGet(client);
                        if (n % 313 == 0) { // sample the delay
                            int at = line.indexOf("\"t\":");
                            long sent = Long.parseLong(line.substring(at + 4, line.indexOf('}', at)));
                            long slot = latencyCount.getAndIncrement();
                            if (slot < latencies.length) latencies[(int) slot] = System.nanoTime() - sent;
                        }
                        if (line.contains("\"seq\":" + lastSeq + ",")) break;
                    }
                } catch (IOException closed) {
                    // the server closed the stream
                }
            }));
        }
        for (int i = 0; i < stalled; i++) sockets.add(open(port, true));
        long wait = System.nanoTime() + 30_000_000_000L;
        while (feed.clients() < clients + stalled && System.nanoTime() < wait) LockSupport.parkNanos(1_000_000);
        System.out.printf("connected: %d%n", feed.clients());

        long[] publish = new long[events];
        long start = System.nanoTime();
        long gap = 1_000_000_000L / rate;
        for (int i = 0; i < events; i++) {
            long due = start + i * gap;
            while (System.nanoTime() < due) LockSupport.parkNanos(due - System.nanoTime());
            long t = System.nanoTime();
            var data = JsJson.nodes().objectNode().put("turn", 2).put("step", 1).put("index", 0).put("t", t);
            feed.publish(ID, SessionEvent.of("bench/tick", firstSeq + i, System.currentTimeMillis(), data));
            publish[i] = System.nanoTime() - t;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        for (Thread r : readers) r.join(60_000);
        long complete = 0;
        long min = Long.MAX_VALUE;
        for (int i = 0; i < clients; i++) {
            if (received.get(i) == events) complete++;
            min = Math.min(min, received.get(i));
        }
        Arrays.sort(publish);
        int n = (int) Math.min(latencyCount.get(), latencies.length);
        long[] lat = Arrays.copyOf(latencies, n);
        Arrays.sort(lat);
        System.out.printf("published %d events in %.1f s; publish cost p50 %.1f µs, p99 %.1f µs, max %.1f ms%n", events, seconds,
                publish[events / 2] / 1e3, publish[(int) (events * 0.99)] / 1e3, publish[events - 1] / 1e6);
        System.out.printf("reading clients with every event: %d of %d (fewest events: %d); lagged markers read: %d%n", complete,
                clients, min, lagged.get());
        if (n > 0) System.out.printf("publish → read delay (%d samples): p50 %.1f ms, p99 %.1f ms%n", n, lat[n / 2] / 1e6,
                lat[(int) (n * 0.99)] / 1e6);
        System.out.printf("clients dropped as lagged: %d; connected now: %d%n", feed.droppedClients(), feed.clients());
        System.gc();
        Runtime rt = Runtime.getRuntime();
        System.out.printf("heap after full GC, %d connections open: %.1f MiB (max %.0f MiB)%n", sockets.size(),
                (rt.totalMemory() - rt.freeMemory()) / 1048576.0, rt.maxMemory() / 1048576.0);
        for (Socket s : sockets) s.close();
    }

    /** A client of the stream; a stalled one has a tiny receive buffer and is never read. */
    private static Socket open(int port, boolean stalled) throws IOException {
        Socket s = new Socket();
        if (stalled) s.setReceiveBufferSize(1024);
        s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        OutputStream out = s.getOutputStream();
        out.write(("GET /api/events?sessionId=" + ID + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAccept: text/event-stream\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        return s;
    }
}
