package io.dsh4j.tool;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventPayload;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** Shared fixtures of the tool tests: a kernel with the runtime, an agent, a recording journal. */
final class ToolTesting {

    private ToolTesting() {}

    static JsonNode json(String text) {
        return JsJson.parse(text);
    }

    /** A kernel with {@code tools} mounted and active. */
    static Kernel kernelWithTools() {
        Kernel kernel = Kernel.create();
        kernel.root().plugin(ToolRuntimePlugin.PLUGIN).await();
        return kernel;
    }

    static ToolRuntime tools(Context ctx) {
        return ctx.get(ToolRuntime.KEY).orElseThrow();
    }

    /** A tool over an object of strings that answers {@code value} as text. */
    static ToolDefinition.Builder textTool(String name, ToolBody body) {
        return ToolDefinition.builder(name)
                .description("test tool " + name)
                .parameters(json("{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}"))
                .output(ToolOutput.of(json("{\"type\":\"string\"}"),
                        (args, value) -> List.of(new ContentBlock.Text(value.textValue()))))
                .body(body);
    }

    static ToolDefinition echo(String name) {
        return textTool(name, (args, exec) -> JsJson.nodes().textNode(
                args.has("text") ? args.get("text").textValue() : name)).build();
    }

    static String text(ToolExecutionResult result) {
        StringBuilder out = new StringBuilder();
        for (ContentBlock block : result.content()) {
            if (block instanceof ContentBlock.Text t) {
                out.append(t.text());
            }
        }
        return out.toString();
    }

    static String code(ToolExecutionResult result) {
        return result instanceof ToolExecutionResult.Failure f && f.error().info() != null ? f.error().info().code() : null;
    }

    /** An agent that records the events its tools append. */
    static final class TestAgent implements ToolAgent {
        final String id;
        final Path cwd;
        final List<String> events = Collections.synchronizedList(new ArrayList<>());

        TestAgent(String id) {
            this(id, null);
        }

        TestAgent(String id, Path cwd) {
            this.id = id;
            this.cwd = cwd;
        }

        @Override public String id() { return id; }
        @Override public Optional<Path> workingDirectory() { return Optional.ofNullable(cwd); }
        @Override public void appendEvent(String type, JsonNode data) { events.add(type + " " + JsJson.stringify(data)); }
        @Override public String toString() { return "TestAgent[" + id + "]"; }
    }

    /** A journal that keeps the log lines in order. */
    static final class RecordingJournal implements ToolStepJournal {
        final List<String> log = new ArrayList<>();
        final List<EventPayload.ToolResult> results = new ArrayList<>();
        final Thread owner = Thread.currentThread();
        long seq;

        @Override
        public long appendCall(EventPayload.ToolCall call) {
            checkThread();
            log.add("tool/call " + call.callId() + " " + call.name() + " " + call.arguments());
            return seq++;
        }

        @Override
        public void appendResult(EventPayload.ToolResult result, long callSeq) {
            checkThread();
            results.add(result);
            ContentBlock.ToolResult block = result.message().result();
            String text = block.content().stream().map(b -> b instanceof ContentBlock.Text t ? t.text() : b.type())
                    .reduce("", String::concat);
            log.add("tool/result " + block.toolCallId() + " @" + callSeq + (block.error() ? " error " : " ok ")
                    + (result.error() == null ? "" : result.error().code() + " ") + text);
            seq++;
        }

        @Override
        public void deferToNextStep(Message.UserMessage context) {
            checkThread();
            log.add("next-step " + ((ContentBlock.Text) context.content().getFirst()).text());
            seq++;
        }

        private void checkThread() {
            if (Thread.currentThread() != owner) {
                throw new AssertionError("journal called off the scheduling thread");
            }
        }
    }
}
