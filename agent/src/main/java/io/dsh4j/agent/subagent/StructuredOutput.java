package io.dsh4j.agent.subagent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.kernel.Context;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.prompt.PromptSection;
import io.dsh4j.prompt.SystemPrompt;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolEvents;
import io.dsh4j.tool.ToolExecutionResult;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRuntime;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The structured-output runtime of one child (spec §6.6): the {@value #TOOL} tool whose parameters are
 * the requested schema, the {@value #SECTION} prompt section at order {@value #ORDER}, the capture
 * committed by the call's successful final result (first capture wins), and the guard that denies
 * every further tool call once a value is captured or pending. Everything is registered through the
 * child's context and vanishes with it. Thread-safe.
 */
public final class StructuredOutput {

    /** The tool name. */
    public static final String TOOL = "structured_output";
    /** The prompt section name. */
    public static final String SECTION = "tool:structured_output";
    /** The section order. */
    public static final double ORDER = 190;
    /** The guard's denial reason. */
    public static final String ALREADY_RECORDED = "the structured output is already recorded; no further tool calls are allowed";

    static final String DESCRIPTION = "Record the final answer of this task as structured data. Call this exactly once, when "
            + "the answer is complete, with arguments that match the schema.";
    static final String INSTRUCTION = "This task must end with a call of the " + TOOL + " tool. Only that call counts as your "
            + "final answer: its arguments must match the tool's schema. Do not finish with plain text, and do not call any "
            + "tool after it.";
    static final String RENDERED = "Structured output recorded.";

    private final Map<Object, JsonNode> staged = new IdentityHashMap<>();
    private JsonNode captured;

    private StructuredOutput() {}

    /** Attaches the runtime to {@code childCtx} (the child's agent context). */
    public static StructuredOutput attach(Context childCtx, ObjectNode schema) {
        StructuredOutput so = new StructuredOutput();
        ToolRuntime tools = childCtx.require(ToolRuntime.KEY);
        ObjectNode output = (ObjectNode) JsJson.parse("""
                {"type":"object","properties":{"recorded":{"type":"boolean","const":true}},"required":["recorded"],
                 "additionalProperties":false}""");
        tools.register(ToolDefinition.builder(TOOL)
                .description(DESCRIPTION)
                .parameters(schema)
                .output(ToolOutput.of(output, (args, value) -> List.of(new ContentBlock.Text(RENDERED))))
                .body((args, exec) -> {
                    synchronized (so) {
                        so.staged.put(exec.token(), args.deepCopy());
                    }
                    exec.concludeTurn();
                    return JsJson.nodes().objectNode().put("recorded", true);
                })
                .build());
        childCtx.require(SystemPrompt.KEY).section(PromptSection.of(SECTION, ORDER, INSTRUCTION));
        childCtx.events().on(ToolEvents.RESULT, event -> {
            synchronized (so) {
                JsonNode value = so.staged.remove(event.exec().token());
                if (value != null && event.result() instanceof ToolExecutionResult.Success && so.captured == null) {
                    so.captured = value;
                }
            }
        });
        tools.guard(exec -> {
            synchronized (so) {
                return so.captured != null || !so.staged.isEmpty() ? ALREADY_RECORDED : null;
            }
        });
        return so;
    }

    /** The captured value, or {@code null}. */
    public synchronized JsonNode captured() {
        return captured == null ? null : captured.deepCopy();
    }
}
