package io.dsh4j.app.serve;

import io.dsh4j.kernel.Kernel;
import io.dsh4j.session.SessionHome;
import io.dsh4j.web.WebRoutes;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;

/** The console server over a home on a free loopback port, with a fixed clock, and a raw HTTP/1.1 client. */
final class TestServer implements AutoCloseable {

    /** The instant the tests' server takes for "now". */
    static final Instant NOW = Instant.parse("2026-06-01T03:00:00Z");

    final ConsoleServer server;
    final Kernel kernel = Kernel.create();
    final ConsoleRoutes routes = new ConsoleRoutes(new WebRoutes(), kernel.root());
    /** How many requests reached the probe route {@code /probe} (exact) and {@code /probe-admin} (loopback only). */
    final AtomicInteger probeCalls = new AtomicInteger();

    TestServer(Path home, TrustedHosts trusted, ServerLimits limits) {
        new ConsoleApi(new SessionHome(home), Clock.fixed(NOW, ZoneOffset.UTC)).register(routes);
        routes.registerFallback(ConsoleRoutes.Access.TRUSTED_HOST, new StaticAssets());
        routes.register(ConsoleRoutes.Kind.EXACT, "/probe", ex -> {
            probeCalls.incrementAndGet();
            ex.respond(200, "text/plain", "probe".getBytes(StandardCharsets.UTF_8));
        });
        routes.register(ConsoleRoutes.Kind.EXACT, "/probe-admin", ConsoleRoutes.Access.LOOPBACK, ex -> {
            probeCalls.incrementAndGet();
            ex.respond(200, "text/plain", "admin".getBytes(StandardCharsets.UTF_8));
        });
        server = ConsoleServer.start("127.0.0.1", 0, routes, trusted, limits);
    }

    TestServer(Path home) {
        this(home, TrustedHosts.NONE, ServerLimits.DEFAULTS);
    }

    int port() {
        return server.port();
    }

    String base() {
        return "http://127.0.0.1:" + port();
    }

    /** A response read off the socket: the status and the body. */
    record Raw(int status, String head, String body) {}

    /** Sends {@code request} (a whole HTTP message; {@code Connection: close} is the caller's) and reads the answer. */
    Raw raw(String request) throws IOException {
        return raw(request.getBytes(StandardCharsets.ISO_8859_1));
    }

    Raw raw(byte[] request) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port()), 10_000);
            s.setSoTimeout(60_000);
            OutputStream out = s.getOutputStream();
            try {
                out.write(request);
                out.flush();
            } catch (IOException e) {
                // the server may refuse and close before the whole request is written: read its answer
            }
            InputStream in = s.getInputStream();
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int end = text.indexOf("\r\n\r\n");
            String head = end < 0 ? text : text.substring(0, end);
            String body = end < 0 ? "" : text.substring(end + 4);
            String[] first = head.split(" ", 3);
            int status = first.length > 1 && first[1].matches("\\d{3}") ? Integer.parseInt(first[1]) : -1;
            return new Raw(status, head, body);
        }
    }

    /** A GET with the given extra header lines (each ending in CRLF). */
    Raw get(String path, String headers) throws IOException {
        return raw("GET " + path + " HTTP/1.1\r\n" + headers + "Connection: close\r\n\r\n");
    }

    /** A POST with the given extra header lines and body. */
    Raw post(String path, String headers, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        byte[] head = ("POST " + path + " HTTP/1.1\r\n" + headers + "Content-Length: " + b.length + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = java.util.Arrays.copyOf(head, head.length + b.length);
        System.arraycopy(b, 0, all, head.length, b.length);
        return raw(all);
    }

    /** The Host header of a loopback client. */
    String loopbackHost() {
        return "Host: 127.0.0.1:" + port() + "\r\n";
    }

    /** An RPC call from a loopback client: the envelope around {@code payloadJson}. */
    Raw rpc(String method, String payloadJson) throws IOException {
        return post("/api/" + method, loopbackHost() + "Content-Type: application/json\r\n",
                "{\"type\":\"client-request\",\"rpcId\":\"t1\",\"method\":\"" + method + "\",\"payload\":" + payloadJson + "}");
    }

    @Override
    public void close() {
        server.close();
        kernel.close();
    }
}
