package io.dsh4j.app.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.llm.BlockAssembler;
import io.dsh4j.message.ChunkJson;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.MessageJson;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.ReplayModelServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code dsh4j ask} against the replay model server on a live corpus recording. */
class AskCommandTest {

    /** A current/live recording: one turn, one step, reasoning then the text "PONG". */
    static final Path PONG = Corpus.rawDir().resolve("examples/acp-agent/tests/snapshots/hook-cc-invalid-matcher/session.jsonl");
    /** A variable that is never set, so a test does not depend on the developer's DEEPSEEK_API_KEY. */
    static final String UNSET = "DSH4J_TEST_VARIABLE_THAT_IS_NEVER_SET";

    Locale saved;
    ReplayModelServer server;

    @BeforeEach
    void start() throws Exception {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.ROOT);
        server = ReplayModelServer.start(PONG);
    }

    @AfterEach
    void stop() {
        server.close();
        Locale.setDefault(saved);
    }

    static JsonNode firstRecordedMessage(Path session) throws Exception {
        for (String line : Files.readAllLines(session)) {
            if (line.isBlank()) continue;
            JsonNode r = JsJson.parse(line);
            if ("assistant/message".equals(r.path("type").asText())) return r.get("data");
        }
        throw new AssertionError("no assistant/message in " + session);
    }

    private CliRun ask(String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("ask", "--provider", "openai-compatible", "--base-url",
                server.baseUrl(), "--api-key-env", UNSET));
        args.addAll(List.of(extra));
        args.add("Reply with exactly the word: PONG. Do not use any tools.");
        return CliRun.of(args.toArray(String[]::new));
    }

    @Test
    void ask_prints_the_recorded_reasoning_then_the_answer_then_a_usage_line() throws Exception {
        CliRun run = ask();

        JsonNode recorded = firstRecordedMessage(PONG);
        String reasoning = recorded.at("/message/content/0/text").asText();
        JsonNode usage = recorded.get("usage");
        assertThat(run.code()).as(run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).isEqualTo(reasoning + "\n\nPONG\n"
                + "tokens: input " + usage.get("inputTokens").asLong() + " · cache read " + usage.path("cacheReadTokens").asLong()
                + " · output " + usage.get("outputTokens").asLong() + " (reasoning " + usage.path("reasoningTokens").asLong() + ")\n");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void ask_json_prints_the_chunk_stream_and_it_assembles_to_the_recorded_message() throws Exception {
        CliRun run = ask("--json");

        assertThat(run.code()).as(run.err()).isEqualTo(ExitCodes.OK);
        BlockAssembler a = new BlockAssembler();
        for (String line : run.out().split("\n")) a.accept(ChunkJson.readChunk(JsJson.parse(line), "chunk"));
        List<ContentBlock> recorded = MessageJson.readAssistantMessage(firstRecordedMessage(PONG).get("message"), "message").content();
        assertThat(a.blocks()).isEqualTo(recorded);
    }

    @Test
    void ask_on_the_deepseek_route_without_a_key_says_which_variable_to_set() {
        CliRun run = CliRun.of("ask", "--base-url", server.baseUrl(), "--api-key-env", UNSET, "hello");

        assertThat(run.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(run.err()).contains("set the environment variable " + UNSET).contains("MISSING_CREDENTIAL");
        run.hasNoStackTrace();
    }

    @Test
    void a_provider_error_is_reported_with_its_code_and_status() {
        // the recording has one assistant message: a request that already holds one is past its end (HTTP 409)
        CliRun first = ask();
        assertThat(first.code()).isEqualTo(ExitCodes.OK);
        CliRun run = CliRun.of("ask", "--provider", "openai-compatible", "--base-url", server.baseUrl() + "/v1/unknown",
                "--api-key-env", UNSET, "hello");

        assertThat(run.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(run.err()).contains("the model call failed").contains("HTTP_404").contains("HTTP 404");
        run.hasNoStackTrace();
    }

    @Test
    void a_server_that_is_not_there_is_a_TRANSPORT_failure() {
        int port = server.port();
        server.close();

        CliRun run = CliRun.of("ask", "--provider", "openai-compatible", "--base-url", "http://127.0.0.1:" + port,
                "--api-key-env", UNSET, "hello");

        assertThat(run.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(run.err()).contains("TRANSPORT");
        run.hasNoStackTrace();
    }

    @Test
    void bad_options_are_usage_errors_with_a_message() {
        assertThat(CliRun.of("ask", "--effort", "medium", "hi").err()).contains("unknown reasoning effort \"medium\"");
        assertThat(CliRun.of("ask", "--effort", "medium", "hi").code()).isEqualTo(ExitCodes.USAGE);
        assertThat(CliRun.of("ask", "--provider", "nope", "hi").err()).contains("unknown provider \"nope\"");
        assertThat(CliRun.of("ask", "--base-url", "ftp://x", "hi").err()).contains("--base-url must be an http");
        assertThat(CliRun.of("ask", "  ").err()).contains("the prompt is empty");
        assertThat(CliRun.of("ask").code()).isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void messages_are_translated_to_chinese() {
        Locale.setDefault(Locale.SIMPLIFIED_CHINESE);

        assertThat(CliRun.of("ask", "  ").err()).isEqualTo("dsh4j：问题为空\n");
    }
}
