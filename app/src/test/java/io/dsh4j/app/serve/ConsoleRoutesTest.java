package io.dsh4j.app.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.app.serve.ConsoleRoutes.Kind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.web.WebRoutes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spec §6.1, the route table as the console hosts it (the agent runtime's {@code WebRoutes}): exact,
 * then longest prefix, then the fallback; duplicates refused; a throwing handler is 400.
 */
class ConsoleRoutesTest {

    private static final RouteHandler NOOP = ex -> { };

    private final Kernel kernel = Kernel.create();

    @AfterEach
    void close() {
        kernel.close();
    }

    private ConsoleRoutes table() {
        return new ConsoleRoutes(new WebRoutes(), kernel.root());
    }

    private static RouteHandler named(String name) {
        return ex -> ex.respond(200, "text/plain", name.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void exact_wins_over_prefix_and_the_longest_prefix_wins() {
        ConsoleRoutes t = table();
        RouteHandler exact = NOOP::handle;
        RouteHandler shortPrefix = NOOP::handle;
        RouteHandler longPrefix = NOOP::handle;
        t.register(Kind.EXACT, "/api/x", exact);
        t.register(Kind.PREFIX, "/api", shortPrefix);
        t.register(Kind.PREFIX, "/api/deep", longPrefix);
        assertThat(t.match("/api/x").orElseThrow().handler()).isSameAs(exact);
        assertThat(t.match("/api/x/y").orElseThrow().handler()).isSameAs(shortPrefix);
        assertThat(t.match("/api/deep/more/still").orElseThrow().handler()).isSameAs(longPrefix);
        assertThat(t.match("/api/deep").orElseThrow().handler()).isSameAs(longPrefix);
        assertThat(t.match("/api").orElseThrow().handler()).isSameAs(shortPrefix);
    }

    @Test
    void a_prefix_matches_whole_segments_only() {
        ConsoleRoutes t = table();
        t.register(Kind.PREFIX, "/api", NOOP);
        assertThat(t.match("/apis")).isEmpty();
        assertThat(t.match("/api/")).isPresent();
    }

    @Test
    void without_a_match_the_fallback_answers_and_without_a_fallback_nothing_does() {
        ConsoleRoutes t = table();
        assertThat(t.match("/anything")).isEmpty();
        ConsoleRoutes.Registration r = t.registerFallback(ConsoleRoutes.Access.TRUSTED_HOST, NOOP);
        assertThat(t.match("/anything")).isPresent();
        assertThat(t.match("/anything").orElseThrow().isFallback()).isTrue();
        r.close();
        assertThat(t.match("/anything")).isEmpty();
    }

    @Test
    void duplicate_paths_and_a_second_fallback_are_refused() {
        ConsoleRoutes t = table();
        t.register(Kind.EXACT, "/a", NOOP);
        t.register(Kind.PREFIX, "/a", NOOP);
        assertThatThrownBy(() -> t.register(Kind.EXACT, "/a", NOOP)).isInstanceOf(IllegalStateException.class).hasMessageContaining("/a");
        assertThatThrownBy(() -> t.register(Kind.PREFIX, "/a", NOOP)).isInstanceOf(IllegalStateException.class);
        t.registerFallback(ConsoleRoutes.Access.TRUSTED_HOST, NOOP);
        assertThatThrownBy(() -> t.registerFallback(ConsoleRoutes.Access.TRUSTED_HOST, NOOP)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void a_plain_runtime_route_is_reachable_from_loopback_only_and_gets_the_exchange() {
        ConsoleRoutes t = table();
        t.table().register(kernel.root(), WebRoutes.Kind.EXACT, "/plugin", ex -> { });
        ConsoleRoutes.Route r = t.match("/plugin").orElseThrow();
        assertThat(r.access()).isEqualTo(ConsoleRoutes.Access.LOOPBACK);
        assertThat(r.kind()).isEqualTo(Kind.EXACT);
    }

    @Test
    void a_removed_route_can_be_registered_again() {
        ConsoleRoutes t = table();
        ConsoleRoutes.Registration r = t.register(Kind.EXACT, "/a", NOOP);
        r.close();
        r.close();
        assertThat(t.match("/a")).isEmpty();
        t.register(Kind.EXACT, "/a", NOOP);
        assertThat(t.match("/a")).isPresent();
    }

    @Test
    void paths_must_start_with_a_slash() {
        assertThatThrownBy(() -> table().register(Kind.EXACT, "api", NOOP)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void over_http_a_throwing_handler_is_answered_400_and_the_server_stays_up(@TempDir Path home) throws IOException {
        try (TestServer s = new TestServer(home)) {
            s.routes.register(Kind.EXACT, "/boom", ex -> {
                throw new IllegalStateException("handler bug");
            });
            s.routes.register(Kind.EXACT, "/deep", ex -> recurse(0));
            s.routes.register(Kind.PREFIX, "/named", named("named"));
            assertThat(s.get("/boom", s.loopbackHost()).status()).isEqualTo(400);
            assertThat(s.get("/deep", s.loopbackHost()).status()).isEqualTo(400);
            TestServer.Raw r = s.get("/named/a/b", s.loopbackHost());
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.body()).isEqualTo("named");
            assertThat(s.get("/probe", s.loopbackHost()).status()).isEqualTo(200);
        }
    }

    @Test
    void over_http_unknown_api_methods_are_404_and_get_on_an_rpc_method_is_405(@TempDir Path home) throws IOException {
        try (TestServer s = new TestServer(home)) {
            assertThat(s.rpc("no.such", "{}").status()).isEqualTo(404);
            assertThat(s.get("/api/session.list", s.loopbackHost()).status()).isEqualTo(405);
            assertThat(List.of(s.post("/api/session.list", s.loopbackHost() + "Content-Type: application/json\r\n", "{nope").status(),
                    s.post("/api/session.list", s.loopbackHost() + "Content-Type: application/json\r\n", "[1]").status(),
                    s.post("/api/session.list", s.loopbackHost() + "Content-Type: application/json\r\n",
                            "{\"type\":\"client-request\",\"payload\":{}}").status()))
                    .containsOnly(400);
        }
    }

    private static int recurse(int n) {
        return recurse(n + 1) + 1;
    }
}
