package io.dsh4j.app.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.app.run.Recording;
import io.dsh4j.session.SessionHome;
import io.dsh4j.session.SessionLog;
import io.dsh4j.session.SessionStore;
import io.dsh4j.session.StoredSession;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.ReplayModelServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15, the console's live half through {@code dsh4j serve} itself: without a model nothing is
 * booted and prompting says how to configure one; with the replay model server as the model, a
 * prompt posted to {@code session.prompt} streams over {@code /api/events} as it is committed, the
 * streamed events are the session's log, a reconnecting client resumes from {@code Last-Event-ID},
 * and cancel and steer reach the running turn.
 */
class ConsoleLiveTest {

    static {
        System.setProperty("dsh4j.run.signals", "false");
    }

    @TempDir
    Path home;
    @TempDir
    Path work;

    static Path recording(String name) {
        return Corpus.rawDir().resolve("examples/acp-agent/tests/snapshots").resolve(name).resolve("session.jsonl");
    }

    private String[] args(String baseUrl) {
        return new String[] {"--home", home.toString(), "--cwd", work.toString(), "--base-url", baseUrl};
    }

    @Test
    void without_a_model_nothing_is_booted_and_prompting_answers_how_to_configure_one() throws Exception {
        try (LiveServe serve = new LiveServe(Map.of(), "--home", home.toString())) {
            assertThat(serve.out.toString()).contains("no model configured");
            assertThat(serve.value("console.model", "{}").path("configured").asBoolean()).isFalse();
            for (String call : List.of("session.prompt:{\"text\":\"hi\"}", "session.steer:{\"sessionId\":\"x\",\"text\":\"hi\"}",
                    "session.cancel:{\"sessionId\":\"x\"}")) {
                String[] p = call.split(":", 2);
                JsonNode r = serve.rpc(p[0], p[1]);
                assertThat(r.path("ok").asBoolean()).as(call).isFalse();
                assertThat(r.path("error").path("code").asText()).isEqualTo("no-model");
                assertThat(r.path("error").path("message").asText()).contains("DEEPSEEK_API_KEY").contains("--base-url");
            }
            assertThat(serve.value("session.live", "{\"sessionId\":\"x\"}").path("live").asBoolean()).isFalse();
            // bad input is refused before anything else
            for (String payload : List.of("{\"text\":\"  \"}", "{\"text\":42}", "{}", "{\"sessionId\":7,\"text\":\"x\"}",
                    "{\"text\":\"" + "x".repeat(LiveApi.MAX_TEXT + 1) + "\"}")) {
                assertThat(serve.rpc("session.prompt", payload).path("error").path("code").asText())
                        .as(payload.length() > 80 ? "huge text" : payload).isEqualTo("bad-request");
            }
            // the event stream is behind the same fence
            var foreign = java.net.http.HttpRequest.newBuilder(serve.url.resolve("/api/events?sessionId=x"))
                    .header("Origin", "http://evil.example").GET().build();
            assertThat(serve.http.send(foreign, java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(403);
            var crossSite = java.net.http.HttpRequest.newBuilder(serve.url.resolve("/api/events?sessionId=x"))
                    .header("Sec-Fetch-Site", "cross-site").GET().build();
            assertThat(serve.http.send(crossSite, java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(403);
            var textPost = java.net.http.HttpRequest.newBuilder(serve.url.resolve("/api/session.prompt"))
                    .header("Content-Type", "text/plain").POST(java.net.http.HttpRequest.BodyPublishers.ofString("{}")).build();
            assertThat(serve.http.send(textPost, java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(415);
            try (LiveServe.Stream missing = serve.stream("sessionId=no-such-session", null)) {
                assertThat(missing.status).isEqualTo(404);
            }
        }
        assertThat(home.resolve("sessions")).doesNotExist();
    }

    @Test
    void a_prompt_streams_the_replayed_turn_as_it_is_committed_and_the_stream_is_the_sessions_log() throws Exception {
        Recording recorded = Recording.of(recording("text-turn"));
        String id;
        List<JsonNode> streamed;
        try (ReplayModelServer model = ReplayModelServer.start(recording("text-turn"), 0, List.of("--delay-ms", "150"));
             LiveServe serve = new LiveServe(Map.of(), args(model.baseUrl()))) {
            JsonNode info = serve.value("console.model", "{}");
            assertThat(info.path("configured").asBoolean()).isTrue();
            assertThat(info.path("yes").asBoolean()).isFalse();
            id = serve.value("session.prompt", "{\"text\":" + JsonText.quote(recorded.prompt()) + "}").path("sessionId").asText();
            try (LiveServe.Stream s = serve.stream("sessionId=" + id + "&since=-1", null)) {
                assertThat(s.status).isEqualTo(200);
                s.await(f -> f.event().equals("ready"));
                s.await(f -> LiveServe.isChunk(f, "text-delta"));
                // the answer is arriving while the turn still runs
                assertThat(serve.value("session.live", "{\"sessionId\":\"" + id + "\"}").path("status").asText()).isEqualTo("running");
                s.await(f -> LiveServe.isType(f, "turn/end"));
                streamed = s.events();
                StringBuilder text = new StringBuilder();
                for (JsonNode e : streamed) {
                    JsonNode c = e.path("event").path("data").path("chunk");
                    if (c.path("type").asText().equals("text-delta")) text.append(c.path("text").asText());
                }
                assertThat(text.toString().strip()).isEqualTo(recorded.finalText().strip());
                for (int i = 0; i < streamed.size(); i++) assertThat(streamed.get(i).path("seq").asLong()).isEqualTo(i);
                assertThat(s.frames.stream().filter(f -> f.event().equals("session/event")).map(LiveServe.Stream.Frame::id).toList())
                        .isEqualTo(streamed.stream().map(e -> e.path("seq").asText()).toList());
            }
            // a client that reconnects with Last-Event-ID gets exactly the rest
            long last = streamed.size() - 1;
            try (LiveServe.Stream again = serve.stream("sessionId=" + id, Long.toString(last - 3))) {
                JsonNode ready = again.await(f -> f.event().equals("ready")).json();
                assertThat(ready.path("live").asBoolean()).isTrue();
                assertThat(ready.path("lastSeq").asLong()).isEqualTo(last);
                again.await(f -> f.event().equals("session/event") && f.id().equals(Long.toString(last)));
                assertThat(again.events()).extracting(e -> e.path("seq").asLong()).containsExactly(last - 2, last - 1, last);
            }
        }
        // what was streamed is what the log holds (the server's stop flushed it)
        SessionStore store = SessionStore.detect(new SessionHome(home).sessionsRoot()).reading(SessionHeader.Mode.FIXTURE);
        StoredSession stored = store.find(id).orElseThrow();
        assertThat(stored.header().cwd()).isEqualTo(work.toString());
        SessionLog log = store.inspect(stored);
        List<SessionEvent> events = log.events();
        assertThat(events).extracting(SessionEvent::seq).isEqualTo(streamed.stream().map(e -> e.path("seq").asLong()).toList());
        for (int i = 0; i < events.size(); i++) {
            assertThat(JsonText.parse(events.get(i).toString())).as("seq " + i).isEqualTo(streamed.get(i).path("event"));
        }
    }

    @Test
    void cancel_ends_the_running_turn_and_the_session_takes_the_next_prompt() throws Exception {
        try (ReplayModelServer model = ReplayModelServer.start(recording("multi-turn"), 0, List.of("--delay-ms", "300"));
             LiveServe serve = new LiveServe(Map.of(), args(model.baseUrl()))) {
            String id = serve.value("session.prompt", "{\"text\":\"Reply with exactly the word: ONE. No tools.\"}").path("sessionId").asText();
            try (LiveServe.Stream s = serve.stream("sessionId=" + id + "&since=-1", null)) {
                s.await(f -> LiveServe.isType(f, "assistant/chunk"));
                serve.value("session.cancel", "{\"sessionId\":\"" + id + "\"}");
                JsonNode end = s.await(f -> LiveServe.isType(f, "turn/end")).json();
                assertThat(end.path("event").path("data").path("reason").path("kind").asText()).isEqualTo("aborted");
                awaitStatus(serve, id, "idle"); // the driver ends just after it commits turn/end
                // the same session goes on
                assertThat(serve.value("session.prompt", "{\"sessionId\":\"" + id + "\",\"text\":\"again\"}").path("sessionId").asText())
                        .isEqualTo(id);
                s.await(f -> LiveServe.isType(f, "turn/start") && f.json().path("event").path("data").path("turn").asInt() == 2);
            }
        }
    }

    static void awaitStatus(LiveServe serve, String id, String status) throws Exception {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
        String now;
        while (!(now = serve.value("session.live", "{\"sessionId\":\"" + id + "\"}").path("status").asText()).equals(status)) {
            if (System.nanoTime() > deadline) throw new AssertionError("status stayed " + now);
            java.util.concurrent.locks.LockSupport.parkNanos(5_000_000);
        }
    }

    @Test
    void steer_enters_the_running_turn_at_its_next_step() throws Exception {
        Files.writeString(work.resolve("greeting.txt"), "hello\n");
        Recording recorded = Recording.of(recording("fs-read"));
        try (ReplayModelServer model = ReplayModelServer.start(recording("fs-read"), 0, List.of("--delay-ms", "200"));
             LiveServe serve = new LiveServe(Map.of(), args(model.baseUrl()))) {
            String id = serve.value("session.prompt", "{\"text\":" + JsonText.quote(recorded.prompt()) + "}").path("sessionId").asText();
            try (LiveServe.Stream s = serve.stream("sessionId=" + id + "&since=-1", null)) {
                s.await(f -> LiveServe.isType(f, "assistant/chunk"));
                serve.value("session.steer", "{\"sessionId\":\"" + id + "\",\"text\":\"steered from the console\"}");
                s.await(f -> LiveServe.isType(f, "turn/end"));
                List<JsonNode> users = s.events().stream().filter(e -> e.path("event").path("type").asText().equals("user/message")).toList();
                assertThat(users).hasSize(2);
                assertThat(users.get(1).toString()).contains("steered from the console");
                JsonNode steered = users.get(1);
                long stepOfSteer = s.events().stream().filter(e -> e.path("event").path("type").asText().equals("step/start")
                        && e.path("seq").asLong() < steered.path("seq").asLong()).map(e -> e.path("event").path("data").path("step").asLong())
                        .reduce((a, b) -> b).orElseThrow();
                assertThat(stepOfSteer).isEqualTo(2);
            }
            // steering a session that has no running agent here is refused plainly
            JsonNode r = serve.rpc("session.steer", "{\"sessionId\":\"elsewhere\",\"text\":\"x\"}");
            assertThat(r.path("error").path("code").asText()).isEqualTo("session-not-live");
            JsonNode bad = serve.rpc("session.prompt", "{\"text\":\"   \"}");
            assertThat(bad.path("error").path("code").asText()).isEqualTo("bad-request");
            JsonNode unknown = serve.rpc("session.prompt", "{\"sessionId\":\"no-such-session\",\"text\":\"x\"}");
            assertThat(unknown.path("error").path("code").asText()).isEqualTo("session-not-found");
        }
    }
}
