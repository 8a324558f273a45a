package io.dsh4j.beliefmerge.core;

import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsStrings;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The host-free half of the plugin's model bridge (spec §1.10): which provider/model route to use, the
 * one user text a call sends, and how a streamed answer becomes a {@link ModelReply}. The plugin adds
 * the streaming call itself (purpose {@code belief-merge-alignment}, reasoning effort, temperature,
 * session id and cancellation).
 */
public final class ModelBridge {

    /** A provider and model. */
    public record Route(String provider, String model) {}

    /** The message of a stream that ended without a finish chunk. */
    public static final String NO_FINISH = "stream ended without a finish chunk";
    /** The message of a stream cut at the token cap. */
    public static final String TRUNCATED = "alignment truncated at the token cap (invalid JSON likely)";

    private ModelBridge() {}

    /**
     * The explicit route when both provider and model are configured; else the agent's request-header
     * route; else the agent options' route; else none ("no provider/model route available for alignment").
     */
    public static Optional<Route> route(String provider, String model, Route requestHeader, Route agentOptions) {
        if (nonBlank(provider) && nonBlank(model)) return Optional.of(new Route(provider, model));
        if (requestHeader != null && nonBlank(requestHeader.provider()) && nonBlank(requestHeader.model())) return Optional.of(requestHeader);
        if (agentOptions != null && nonBlank(agentOptions.provider()) && nonBlank(agentOptions.model())) return Optional.of(agentOptions);
        return Optional.empty();
    }

    /** The single user text of a call: the system text, a blank line, {@code ---}, a blank line, the prompt. */
    public static String userText(String system, String prompt) {
        return system + "\n\n---\n\n" + prompt;
    }

    /**
     * Assembles a stream: the text blocks (or, when they are blank, the reasoning blocks) joined; the
     * finish decides success. Missing finish, error, abort and max-tokens are failures whose message ends
     * with {@code [assembled <n> chars, finish=<kind>, head="…"]} — what tells "reasoning ate the budget"
     * (0 chars) apart from malformed JSON.
     */
    public static ModelReply assemble(List<StreamChunk> chunks) {
        Map<Long, StringBuilder> text = new TreeMap<>();
        Map<Long, StringBuilder> reasoning = new TreeMap<>();
        FinishReason finish = null;
        for (StreamChunk c : chunks) {
            switch (c) {
                case StreamChunk.TextDelta d -> text.computeIfAbsent(d.index(), k -> new StringBuilder()).append(d.text());
                case StreamChunk.ReasoningDelta d -> reasoning.computeIfAbsent(d.index(), k -> new StringBuilder()).append(d.text());
                case StreamChunk.BlockEnd e -> {
                    if (e.block() instanceof ContentBlock.Text t) text.put(e.index(), new StringBuilder(t.text()));
                    if (e.block() instanceof ContentBlock.Reasoning r) reasoning.put(e.index(), new StringBuilder(r.text()));
                }
                case StreamChunk.Finish f -> finish = f.reason();
                default -> { }
            }
        }
        String assembled = String.join("", text.values());
        if (JsStrings.isBlank(assembled)) assembled = String.join("", reasoning.values());
        return switch (finish) {
            case null -> failure(NO_FINISH, null, assembled, "none");
            case FinishReason.Error e -> failure(messageOf(e.failure()), codeOf(e.failure()), assembled, "error");
            case FinishReason.Aborted a -> failure(messageOf(a.failure()), codeOf(a.failure()), assembled, "aborted");
            case FinishReason.MaxTokens m -> failure(TRUNCATED, "MAX_TOKENS", assembled, "max-tokens");
            default -> new ModelReply.Text(assembled);
        };
    }

    private static ModelReply failure(String message, String code, String assembled, String kind) {
        String evidence = " [assembled " + assembled.length() + " chars, finish=" + kind
                + (assembled.isEmpty() ? "" : ", head=" + JsJson.quote(assembled.substring(0, Math.min(160, assembled.length())))) + "]";
        return new ModelReply.Failure(message + evidence, code);
    }

    private static String messageOf(LlmFailure f) {
        return f == null || f.message().isEmpty() ? "llm stream failed" : f.message();
    }

    private static String codeOf(LlmFailure f) {
        return f == null ? null : f.code();
    }

    private static boolean nonBlank(String s) {
        return s != null && !s.isBlank();
    }
}
