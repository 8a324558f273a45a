package io.dsh4j.app.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Static assets (§6.1 frontend-static), path traversal, huge bodies and slow clients. */
class HostileRequestsTest {

    @TempDir
    Path home;

    @Test
    void the_page_and_its_assets_are_served_from_the_jar() throws IOException {
        try (TestServer s = new TestServer(home)) {
            TestServer.Raw page = s.get("/", s.loopbackHost());
            assertThat(page.status()).isEqualTo(200);
            assertThat(page.head()).containsIgnoringCase("Content-Type: text/html");
            assertThat(page.body()).contains("<script src=\"/console.js\"");
            assertThat(s.get("/console.js", s.loopbackHost()).head()).containsIgnoringCase("text/javascript");
            assertThat(s.get("/console.css", s.loopbackHost()).head()).containsIgnoringCase("text/css");
            TestServer.Raw missing = s.get("/nope.js", s.loopbackHost());
            assertThat(missing.status()).isEqualTo(404);
            assertThat(missing.body()).isEmpty();
            TestServer.Raw head = s.raw("HEAD / HTTP/1.1\r\n" + s.loopbackHost() + "Connection: close\r\n\r\n");
            assertThat(head.status()).isEqualTo(200);
            assertThat(head.body()).isEmpty();
        }
    }

    @Test
    void non_get_methods_on_assets_are_405() throws IOException {
        try (TestServer s = new TestServer(home)) {
            assertThat(s.raw("DELETE /index.html HTTP/1.1\r\n" + s.loopbackHost() + "Connection: close\r\n\r\n").status()).isEqualTo(405);
            assertThat(s.raw("PUT /x HTTP/1.1\r\n" + s.loopbackHost() + "Content-Length: 0\r\nConnection: close\r\n\r\n").status())
                    .isEqualTo(405);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/a/..%2f..%2fetc/passwd", "/..%5c..%5cetc%5cpasswd",
        "/./index.html", "/a/../index.html", "/%2E%2E/pom.xml", "/io/dsh4j/app/Main.class", "/..;/index.html", "/%00index.html",
        "/console/../../logback.xml"})
    void path_traversal_is_refused_and_serves_nothing(String path) throws IOException {
        try (TestServer s = new TestServer(home)) {
            TestServer.Raw r = s.get(path, s.loopbackHost());
            assertThat(r.status()).as(path + " → " + r.head()).isIn(400, 403, 404);
            assertThat(r.body()).doesNotContain("root:").doesNotContain("<configuration>").doesNotContain("<script");
        }
    }

    @Test
    void a_traversal_that_reaches_the_server_s_code_is_403() {
        assertThat(StaticAssets.isTraversal("/a/../b")).isTrue();
        assertThat(StaticAssets.isTraversal("/a/%2e%2e/b")).isTrue();
        assertThat(StaticAssets.isTraversal("/a\\b")).isTrue();
        assertThat(StaticAssets.isTraversal("/a/./b")).isTrue();
        assertThat(StaticAssets.isTraversal("/console.js")).isFalse();
        assertThat(StaticAssets.isTraversal("/a..b/c")).isFalse();
    }

    @Test
    void a_body_over_the_cap_is_refused_413_before_it_is_read() throws IOException {
        try (TestServer s = new TestServer(home, TrustedHosts.NONE, ServerLimits.DEFAULTS.withMaxBodyBytes(4096))) {
            String head = "POST /api/session.list HTTP/1.1\r\n" + s.loopbackHost()
                    + "Content-Type: application/json\r\nContent-Length: 10000000000\r\nConnection: close\r\n\r\n";
            TestServer.Raw r = s.raw(head + "{");
            assertThat(r.status()).isEqualTo(413);
            assertThat(s.rpc("session.list", "{}").status()).isEqualTo(200);
        }
    }

    @Test
    void a_chunked_body_over_the_cap_is_refused_413() throws IOException {
        try (TestServer s = new TestServer(home, TrustedHosts.NONE, ServerLimits.DEFAULTS.withMaxBodyBytes(4096))) {
            byte[] chunk = new byte[8192];
            Arrays.fill(chunk, (byte) ' ');
            String head = "POST /api/session.list HTTP/1.1\r\n" + s.loopbackHost()
                    + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
            byte[] h = head.getBytes(StandardCharsets.ISO_8859_1);
            byte[] size = ("2000\r\n").getBytes(StandardCharsets.ISO_8859_1);
            byte[] end = "\r\n0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
            byte[] all = new byte[h.length + size.length + chunk.length + end.length];
            System.arraycopy(h, 0, all, 0, h.length);
            System.arraycopy(size, 0, all, h.length, size.length);
            System.arraycopy(chunk, 0, all, h.length + size.length, chunk.length);
            System.arraycopy(end, 0, all, h.length + size.length + chunk.length, end.length);
            assertThat(s.raw(all).status()).isEqualTo(413);
        }
    }

    @Test
    void huge_headers_are_refused() throws IOException {
        try (TestServer s = new TestServer(home)) {
            String big = "X-Big: " + "a".repeat(64 * 1024) + "\r\n";
            TestServer.Raw r = s.get("/", s.loopbackHost() + big);
            assertThat(r.status()).isEqualTo(431);
        }
    }

    @Test
    void a_client_that_stops_sending_is_cut_off_and_others_are_served_meanwhile() throws IOException {
        try (TestServer s = new TestServer(home, TrustedHosts.NONE, ServerLimits.DEFAULTS.withIdleTimeout(Duration.ofMillis(300)));
             Socket slow = new Socket()) {
            slow.connect(new InetSocketAddress("127.0.0.1", s.port()), 10_000);
            slow.setSoTimeout(60_000);
            OutputStream out = slow.getOutputStream();
            out.write(("GET / HTTP/1.1\r\n" + s.loopbackHost()).getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            // meanwhile another client is served
            assertThat(s.get("/", s.loopbackHost()).status()).isEqualTo(200);
            // the slow one never finishes its headers: the server closes the connection (read returns end of stream)
            InputStream in = slow.getInputStream();
            byte[] rest = in.readAllBytes();
            assertThat(new String(rest, StandardCharsets.ISO_8859_1)).doesNotContain("200 OK");
        }
    }
}
