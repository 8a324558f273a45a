package io.dsh4j.message;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import java.util.List;
import java.util.Objects;

/**
 * Where a message came from ({@code source}, switched on {@code kind}). DSH lets plugins add kinds,
 * so an unknown kind is kept as {@link Other}. Every variant keeps the complete source object as
 * {@link #json()} (extra fields included); the typed components are views of it.
 */
public sealed interface MessageSource {

    /** The {@code kind} tag. */
    String kind();

    /** The complete source object, in its original key order. Must not be mutated. */
    JsonNode json();

    /** A human prompt; {@code rpcId}/{@code clientTimeZone} when sent through the web API. */
    record User(String rpcId, String clientTimeZone, JsonNode json) implements MessageSource {
        public User { Objects.requireNonNull(json, "json"); }
        @Override public String kind() { return "user"; }
    }

    /**
     * Context injected by a plugin.
     *
     * @param plugin   producer id (e.g. {@code @deepseek-ai/dsh-system-prompt}, {@code compact})
     * @param form     semantic form ({@code instructions|catalog|snapshot|notice|relay|recall}), {@code null} = opaque
     * @param sections the {@code snapshot} form's sections (empty otherwise)
     * @param summary  the {@code notice} form's summary, {@code null} otherwise
     */
    record Plugin(String plugin, String form, List<Section> sections, String summary, JsonNode json)
            implements MessageSource {
        public Plugin {
            Objects.requireNonNull(plugin, "plugin");
            sections = List.copyOf(sections);
            Objects.requireNonNull(json, "json");
        }
        @Override public String kind() { return "plugin"; }
        /** The compaction checkpoint's id when this is {@code plugin: compact}, else {@code null}. */
        public String compactionId() {
            JsonNode v = json.get("compactionId");
            return v != null && v.isTextual() ? v.textValue() : null;
        }
    }

    /** A named section of a {@code snapshot} plugin context. */
    record Section(String name, String text) {
        public Section {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(text, "text");
        }
    }

    /** An assistant message's provenance; {@code replayState} is adapter-private, {@code null} when absent. */
    record Model(String provider, String model, JsonNode replayState, JsonNode json) implements MessageSource {
        public Model {
            Objects.requireNonNull(provider, "provider");
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(json, "json");
        }
        @Override public String kind() { return "model"; }
    }

    /** A tool result's source: the call it answers. */
    record Tool(String callId, JsonNode json) implements MessageSource {
        public Tool {
            Objects.requireNonNull(callId, "callId");
            Objects.requireNonNull(json, "json");
        }
        @Override public String kind() { return "tool"; }
    }

    /** A goal continuation round. */
    record Goal(String goalId, Long revision, Long round, JsonNode json) implements MessageSource {
        public Goal { Objects.requireNonNull(json, "json"); }
        @Override public String kind() { return "goal"; }
    }

    /** A parent's follow-up to a continuable child ({@code form: relay}). */
    record Coordinator(String senderSessionId, JsonNode json) implements MessageSource {
        public Coordinator { Objects.requireNonNull(json, "json"); }
        @Override public String kind() { return "coordinator"; }
    }

    /** A child's explicit report to its parent ({@code form: relay}). */
    record SubagentReport(String senderSessionId, JsonNode json) implements MessageSource {
        public SubagentReport { Objects.requireNonNull(json, "json"); }
        @Override public String kind() { return "subagent-report"; }
    }

    /** The runtime's notice that a child ended ({@code form: notice}). */
    record SubagentSettled(String summary, String senderSessionId, JsonNode json) implements MessageSource {
        public SubagentSettled { Objects.requireNonNull(json, "json"); }
        @Override public String kind() { return "subagent-settled"; }
    }

    /** A message of the experimental agent teams. */
    record TeamMessage(String teamId, String messageId, String senderId, String senderName, JsonNode json)
            implements MessageSource {
        public TeamMessage { Objects.requireNonNull(json, "json"); }
        @Override public String kind() { return "team-message"; }
    }

    /** A skill list injection ({@code entries: [{name, description}]}). */
    record SkillCatalog(JsonNode entries, JsonNode json) implements MessageSource {
        public SkillCatalog { Objects.requireNonNull(json, "json"); }
        @Override public String kind() { return "skill-catalog"; }
    }

    /** A user-explicit {@code /skill} invocation. */
    record SkillInvocation(String name, JsonNode json) implements MessageSource {
        public SkillInvocation { Objects.requireNonNull(json, "json"); }
        @Override public String kind() { return "skill-invocation"; }
    }

    /** Cross-session context import ({@code form: recall}, {@code references: […]}). */
    record SessionReference(JsonNode references, JsonNode json) implements MessageSource {
        public SessionReference { Objects.requireNonNull(json, "json"); }
        @Override public String kind() { return "session-reference"; }
    }

    /** AGENTS.md-style workspace instructions ({@code changes: [{action, digest, path, scope}]}). */
    record AgentInstructions(JsonNode changes, JsonNode json) implements MessageSource {
        public AgentInstructions { Objects.requireNonNull(json, "json"); }
        @Override public String kind() { return "agent-instructions"; }
    }

    /** A kind this build does not know. */
    record Other(String kind, JsonNode json) implements MessageSource {
        public Other {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(json, "json");
        }
    }

    /** {@code {kind:'user'}}. */
    static User user() {
        ObjectNode json = JsJson.nodes().objectNode().put("kind", "user");
        return new User(null, null, json);
    }

    /** {@code {kind:'model', provider, model}}. */
    static Model model(String provider, String model) {
        ObjectNode json = JsJson.nodes().objectNode().put("kind", "model").put("provider", provider).put("model", model);
        return new Model(provider, model, null, json);
    }

    /** {@code {kind:'tool', callId}}. */
    static Tool tool(String callId) {
        ObjectNode json = JsJson.nodes().objectNode().put("kind", "tool").put("callId", callId);
        return new Tool(callId, json);
    }

    /** {@code {kind:'plugin', plugin}} (opaque context, no form). */
    static Plugin plugin(String plugin) {
        ObjectNode json = JsJson.nodes().objectNode().put("kind", "plugin").put("plugin", plugin);
        return new Plugin(plugin, null, List.of(), null, json);
    }
}
