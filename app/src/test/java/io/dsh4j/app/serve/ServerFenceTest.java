package io.dsh4j.app.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Spec §6.2 over real sockets: every refused request is answered 403 (415 for a non-JSON RPC post)
 * and never reaches a handler; loopback clients pass. Requests that are not valid HTTP/1.1 at all
 * (no Host, a Host Jetty cannot parse, two Hosts) are refused 400 by Jetty's parser, earlier still.
 */
class ServerFenceTest {

    @TempDir
    static Path home;

    static TestServer server;

    @BeforeAll
    static void start() {
        server = new TestServer(home, TrustedHosts.of(List.of("console.lan")), ServerLimits.DEFAULTS);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void reset() {
        server.probeCalls.set(0);
    }

    private void assertNotDispatched(TestServer.Raw r, int status) {
        assertThat(r.status()).as(r.head()).isEqualTo(status);
        assertThat(server.probeCalls.get()).isZero();
    }

    @Nested
    class HostHeader {
        @Test
        void an_http_1_0_request_without_host_is_refused_403() throws IOException {
            assertNotDispatched(server.raw("GET /probe HTTP/1.0\r\n\r\n"), 403);
        }

        @Test
        void an_http_1_1_request_without_host_is_refused_by_the_parser() throws IOException {
            assertNotDispatched(server.raw("GET /probe HTTP/1.1\r\nConnection: close\r\n\r\n"), 400);
        }

        @ParameterizedTest
        @ValueSource(strings = {"localhost:99999", "local_host!:1", "[::1", "127.0.0.256"})
        void a_garbled_host_is_refused(String host) throws IOException {
            TestServer.Raw r = server.get("/probe", "Host: " + host + "\r\n");
            assertThat(r.status()).as(r.head()).isIn(400, 403);
            assertThat(server.probeCalls.get()).isZero();
        }

        @Test
        void two_host_headers_are_refused() throws IOException {
            TestServer.Raw r = server.get("/probe", "Host: localhost\r\nHost: evil.example\r\n");
            assertNotDispatched(r, 400);
        }
    }

    @Nested
    class HostFence {
        @ParameterizedTest
        @ValueSource(strings = {"evil.example", "127.0.0.1.nip.io", "localhost.evil.example", "10.0.0.8:3080", "0.0.0.0"})
        void rebinding_host_names_are_refused_403(String host) throws IOException {
            assertNotDispatched(server.get("/probe", "Host: " + host + "\r\n"), 403);
        }

        @Test
        void the_page_and_assets_are_fenced_too() throws IOException {
            assertThat(server.get("/", "Host: evil.example\r\n").status()).isEqualTo(403);
            assertThat(server.get("/console.js", "Host: evil.example\r\n").status()).isEqualTo(403);
            assertThat(server.get("/no-such-file", "Host: evil.example\r\n").status()).isEqualTo(403);
        }

        @ParameterizedTest
        @ValueSource(strings = {"127.0.0.1", "localhost", "[::1]", "127.9.9.9:1234", "LocalHost"})
        void loopback_clients_pass(String host) throws IOException {
            TestServer.Raw r = server.get("/probe", "Host: " + host + "\r\n");
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.body()).isEqualTo("probe");
            assertThat(server.probeCalls.get()).isEqualTo(1);
        }

        @Test
        void a_trusted_host_passes() throws IOException {
            TestServer.Raw r = server.get("/probe", "Host: console.lan:8080\r\n");
            assertThat(r.status()).isEqualTo(200);
        }
    }

    @Test
    void sec_fetch_site_cross_site_is_refused_403() throws IOException {
        assertNotDispatched(server.get("/probe", server.loopbackHost() + "Sec-Fetch-Site: cross-site\r\n"), 403);
        assertThat(server.post("/api/session.list", server.loopbackHost()
                + "Sec-Fetch-Site: cross-site\r\nContent-Type: application/json\r\n", "{}").status()).isEqualTo(403);
    }

    @Nested
    class OriginFence {
        @ParameterizedTest
        @ValueSource(strings = {"null", "http://evil.example", "http://localhost:1", "garbage"})
        void foreign_and_null_origins_are_refused_403(String origin) throws IOException {
            assertNotDispatched(server.get("/probe", server.loopbackHost() + "Origin: " + origin + "\r\n"), 403);
        }

        @Test
        void the_page_s_own_origin_passes() throws IOException {
            TestServer.Raw r = server.get("/probe", server.loopbackHost() + "Origin: http://127.0.0.1:" + server.port() + "\r\n");
            assertThat(r.status()).isEqualTo(200);
        }
    }

    @Nested
    class RpcContentType {
        @ParameterizedTest
        @ValueSource(strings = {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp"})
        void a_non_json_rpc_post_is_refused_415(String type) throws IOException {
            TestServer.Raw r = server.post("/api/session.list", server.loopbackHost() + "Content-Type: " + type + "\r\n",
                    "{\"type\":\"client-request\",\"rpcId\":\"1\",\"payload\":{}}");
            assertThat(r.status()).isEqualTo(415);
        }

        @Test
        void an_rpc_post_without_content_type_is_refused_415() throws IOException {
            assertThat(server.post("/probe", server.loopbackHost(), "{}").status()).isEqualTo(415);
            assertThat(server.probeCalls.get()).isZero();
        }

        @Test
        void json_with_a_charset_passes() throws IOException {
            TestServer.Raw r = server.post("/api/session.list", server.loopbackHost() + "Content-Type: application/json; charset=utf-8\r\n",
                    "{\"type\":\"client-request\",\"rpcId\":\"1\",\"payload\":{}}");
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.body()).contains("\"ok\":true");
        }
    }

    @Nested
    class PrivilegedRoutes {
        @Test
        void privileged_routes_over_a_trusted_non_loopback_host_are_refused_403() throws IOException {
            assertNotDispatched(server.get("/probe-admin", "Host: console.lan\r\n"), 403);
            TestServer.Raw describe = server.post("/api/host.describe", "Host: console.lan:3080\r\nContent-Type: application/json\r\n",
                    "{\"type\":\"client-request\",\"rpcId\":\"1\",\"payload\":{}}");
            assertThat(describe.status()).isEqualTo(403);
            assertThat(describe.body()).doesNotContain(home.toString());
        }

        @Test
        void privileged_routes_pass_for_loopback_clients() throws IOException {
            assertThat(server.get("/probe-admin", server.loopbackHost()).status()).isEqualTo(200);
            TestServer.Raw describe = server.rpc("host.describe", "{}");
            assertThat(describe.status()).isEqualTo(200);
            assertThat(describe.body()).contains("\"home\"");
        }

        @Test
        void unprivileged_routes_pass_over_a_trusted_host() throws IOException {
            TestServer.Raw r = server.post("/api/session.list", "Host: console.lan\r\nContent-Type: application/json\r\n",
                    "{\"type\":\"client-request\",\"rpcId\":\"1\",\"payload\":{}}");
            assertThat(r.status()).isEqualTo(200);
        }
    }
}
