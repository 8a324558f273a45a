package io.dsh4j.beliefmerge;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.beliefmerge.core.CancelSignal;
import io.dsh4j.beliefmerge.core.Injection;
import io.dsh4j.beliefmerge.core.ModelBridge;
import io.dsh4j.beliefmerge.core.ModelReply;
import io.dsh4j.beliefmerge.core.TextModel;
import io.dsh4j.kernel.Signal;
import io.dsh4j.llm.AdapterRegistry;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The plugin's model bridge (spec belief-merge §1.10) over the harness's model routes: the route is the
 * configured one when both provider and model are set, else the agent's last {@code request/header}
 * route, else the agent options' route. One call sends one plugin-sourced user message (system text,
 * {@code ---}, prompt) with purpose {@code belief-merge-alignment}, the configured reasoning effort
 * (default {@code off}), the temperature, the session id and the step's signal, and assembles the
 * stream with {@link ModelBridge#assemble}. An answer longer than {@link #MAX_ANSWER_CHARS} is cut off
 * as a failure (bounded memory whatever the model streams).
 *
 * <p>Never throws: a missing route or registry, an adapter failure and cancellation are
 * {@link ModelReply.Failure}s, which the engine turns into its degradation ladder. Thread-safe.
 */
public final class AgentTextModel implements TextModel {

    /** The largest answer the bridge accumulates, in characters. */
    public static final int MAX_ANSWER_CHARS = 1 << 20;
    /** The failure of a call without any route. */
    public static final String NO_ROUTE = "no provider/model route available for alignment";

    private final AdapterRegistry llm;
    private final BeliefMergeConfig config;
    private final Agent agent;
    private final Signal signal;

    /**
     * @param llm    the model routes, or {@code null} when the host has none (every call then fails)
     * @param agent  the agent whose turn the merge serves (its route and session id), or {@code null}
     * @param signal the step's signal, or {@code null}
     */
    public AgentTextModel(AdapterRegistry llm, BeliefMergeConfig config, Agent agent, Signal signal) {
        this.llm = llm;
        this.config = config;
        this.agent = agent;
        this.signal = signal == null ? Signal.never() : signal;
    }

    /** The route this bridge would use now, if any. */
    public java.util.Optional<ModelBridge.Route> route() {
        ModelBridge.Route header = null;
        ModelBridge.Route options = null;
        if (agent != null) {
            header = requestHeaderRoute(agent.session().events());
            options = new ModelBridge.Route(agent.options().provider(), agent.options().model());
        }
        return ModelBridge.route(config.alignmentProvider(), config.alignmentModel(), header, options);
    }

    /** The provider and model of the last {@code request/header} of {@code events}, or {@code null}. */
    static ModelBridge.Route requestHeaderRoute(List<SessionEvent> events) {
        for (int i = events.size() - 1; i >= 0; i--) {
            SessionEvent e = events.get(i);
            if (!EventTypes.REQUEST_HEADER.equals(e.type())) continue;
            JsonNode cfg = e.data().path("header").path("config");   // dsh4j and DSH: {header: {config}}
            if (!cfg.isObject()) cfg = e.data().path("config");     // an older flat shape
            JsonNode p = cfg.get("provider");
            JsonNode m = cfg.get("model");
            if (p != null && p.isTextual() && m != null && m.isTextual()) return new ModelBridge.Route(p.textValue(), m.textValue());
            return null;
        }
        return null;
    }

    /** The call this bridge sends for one prompt. */
    ModelCall call(ModelBridge.Route route, String system, String user, int maxTokens) {
        Message.UserMessage prompt = new Message.UserMessage(UUID.randomUUID().toString(),
                List.of(new ContentBlock.Text(ModelBridge.userText(system, user))), pluginSource());
        return ModelCall.builder(route.provider(), route.model())
                .messages(List.of(prompt))
                .maxTokens((long) maxTokens)
                .purpose(ModelCall.Purpose.BELIEF_MERGE_ALIGNMENT)
                .reasoningEffort(config.alignmentReasoningEffort())
                .temperature(config.temperature())
                .sessionId(agent == null ? null : agent.session().id())
                .build();
    }

    private static MessageSource pluginSource() {
        var json = JsJson.nodes().objectNode().put("kind", "plugin").put("plugin", Injection.PLUGIN).put("form", "snapshot");
        return new MessageSource.Plugin(Injection.PLUGIN, "snapshot", List.of(), null, json);
    }

    @Override
    public ModelReply complete(String system, String user, int maxTokens, CancelSignal cancel) {
        if (llm == null) return new ModelReply.Failure("the host has no model service (llm)", null);
        var route = route();
        if (route.isEmpty()) return new ModelReply.Failure(NO_ROUTE, null);
        ModelCall call = call(route.get(), system, user, maxTokens);
        List<StreamChunk> chunks = new ArrayList<>();
        int[] chars = {0};
        try {
            llm.stream(call, cancelOf(signal, cancel), chunk -> {
                chars[0] += switch (chunk) {
                    case StreamChunk.TextDelta d -> d.text().length();
                    case StreamChunk.ReasoningDelta d -> d.text().length();
                    default -> 0;
                };
                if (chars[0] > MAX_ANSWER_CHARS) throw new AnswerTooLong();
                chunks.add(chunk);
            });
        } catch (AnswerTooLong e) {
            return new ModelReply.Failure("the model answer exceeds " + MAX_ANSWER_CHARS + " characters", "TOO_LONG");
        }
        return ModelBridge.assemble(chunks);
    }

    /** The llm layer's cancellation, raised by the step's signal or the engine's. */
    static io.dsh4j.llm.CancelSignal cancelOf(Signal signal, CancelSignal engine) {
        return new io.dsh4j.llm.CancelSignal() {
            @Override
            public boolean cancelled() {
                return signal.aborted() || engine.isCancelled();
            }

            @Override
            public Registration onCancel(Runnable action) {
                Signal.Registration r = signal.onAbort(reason -> action.run());
                return r::close;
            }
        };
    }

    private static final class AnswerTooLong extends RuntimeException {
        AnswerTooLong() {
            super("answer too long", null, false, false);
        }
    }
}
