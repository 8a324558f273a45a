package io.dsh4j.llm.deepseek.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.llm.LlmCodes;
import io.dsh4j.llm.LlmException;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.llm.ToolSchema;
import io.dsh4j.llm.deepseek.DeepSeekConfig;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.json.JsJson;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the chat-completions request body of §5.3: {@code {model, messages, stream, stream_options,
 * thinking?, reasoning_effort?, tools?, temperature?, max_tokens?, stop?}} with no nulls. Stateless.
 */
public final class WireRequest {

    /** The text sent for a tool result without text. */
    public static final String NO_OUTPUT = "(no output)";

    private WireRequest() { }

    /** The body. @throws LlmException {@code UNSUPPORTED_CONTENT} or {@code UNSUPPORTED_REASONING_EFFORT} */
    public static ObjectNode body(ModelCall call, DeepSeekConfig config) {
        ObjectNode body = JsJson.nodes().objectNode();
        body.put("model", call.model());
        ArrayNode messages = body.putArray("messages");
        if (call.system() != null) messages.addObject().put("role", "system").put("content", call.system());
        for (Message m : call.messages()) serialize(m, messages);
        body.put("stream", true);
        body.putObject("stream_options").put("include_usage", true);
        Thinking t = thinking(call, config);
        if (config.dialect() == DeepSeekConfig.Dialect.DEEPSEEK && t.thinking != null)
            body.putObject("thinking").put("type", t.thinking);
        if (t.effort != null) body.put("reasoning_effort", t.effort);
        if (!call.tools().isEmpty()) {
            ArrayNode tools = body.putArray("tools");
            for (ToolSchema tool : call.tools()) {
                ObjectNode fn = tools.addObject().put("type", "function").putObject("function");
                fn.put("name", tool.name()).put("description", tool.description());
                fn.set("parameters", tool.parameters());
            }
        }
        if (call.temperature() != null) body.put("temperature", call.temperature());
        Long maxTokens = call.maxTokens() != null ? call.maxTokens() : config.defaultMaxTokens();
        if (maxTokens != null) body.put("max_tokens", maxTokens);
        if (!call.stop().isEmpty()) {
            ArrayNode stop = body.putArray("stop");
            call.stop().forEach(stop::add);
        }
        return body;
    }

    private record Thinking(String thinking, String effort) { }

    private static Thinking thinking(ModelCall call, DeepSeekConfig config) {
        if (call.purpose() == ModelCall.Purpose.SESSION_TITLE) return new Thinking("disabled", null);
        String effort = call.reasoningEffort();
        if (effort != null && !DeepSeekConfig.EFFORTS.contains(effort))
            throw new LlmException(LlmCodes.UNSUPPORTED_REASONING_EFFORT,
                    "reasoning effort \"" + effort + "\" is not supported (use off, low, high or max)");
        if (effort == null) effort = config.thinkingDisabled() ? "off" : config.defaultEffort();
        if (config.thinkingDisabled() && effort != null && !effort.equals("off"))
            throw new LlmException(LlmCodes.UNSUPPORTED_REASONING_EFFORT,
                    "reasoning effort \"" + effort + "\" is not supported: thinking is disabled for provider " + config.provider());
        if (effort == null) return new Thinking(null, null);
        if (effort.equals("off")) return new Thinking("disabled", null);
        return new Thinking("enabled", effort);
    }

    private static void serialize(Message m, ArrayNode out) {
        for (ContentBlock b : m.content()) {
            if (b instanceof ContentBlock.Image || (b instanceof ContentBlock.ToolResult r
                    && r.content().stream().anyMatch(c -> c instanceof ContentBlock.Image)))
                throw new LlmException(LlmCodes.UNSUPPORTED_CONTENT,
                        "this adapter does not send image content (message " + m.id() + ")");
        }
        switch (m) {
            case Message.AssistantMessage a -> {
                ObjectNode w = out.addObject().put("role", "assistant").put("content", joined(a.content(), ContentBlock.Text.class));
                String reasoning = joined(a.content(), ContentBlock.Reasoning.class);
                if (!reasoning.isEmpty()) w.put("reasoning_content", reasoning);
                ArrayNode calls = null;
                for (ContentBlock b : a.content()) {
                    if (b instanceof ContentBlock.ToolCall c) {
                        if (calls == null) calls = w.putArray("tool_calls");
                        ObjectNode call = calls.addObject().put("id", c.id()).put("type", "function");
                        call.putObject("function").put("name", c.name()).put("arguments", c.arguments());
                    }
                }
            }
            default -> {
                List<ContentBlock.ToolResult> results = new ArrayList<>();
                for (ContentBlock b : m.content()) if (b instanceof ContentBlock.ToolResult r) results.add(r);
                String text = joined(m.content(), ContentBlock.Text.class);
                if (!text.isEmpty() || results.isEmpty()) out.addObject().put("role", "user").put("content", text);
                for (ContentBlock.ToolResult r : results) {
                    String content = joined(r.content(), ContentBlock.Text.class);
                    out.addObject().put("role", "tool").put("tool_call_id", r.toolCallId())
                            .put("content", content.isEmpty() ? NO_OUTPUT : content);
                }
            }
        }
    }

    private static String joined(List<ContentBlock> blocks, Class<? extends ContentBlock> type) {
        StringBuilder b = new StringBuilder();
        for (ContentBlock block : blocks) {
            if (type.isInstance(block)) {
                b.append(block instanceof ContentBlock.Text t ? t.text() : ((ContentBlock.Reasoning) block).text());
            }
        }
        return b.toString();
    }
}
