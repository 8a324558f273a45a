package io.dsh4j.attention;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentHandle;
import io.dsh4j.attention.core.HandoffHistory;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.testkit.ScriptedModel;
import io.dsh4j.web.RouteExchange;
import io.dsh4j.web.WebRoutes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14 / spec §1.6–§1.7, §11 items 50–51: {@code GET /attention-health/handoff} through the runtime's route table. */
class HandoffRouteTest {

    @TempDir
    Path home;

    @TempDir
    Path work;

    /** A request as the server hands it to a plugin route. */
    static final class Exchange implements RouteExchange {
        final String path;
        final Map<String, String> query = new HashMap<>();
        final Map<String, String> headers = new HashMap<>();
        String remote = "127.0.0.1";
        int status;
        String contentType;
        final Map<String, String> responseHeaders = new HashMap<>();
        byte[] body;

        Exchange(String path) {
            this.path = path;
            headers.put("host", "127.0.0.1:3080");
        }

        Exchange q(String k, String v) {
            query.put(k, v);
            return this;
        }

        Exchange h(String k, String v) {
            if (v == null) headers.remove(k.toLowerCase());
            else headers.put(k.toLowerCase(), v);
            return this;
        }

        @Override public String method() { return "GET"; }
        @Override public String path() { return path; }
        @Override public String query(String name) { return query.get(name); }
        @Override public String header(String name) { return headers.get(name.toLowerCase()); }
        @Override public String remoteAddress() { return remote; }
        @Override public void responseHeader(String name, String value) { responseHeaders.put(name, value); }

        @Override
        public void respond(int status, String contentType, byte[] body) {
            this.status = status;
            this.contentType = contentType;
            this.body = body;
        }

        JsonNode json() {
            return JsJson.parse(new String(body, StandardCharsets.UTF_8));
        }
    }

    static Exchange get(LiveHarness h, Exchange x) throws Exception {
        WebRoutes.Match m = h.root.get(WebRoutes.KEY).orElseThrow().match(x.path()).orElseThrow();
        m.handler().handle(x);
        return x;
    }

    static void assertError(Exchange x, int status, String error) {
        assertThat(x.status).isEqualTo(status);
        assertThat(x.contentType).isEqualTo("application/json; charset=utf-8");
        assertThat(x.responseHeaders).containsEntry("cache-control", "no-store");
        assertThat(x.json().get("ok").asBoolean()).isFalse();
        assertThat(x.json().get("error").asText()).isEqualTo(error);
    }

    @Test
    void the_trust_fence_accepts_loopback_only_and_fails_closed_on_every_layer() {
        assertThat(HandoffTrust.trusted("127.0.0.1:3080", null, null, "127.0.0.1")).isTrue();
        assertThat(HandoffTrust.trusted("localhost:8080", "same-origin", "http://localhost:8080", "::1")).isTrue();
        assertThat(HandoffTrust.trusted("[::1]:3080", "none", null, "::ffff:127.0.0.1")).isTrue();
        assertThat(HandoffTrust.trusted("127.0.0.1:3080", "same-site", "http://127.0.0.1:3080", "127.0.0.53")).isTrue();
        assertThat(HandoffTrust.trusted("127.0.0.1", null, "http://127.0.0.1:80", "127.0.0.1")).isTrue();
        assertThat(HandoffTrust.trusted(null, null, null, "127.0.0.1")).isFalse();
        for (String foreign : List.of("evil.example.com", "127.0.0.2", "192.168.1.7:3080")) {
            assertThat(HandoffTrust.trusted(foreign, null, null, "127.0.0.1")).as(foreign).isFalse();
        }
        assertThat(HandoffTrust.trusted("127.0.0.1:3080", "cross-site", null, "127.0.0.1")).isFalse();
        assertThat(HandoffTrust.trusted("127.0.0.1:3080", "Cross-Site", null, "127.0.0.1")).isFalse();
        assertThat(HandoffTrust.trusted("127.0.0.1:3080", null, "http://evil.example.com", "127.0.0.1")).isFalse();
        assertThat(HandoffTrust.trusted("127.0.0.1:3080", null, "null", "127.0.0.1")).isFalse();
        assertThat(HandoffTrust.trusted("127.0.0.1:3080", null, "http://127.0.0.1:3081", "127.0.0.1")).isFalse();
        for (String peer : new String[] {"192.168.1.7", "10.0.0.9", "8.8.8.8", "", null}) {
            assertThat(HandoffTrust.trusted("127.0.0.1:3080", null, null, peer)).as(String.valueOf(peer)).isFalse();
        }
    }

    @Test
    void an_untrusted_request_is_403_before_any_other_check_then_path_then_id() throws Exception {
        try (LiveHarness h = new LiveHarness(home, Map.of(), true)) {
            Exchange foreign = new Exchange("/attention-health/nothing-here");
            foreign.remote = "192.168.1.7";
            assertError(get(h, foreign), 403, "forbidden");
            assertError(get(h, new Exchange("/attention-health/handoff").h("Host", "evil.example.com")), 403, "forbidden");
            assertError(get(h, new Exchange("/attention-health/nothing-here")), 404, "unknown path");
            assertError(get(h, new Exchange("/attention-health/handoff")), 400, "sessionId is required");
            assertError(get(h, new Exchange("/attention-health/handoff").q("sessionId", "")), 400, "sessionId is required");
            for (String bad : List.of("bad@@@id", "x".repeat(400), "../../etc")) {
                Exchange x = get(h, new Exchange("/attention-health/handoff").q("sessionId", bad));
                assertError(x, 400, "invalid sessionId");
                assertThat(new String(x.body, StandardCharsets.UTF_8)).doesNotContain(bad);
            }
            assertError(get(h, new Exchange("/attention-health/handoff").q("sessionId", "s1").q("maxTurns", "-1")), 400,
                    "invalid maxTurns");
            assertError(get(h, new Exchange("/attention-health/handoff").q("sessionId", "no-such-session")), 404,
                    "session not found");
        }
    }

    @Test
    void a_live_session_gets_its_document_with_the_projections_health_and_a_route_history_row_unless_record_0()
            throws Exception {
        try (LiveHarness h = new LiveHarness(home, Map.of(), true)) {
            h.model(ScriptedModel.answering("The change is done: edited Main.java and ran the tests."));
            Agent agent = h.agent(work);
            LiveHarness.runTurn(agent, "Please fix the failing test in Main.java");
            Exchange x = get(h, new Exchange("/attention-health/handoff").q("sessionId", agent.id()));
            assertThat(x.status).as(new String(x.body, StandardCharsets.UTF_8)).isEqualTo(200);
            JsonNode body = x.json();
            assertThat(body.get("ok").asBoolean()).isTrue();
            assertThat(body.get("markdown").asText()).contains("Main.java");
            JsonNode stats = body.get("stats");
            assertThat(stats.get("source").asText()).isEqualTo("live");
            assertThat(stats.get("profile").asText()).isEqualTo("slim");
            assertThat(stats.get("recorded").asBoolean()).isTrue();
            assertThat(stats.get("chars").asInt()).isEqualTo(body.get("markdown").asText().length());
            assertThat(stats.get("score").asInt()).isEqualTo(h.health().status(agent.session()).orElseThrow().score());
            List<JsonNode> rows = HandoffHistory.read(home.resolve(AttentionHealthPlugin.DIR));
            assertThat(rows).hasSize(1);
            JsonNode row = rows.getFirst();
            assertThat(row.get("via").asText()).isEqualTo("route");
            assertThat(row.get("source").asText()).isEqualTo("live");
            assertThat(row.get("sessionId").asText()).isEqualTo(agent.id());
            assertThat(row.has("broadFallback")).isTrue();
            assertThat(row.toString()).doesNotContain("Main.java");

            Exchange probe = get(h, new Exchange("/attention-health/handoff").q("sessionId", agent.id()).q("record", "0")
                    .q("profile", "full"));
            assertThat(probe.status).isEqualTo(200);
            assertThat(probe.json().get("stats").get("recorded").asBoolean()).isFalse();
            assertThat(probe.json().get("stats").get("profile").asText()).isEqualTo("full");
            assertThat(probe.json().get("markdown").asText().length()).isGreaterThan(body.get("markdown").asText().length());
            assertThat(HandoffHistory.read(home.resolve(AttentionHealthPlugin.DIR))).hasSize(1);
        }
    }

    @Test
    void a_stored_session_that_is_no_longer_live_is_read_from_its_log() throws Exception {
        try (LiveHarness h = new LiveHarness(home, Map.of(), true)) {
            h.model(ScriptedModel.answering("Done."));
            AgentHandle handle = h.handle(work);
            String id = handle.agent().id();
            LiveHarness.runTurn(handle.agent(), "Say done");
            handle.dispose();
            Exchange x = get(h, new Exchange("/attention-health/handoff").q("sessionId", id).q("lang", "en"));
            assertThat(x.status).as(new String(x.body, StandardCharsets.UTF_8)).isEqualTo(200);
            assertThat(x.json().get("stats").get("source").asText()).isEqualTo("log");
            assertThat(x.json().get("markdown").asText()).contains("Say done");
        }
    }

    @Test
    void without_a_session_reader_a_session_that_is_not_live_is_503() throws Exception {
        try (LiveHarness h = new LiveHarness(home, Map.of(), true, List.of("@deepseek-ai/dsh-session-query"))) {
            assertError(get(h, new Exchange("/attention-health/handoff").q("sessionId", "not-live")), 503,
                    "no session reader available");
        }
    }

    @Test
    void the_route_goes_with_the_plugin() {
        try (LiveHarness h = new LiveHarness(home, Map.of(), false)) {
            assertThat(h.root.get(WebRoutes.KEY).orElseThrow().match("/attention-health/handoff")).isEmpty();
        }
    }
}
