package io.dsh4j.app.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.SessionHome;
import io.dsh4j.session.SessionLayout;
import io.dsh4j.testkit.SessionLogBuilder;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15, the deliberation view over spec deliberation.md §1.3–1.4 and §5 as a session log records
 * a round: the {@code deliberate} tool call (goal, incumbent, branch requests) and its result (the
 * model-facing compact JSON, or the canonical value in {@code meta}); child sessions by lineage.
 * Synthetic logs (SessionLogBuilder), read through {@code deliberation.runs} of a console over them.
 */
class DeliberationRunsTest {

    static final String PARENT = "primary-1";
    static final String CHILD_A = "fork-child-1";
    static final String CHILD_B = "audit-child-2";

    @TempDir
    Path home;
    ConsoleApiCalls api;

    static final String ARGS = JsonText.quote("""
            {"goal":"Which cache key keeps 1,000 sessions under 300 ms?","incumbent":"size and mtime",
             "context":{"observations":["headers are immutable"],"constraints":[],"unknowns":[]},
             "branches":[
               {"label":"alt","role":"independent-alternative","route":"strong","capability":"read-only","focus":"inode numbers"},
               {"label":"audit","role":"trajectory-audit","route":"strong","capability":"read-only","focus":"mtime granularity"},
               {"label":"review","role":"masked-review","route":"fast","capability":"none","focus":"last step","recentSteps":2}]}""");

    /** The model-facing text of §1.4: no runId, cleanup or history. */
    static final String RENDERED = JsonText.quote("""
            {"branches":[{"label":"alt","role":"independent-alternative","stopReason":"completed","packet":{"role":"independent-alternative","status":"update","items":[{"kind":"suggestion","certainty":"likely","content":"hash the first frame"}]}},\
            {"label":"audit","role":"trajectory-audit","stopReason":"completed","packet":{"role":"trajectory-audit","status":"update","items":[{"kind":"possible_error","certainty":"uncertain","content":"mtime can be coarse"}]}},\
            {"label":"review","role":"masked-review","stopReason":"timeout","historyWindow":{"kind":"recent-steps","requestedSteps":2,"projectedSteps":1},"diagnostic":"branch deadline elapsed"}]}""");

    /** The canonical value of §1.3, as a host may keep it in the result's meta. */
    static final String CANONICAL = """
            {"branches":[{"label":"alt","role":"independent-alternative","history":"fork","route":"strong","capability":"read-only","runId":"fork-child-1","stopReason":"completed","cleanup":"completed","packet":{"role":"independent-alternative","status":"no_update"}},\
            {"label":"audit","role":"trajectory-audit","history":"fresh","route":"strong","capability":"read-only","runId":"audit-child-2","stopReason":"invalid-structured-result","cleanup":"failed","diagnostic":"wrong role"}]}""";

    static String call(int turn, int step, String id, String name, String argsJson) {
        return "{\"turn\":" + turn + ",\"step\":" + step + ",\"callId\":\"" + id + "\",\"name\":\"" + name + "\",\"arguments\":" + argsJson + "}";
    }

    static String result(int turn, int step, String id, String textJson, boolean error, String metaJson) {
        return "{\"turn\":" + turn + ",\"step\":" + step + ",\"message\":{\"source\":{\"kind\":\"tool\",\"callId\":\"" + id + "\"},"
                + "\"content\":[{\"type\":\"tool-result\",\"toolCallId\":\"" + id + "\",\"content\":[{\"type\":\"text\",\"text\":" + textJson
                + "}],\"isError\":" + error + "}],\"role\":\"user\",\"id\":\"r-" + id + "\"}" + (metaJson == null ? "" : ",\"meta\":" + metaJson) + "}";
    }

    static String header(String id, String parent, long createdAt) {
        return "{\"type\":\"session\",\"version\":0,\"id\":\"" + id + "\",\"createdAt\":" + createdAt + ",\"cwd\":\"/w\""
                + (parent == null ? "" : ",\"parentSession\":\"" + parent + "\",\"origin\":\"subagent\"") + ",\"delegationDepth\":" + (parent == null ? 0 : 1) + "}";
    }

    void write(SessionLogBuilder b, String id) throws IOException {
        b.writeRaw(SessionLayout.logPath(home.resolve("sessions"), "/w", id, LogEncoding.RAW));
    }

    @BeforeEach
    void api() {
        api = new ConsoleApiCalls(home);
    }

    @Test
    void a_round_shows_each_branch_with_its_role_stop_reason_and_packet_and_its_goal_and_incumbent() throws IOException {
        write(SessionLogBuilder.withHeaderLine(header(PARENT, null, 1000))
                .event("turn/start", "{\"turn\":1}")
                .event("tool/call", call(1, 2, "c1", "deliberate", ARGS))
                .event("tool/result", result(1, 2, "c1", RENDERED, false, null))
                .event("turn/end", "{\"turn\":1,\"reason\":{\"kind\":\"completed\"}}"), PARENT);
        JsonNode v = api.value("deliberation.runs", "{\"sessionId\":\"" + PARENT + "\"}");
        assertThat(v.path("runs")).hasSize(1);
        JsonNode run = v.path("runs").get(0);
        assertThat(run.path("status").asText()).isEqualTo("completed");
        assertThat(run.path("turn").asInt()).isEqualTo(1);
        assertThat(run.path("step").asInt()).isEqualTo(2);
        assertThat(run.path("goal").asText()).startsWith("Which cache key");
        assertThat(run.path("incumbent").asText()).isEqualTo("size and mtime");
        JsonNode b = run.path("branches");
        assertThat(b).hasSize(3);
        assertThat(b.get(0).path("label").asText()).isEqualTo("alt");
        assertThat(b.get(0).path("role").asText()).isEqualTo("independent-alternative");
        assertThat(b.get(0).path("route").asText()).isEqualTo("strong");
        assertThat(b.get(0).path("focus").asText()).isEqualTo("inode numbers");
        assertThat(b.get(0).path("stopReason").asText()).isEqualTo("completed");
        assertThat(b.get(0).path("packet").path("items").get(0).path("content").asText()).isEqualTo("hash the first frame");
        assertThat(b.get(1).path("packet").path("items").get(0).path("kind").asText()).isEqualTo("possible_error");
        assertThat(b.get(2).path("stopReason").asText()).isEqualTo("timeout");
        assertThat(b.get(2).path("recentSteps").asInt()).isEqualTo(2);
        assertThat(b.get(2).path("historyWindow").path("projectedSteps").asInt()).isEqualTo(1);
        assertThat(b.get(2).path("diagnostic").asText()).isEqualTo("branch deadline elapsed");
        assertThat(b.get(2).has("packet")).isFalse();
        assertThat(v.path("children")).isEmpty();
    }

    @Test
    void the_canonical_value_in_meta_links_branches_to_their_child_sessions_by_lineage() throws IOException {
        write(SessionLogBuilder.withHeaderLine(header(PARENT, null, 1000))
                .event("tool/call", call(1, 1, "c1", "deliberate", ARGS))
                .event("tool/result", result(1, 1, "c1", RENDERED, false, CANONICAL)), PARENT);
        write(SessionLogBuilder.withHeaderLine(header(CHILD_A, PARENT, 1001)), CHILD_A);
        write(SessionLogBuilder.withHeaderLine(header(CHILD_B, PARENT, 1002)), CHILD_B);
        write(SessionLogBuilder.withHeaderLine(header("stray-child", PARENT, 1003)), "stray-child");
        write(SessionLogBuilder.withHeaderLine(header("other", null, 1004)), "other");
        JsonNode v = api.value("deliberation.runs", "{\"sessionId\":\"" + PARENT + "\"}");
        JsonNode b = v.path("runs").get(0).path("branches");
        assertThat(b.get(0).path("runId").asText()).isEqualTo(CHILD_A);
        assertThat(b.get(0).path("childSessionId").asText()).isEqualTo(CHILD_A);
        assertThat(b.get(0).path("cleanup").asText()).isEqualTo("completed");
        assertThat(b.get(0).path("history").asText()).isEqualTo("fork");
        assertThat(b.get(0).path("packet").path("status").asText()).isEqualTo("no_update");
        assertThat(b.get(1).path("stopReason").asText()).isEqualTo("invalid-structured-result");
        assertThat(b.get(1).path("childSessionId").asText()).isEqualTo(CHILD_B);
        assertThat(b.get(2).has("stopReason")).as("the canonical value lists two branches").isFalse();
        assertThat(v.path("children")).extracting(c -> c.path("sessionId").asText() + ":" + c.path("matched").asBoolean())
                .containsExactly("stray-child:false", CHILD_B + ":true", CHILD_A + ":true");
    }

    @Test
    void an_error_result_a_pending_call_a_renamed_tool_and_other_tools_are_told_apart() throws IOException {
        String renamedArgs = ARGS;
        write(SessionLogBuilder.withHeaderLine(header(PARENT, null, 1000))
                .event("tool/call", call(1, 1, "c0", "read", JsonText.quote("{\"file_path\":\"a\"}")))
                .event("tool/result", result(1, 1, "c0", JsonText.quote("{\"branches\":[]}"), false, null))
                .event("tool/call", call(1, 2, "c1", "deliberate", JsonText.quote("{\"goal\":\"g\",\"branches\":[]}")))
                .event("tool/result", result(1, 2, "c1", JsonText.quote("deliberate requires 1 through 3 branches"), true, null))
                .event("tool/call", call(2, 1, "c2", "consider_paths", renamedArgs))
                .event("tool/result", result(2, 1, "c2", RENDERED, false, null))
                .event("tool/call", call(3, 1, "c3", "deliberate", ARGS)), PARENT);
        JsonNode runs = api.value("deliberation.runs", "{\"sessionId\":\"" + PARENT + "\"}").path("runs");
        assertThat(runs).extracting(r -> r.path("callId").asText() + ":" + r.path("status").asText())
                .containsExactly("c1:error", "c2:completed", "c3:pending");
        assertThat(runs.get(0).path("error").asText()).contains("1 through 3 branches");
        assertThat(runs.get(1).path("tool").asText()).isEqualTo("consider_paths");
        assertThat(runs.get(1).path("branches").get(1).path("stopReason").asText()).isEqualTo("completed");
        assertThat(runs.get(2).path("branches")).hasSize(3);
    }

    @Test
    void hostile_arguments_and_results_are_reported_on_the_round_and_bounded() throws IOException {
        StringBuilder many = new StringBuilder("{\"goal\":\"g\",\"branches\":[");
        for (int i = 0; i < 1000; i++) many.append(i == 0 ? "" : ",").append("{\"label\":\"b").append(i).append("\",\"role\":\"trajectory-audit\"}");
        many.append("]}");
        String huge = "{\"branches\":[{\"label\":\"b0\",\"stopReason\":\"completed\",\"packet\":{\"role\":\"trajectory-audit\",\"status\":\"update\","
                + "\"items\":[{\"kind\":\"observation\",\"certainty\":\"certain\",\"content\":\"" + "x".repeat(20_000) + "\"}]}},"
                + "\"not an object\",{\"label\":{\"nested\":true},\"stopReason\":[1],\"packet\":\"<script>\"}]}";
        write(SessionLogBuilder.withHeaderLine(header(PARENT, null, 1000))
                .event("tool/call", call(1, 1, "bad-args", "deliberate", JsonText.quote("{not json")))
                .event("tool/result", result(1, 1, "bad-args", JsonText.quote("not json either"), false, null))
                .event("tool/call", call(1, 2, "many", "deliberate", JsonText.quote(many.toString())))
                .event("tool/result", result(1, 2, "many", JsonText.quote(huge), false, null))
                .event("tool/result", result(1, 3, "no-such-call", RENDERED, false, null)), PARENT);
        JsonNode runs = api.value("deliberation.runs", "{\"sessionId\":\"" + PARENT + "\"}").path("runs");
        assertThat(runs).hasSize(2);
        assertThat(runs.get(0).path("problem").asText()).contains("not a deliberation output");
        assertThat(runs.get(0).path("branches")).isEmpty();
        JsonNode many0 = runs.get(1);
        assertThat(many0.path("branchesTruncated").asBoolean()).isTrue();
        assertThat(many0.path("branches")).hasSize(DeliberationRuns.MAX_BRANCHES + 1);
        JsonNode b0 = many0.path("branches").get(0);
        assertThat(b0.path("packetTooLarge").asBoolean()).isTrue();
        assertThat(b0.has("packet")).isFalse();
        JsonNode odd = many0.path("branches").get(DeliberationRuns.MAX_BRANCHES);
        assertThat(odd.has("label")).isFalse();
        assertThat(odd.has("stopReason")).isFalse();
        assertThat(odd.has("packet")).isFalse();
        assertThat(api.rpc("deliberation.runs", "{\"sessionId\":\"../" + PARENT + "\"}").path("error").path("code").asText())
                .isEqualTo("session-not-found");
        assertThat(api.rpc("deliberation.runs", "{}").path("error").path("code").asText()).isEqualTo("bad-request");
    }

    /** The API's methods called through its route handlers, without a server. */
    static final class ConsoleApiCalls {
        final ConsoleRoutes routes = new ConsoleRoutes(new io.dsh4j.web.WebRoutes(), io.dsh4j.kernel.Kernel.create().root());

        ConsoleApiCalls(Path home) {
            new ConsoleApi(new SessionHome(home), java.time.Clock.fixed(TestServer.NOW, java.time.ZoneOffset.UTC)).register(routes);
        }

        JsonNode rpc(String method, String payload) throws IOException {
            EventStreamTest.Exchange ex = new EventStreamTest.Exchange(false) {
                @Override public String method() { return "POST"; }
                @Override public String path() { return "/api/" + method; }
                @Override public byte[] body() {
                    return ("{\"type\":\"client-request\",\"rpcId\":1,\"payload\":" + payload + "}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
                }
            };
            try {
                routes.match("/api/" + method).orElseThrow().handler().handle(ex);
            } catch (Exception e) {
                throw new IOException(e);
            }
            return JsonText.parse(ex.text()).path("result");
        }

        JsonNode value(String method, String payload) throws IOException {
            JsonNode r = rpc(method, payload);
            assertThat(r.path("ok").asBoolean()).as(r.toString()).isTrue();
            return r.path("value");
        }
    }
}
