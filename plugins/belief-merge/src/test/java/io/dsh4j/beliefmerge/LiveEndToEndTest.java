package io.dsh4j.beliefmerge;

import static io.dsh4j.beliefmerge.LiveHarness.injected;
import static io.dsh4j.beliefmerge.LiveHarness.runTurn;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.kernel.Signal;
import io.dsh4j.llm.deepseek.DeepSeekAdapter;
import io.dsh4j.llm.deepseek.DeepSeekConfig;
import io.dsh4j.message.json.JsJson;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One end-to-end run over HTTP: the agent and the plugin both on the OpenAI-compatible adapter against a
 * loopback MockWebServer serving recorded-shape SSE. The alignment request goes first (pre-step of step
 * 1), carries the spec's prompt, temperature 0 and thinking off; the step's request then carries the
 * merged block as the last user message.
 */
class LiveEndToEndTest {

    @TempDir
    Path dir;

    static MockResponse sse(String text) {
        String delta = JsJson.stringify(JsJson.nodes().textNode(text));
        String body = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":" + delta + "},\"finish_reason\":null}]}\n\n"
                + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],"
                + "\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":3}}\n\n"
                + "data: [DONE]\n\n";
        return new MockResponse.Builder().addHeader("content-type", "text/event-stream").body(body).build();
    }

    @Test
    void over_http_the_alignment_call_comes_first_and_the_step_sees_the_llm_merged_block() throws Exception {
        try (MockWebServer server = new MockWebServer(); LiveHarness h = new LiveHarness(null)) {
            server.start();
            String base = server.url("/").toString();
            DeepSeekAdapter adapter = new DeepSeekAdapter(DeepSeekConfig.openAiCompatible().withBaseUrl(base.substring(0, base.length() - 1)),
                    k -> null, Clock.systemUTC());
            h.route(adapter.config().provider(), adapter);
            h.mount(dir, Map.of());
            Agent a = h.source("We switched the database to PostgreSQL.");
            Agent b = h.source("The database is Postgres now.");
            String alignment = """
                    {"slots":[{"key":"database.engine","type":"Fact","opinions":[
                      {"source":"%s","value":"postgresql","evidence":4,"quote":"We switched the database to PostgreSQL."},
                      {"source":"%s","value":"postgresql","evidence":4,"quote":"The database is Postgres now."}]}]}"""
                    .formatted(a.id(), b.id());
            server.enqueue(sse("```json\n" + alignment + "\n```"));
            server.enqueue(sse("We are on PostgreSQL."));

            Agent me = h.agent(adapter.config().provider());
            h.commands().run(me, "/merge " + a.id() + " " + b.id(), List.of(), Signal.never());
            runTurn(me, "Which database do we use?");

            RecordedRequest first = server.takeRequest(30, TimeUnit.SECONDS);
            RecordedRequest second = server.takeRequest(30, TimeUnit.SECONDS);
            assertThat(first).isNotNull();
            assertThat(second).isNotNull();
            JsonNode align = JsJson.parse(first.getBody().utf8());
            assertThat(align.path("messages")).hasSize(1);
            assertThat(align.path("messages").get(0).path("content").toString()).contains("ALIGN BY MEANING", "### branch id: " + a.id());
            assertThat(align.path("temperature").asDouble(-1)).isEqualTo(0.0);
            assertThat(align.path("max_tokens").asLong()).isEqualTo(4000);
            assertThat(align.has("tools")).isFalse();
            JsonNode step = JsJson.parse(second.getBody().utf8());
            JsonNode last = step.path("messages").get(step.path("messages").size() - 1);
            assertThat(last.path("role").asText()).isEqualTo("user");
            assertThat(last.path("content").toString()).contains("Merged context (BeliefMerge)", "`database.engine` = **postgresql**");
            assertThat(injected(me)).hasSize(1);
            assertThat(server.getRequestCount()).isEqualTo(2);
        }
    }
}
