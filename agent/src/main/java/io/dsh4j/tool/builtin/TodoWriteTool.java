package io.dsh4j.tool.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRunContext;
import java.util.List;

/**
 * {@code todo_write {todos: [{content, status}]}}: replaces the agent's task list. The list is
 * recorded as the durable {@code todo/write {todos}} event of the agent's session (between the call's
 * {@code tool/call} and {@code tool/result}, as DSH records it) and answered with
 * {@code Updated todo list: P pending, I in progress, C completed.}
 */
final class TodoWriteTool {

    static final String NAME = "todo_write";

    private TodoWriteTool() {}

    static ToolDefinition define() {
        ObjectNode item = JsJson.nodes().objectNode().put("type", "object").put("additionalProperties", false);
        ObjectNode itemProperties = item.putObject("properties");
        itemProperties.set("content", Args.property("string", "The task, as one short imperative line."));
        ObjectNode status = Args.property("string", "pending (not started), in_progress (being worked on) or completed (done).");
        status.set("enum", JsJson.nodes().arrayNode().add("pending").add("in_progress").add("completed"));
        itemProperties.set("status", status);
        item.set("required", JsJson.nodes().arrayNode().add("content").add("status"));
        ObjectNode todos = JsJson.nodes().objectNode().put("type", "array")
                .put("description", "The whole task list; it replaces the previous one.");
        todos.set("items", item);
        ObjectNode parameters = JsJson.nodes().objectNode().put("type", "object");
        parameters.putObject("properties").set("todos", todos);
        parameters.set("required", JsJson.nodes().arrayNode().add("todos"));
        return ToolDefinition.builder(NAME)
                .description("Record the task list of the current work. Send the entire list on every call: it replaces "
                        + "the previous one. Mark the tasks being worked on in_progress and finished ones completed.")
                .parameters(parameters)
                .output(ToolOutput.of(JsJson.parse("""
                        {"type":"object","properties":{"pending":{"type":"integer"},"inProgress":{"type":"integer"},
                         "completed":{"type":"integer"}},"required":["pending","inProgress","completed"]}"""),
                        TodoWriteTool::render))
                .body(TodoWriteTool::write)
                .build();
    }

    private static JsonNode write(JsonNode args, ToolRunContext exec) {
        JsonNode todos = args.get("todos");
        int pending = 0;
        int inProgress = 0;
        int completed = 0;
        for (JsonNode todo : todos) {
            switch (todo.get("status").textValue()) {
                case "pending" -> pending++;
                case "in_progress" -> inProgress++;
                default -> completed++;
            }
        }
        if (exec.agent() != null) {
            ObjectNode data = JsJson.nodes().objectNode();
            data.set("todos", todos.deepCopy());
            exec.agent().appendEvent(EventTypes.TODO_WRITE, data);
        }
        return JsJson.nodes().objectNode().put("pending", pending).put("inProgress", inProgress).put("completed", completed);
    }

    private static List<ContentBlock> render(JsonNode args, JsonNode value) {
        return List.of(new ContentBlock.Text("Updated todo list: " + value.get("pending").asLong() + " pending, "
                + value.get("inProgress").asLong() + " in progress, " + value.get("completed").asLong() + " completed."));
    }
}
