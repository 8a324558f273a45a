package io.dsh4j.llm.deepseek;

import io.dsh4j.llm.BlockAssembler;
import io.dsh4j.llm.CancelSignal;
import io.dsh4j.llm.ModelAdapter;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.Message;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.json.JsJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;

/** Test helpers: recorded SSE streams, an adapter pointed at a MockWebServer, a one-call runner. */
final class Sse {

    static final String KEY = "sk-test-0123456789abcdef";

    private Sse() { }

    static String recorded(String name) {
        try (InputStream in = Sse.class.getResourceAsStream("/sse/" + name)) {
            if (in == null) throw new IllegalStateException("no recorded stream /sse/" + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static MockResponse stream(String body) {
        return new MockResponse.Builder().addHeader("content-type", "text/event-stream").body(body).build();
    }

    static MockResponse error(int status, String body) {
        return new MockResponse.Builder().code(status).addHeader("content-type", "application/json").body(body).build();
    }

    static String base(MockWebServer server) {
        String u = server.url("/").toString();
        return u.substring(0, u.length() - 1);
    }

    static DeepSeekAdapter adapter(MockWebServer server) {
        return adapter(DeepSeekConfig.deepSeek().withBaseUrl(base(server)), Map.of("DEEPSEEK_API_KEY", KEY));
    }

    static DeepSeekAdapter adapter(DeepSeekConfig config, Map<String, String> env) {
        return new DeepSeekAdapter(config, env::get, Clock.systemUTC());
    }

    static ModelCall hello() {
        return ModelCall.of("deepseek-official", "deepseek-v4-flash", List.of(user("hello")));
    }

    static Message.UserMessage user(String text) {
        return new Message.UserMessage("u-" + text.hashCode(), List.of(new ContentBlock.Text(text)),
                new MessageSource.User(null, null, JsJson.nodes().objectNode().put("kind", "user")));
    }

    static List<StreamChunk> run(ModelAdapter adapter, ModelCall call) {
        List<StreamChunk> chunks = new ArrayList<>();
        adapter.stream(call, CancelSignal.never(), chunks::add);
        return chunks;
    }

    static BlockAssembler assemble(List<StreamChunk> chunks) {
        BlockAssembler a = new BlockAssembler();
        chunks.forEach(a);
        return a;
    }

    static StreamChunk.Finish finish(List<StreamChunk> chunks) {
        return (StreamChunk.Finish) chunks.getLast();
    }
}
