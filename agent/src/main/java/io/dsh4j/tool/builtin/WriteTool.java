package io.dsh4j.tool.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRunContext;
import java.util.List;

/**
 * {@code write {file_path, content}}: creates or replaces a UTF-8 text file inside the working
 * directory. Replacing an existing file requires having read it (and it not having changed since).
 * The presentation {@code meta} is {@code {diffs: [{path, oldText, newText}]}} for a replacement.
 */
final class WriteTool {

    static final String NAME = "write";

    private WriteTool() {}

    static ToolDefinition define(BuiltinTools tools) {
        ObjectNode properties = JsJson.nodes().objectNode();
        properties.set("file_path", Args.property("string", "Path of the file to write; relative paths resolve against the working directory."));
        properties.set("content", Args.property("string", "The complete new content of the file, as UTF-8 text."));
        FileProperties.addEscalation(properties, "file operation");
        ObjectNode parameters = JsJson.nodes().objectNode().put("type", "object");
        parameters.set("properties", properties);
        parameters.set("required", JsJson.nodes().arrayNode().add("file_path").add("content"));
        return ToolDefinition.builder(NAME)
                .description("Create a UTF-8 text file in the working directory, or replace all of its content.")
                .parameters(parameters)
                .output(new ToolOutput(JsJson.parse("""
                        {"type":"object","properties":{"path":{"type":"string"},"created":{"type":"boolean"},
                         "diffs":{"type":"array"}},"required":["path","created","diffs"]}"""),
                        WriteTool::render, (args, value) -> JsJson.nodes().objectNode().set("diffs", value.get("diffs"))))
                .body((args, exec) -> write(tools, args, exec))
                .build();
    }

    private static JsonNode write(BuiltinTools tools, JsonNode args, ToolRunContext exec) {
        Workspace workspace = tools.workspace(exec);
        Workspace.Target target = workspace.resolve(Args.string(args, "file_path"));
        String content = Args.string(args, "content");
        boolean existed = TextFiles.exists(target);
        String before = null;
        if (existed) {
            tools.observations().requireCurrent(exec.agent(), target, "overwriting");
            before = TextFiles.read(target, "write", tools.config().readMaxBytes());
        }
        exec.signal().throwIfAborted();
        TextFiles.write(target, content);
        tools.observations().observed(exec.agent(), target.path());
        ObjectNode value = JsJson.nodes().objectNode();
        value.put("path", target.display());
        value.put("created", !existed);
        var diffs = value.putArray("diffs");
        if (existed && !before.equals(content)) {
            diffs.addObject().put("path", target.relative(workspace)).put("oldText", before).put("newText", content);
        }
        return value;
    }

    private static List<ContentBlock> render(JsonNode args, JsonNode value) {
        return List.of(new ContentBlock.Text("<path>" + value.get("path").textValue() + "</path>\n<type>file</type>\n<content>\n"
                + (value.get("created").booleanValue() ? "Created file" : "Updated file") + "\n</content>"));
    }
}
