package io.dsh4j.agent.subagent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.tool.ToolRestriction;
import java.util.List;
import java.util.Objects;

/**
 * A one-shot start request (spec §6.3).
 *
 * @param label        a short durable display label, or {@code null}
 * @param prompt       the child's first user message ({@code source: {kind:'user'}})
 * @param parent       the delegating agent
 * @param signal       cancels startup (before publication) and the live run (after)
 * @param agentOptions overrides of the inherited provider/model/maxTokens, or {@code null}
 * @param outputSchema an object-rooted schema the final result must satisfy, or {@code null}
 * @param maxDepth     the absolute cap on the child's delegation depth, or {@code null}
 * @param toolFilter   a child-scoped tool restriction, or {@code null}
 * @param persona      a child-scoped {@code deployment:persona} template, or {@code null}
 */
public record SubagentStartRequest(String label, List<ContentBlock> prompt, Agent parent, Signal signal,
                                   AgentOptions agentOptions, ObjectNode outputSchema, Long maxDepth,
                                   ToolRestriction toolFilter, String persona) {

    public SubagentStartRequest {
        prompt = List.copyOf(Objects.requireNonNull(prompt, "prompt"));
        Objects.requireNonNull(parent, "parent");
        Objects.requireNonNull(signal, "signal");
        outputSchema = outputSchema == null ? null : outputSchema.deepCopy();
    }

    /** A plain request: a text prompt, no options. */
    public static SubagentStartRequest of(String label, String prompt, Agent parent, Signal signal) {
        return new SubagentStartRequest(label, List.of(new ContentBlock.Text(prompt)), parent, signal, null, null, null, null, null);
    }

    public SubagentStartRequest withPrompt(List<ContentBlock> blocks) {
        return new SubagentStartRequest(label, blocks, parent, signal, agentOptions, outputSchema, maxDepth, toolFilter, persona);
    }

    public SubagentStartRequest withOutputSchema(ObjectNode schema) {
        return new SubagentStartRequest(label, prompt, parent, signal, agentOptions, schema, maxDepth, toolFilter, persona);
    }

    public SubagentStartRequest withMaxDepth(Long depth) {
        return new SubagentStartRequest(label, prompt, parent, signal, agentOptions, outputSchema, depth, toolFilter, persona);
    }

    public SubagentStartRequest withToolFilter(ToolRestriction filter) {
        return new SubagentStartRequest(label, prompt, parent, signal, agentOptions, outputSchema, maxDepth, filter, persona);
    }

    public SubagentStartRequest withAgentOptions(AgentOptions options) {
        return new SubagentStartRequest(label, prompt, parent, signal, options, outputSchema, maxDepth, toolFilter, persona);
    }

    public SubagentStartRequest withPersona(String text) {
        return new SubagentStartRequest(label, prompt, parent, signal, agentOptions, outputSchema, maxDepth, toolFilter, text);
    }
}
