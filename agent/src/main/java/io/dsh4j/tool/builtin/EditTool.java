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
 * {@code edit {file_path, old_string, new_string, replace_all?}}: replaces literal text in an
 * existing UTF-8 file that the agent has read. {@code old_string} must occur exactly once unless
 * {@code replace_all}; the meta is {@code {diffs: [{path, oldText, newText}]}}.
 */
final class EditTool {

    static final String NAME = "edit";

    private EditTool() {}

    static ToolDefinition define(BuiltinTools tools) {
        ObjectNode properties = JsJson.nodes().objectNode();
        properties.set("file_path", Args.property("string", "Path of the file to edit; relative paths resolve against the working directory."));
        properties.set("old_string", Args.property("string", "The exact text to replace."));
        properties.set("new_string", Args.property("string", "The text to put in its place; empty deletes it."));
        properties.set("replace_all", Args.property("boolean", "Replace every occurrence. Defaults to false, when old_string must occur exactly once."));
        FileProperties.addEscalation(properties, "file operation");
        ObjectNode parameters = JsJson.nodes().objectNode().put("type", "object");
        parameters.set("properties", properties);
        parameters.set("required", JsJson.nodes().arrayNode().add("file_path").add("old_string").add("new_string"));
        return ToolDefinition.builder(NAME)
                .description("Replace literal text in an existing UTF-8 text file of the working directory.")
                .parameters(parameters)
                .output(new ToolOutput(JsJson.parse("""
                        {"type":"object","properties":{"path":{"type":"string"},"replacements":{"type":"integer"},
                         "replaceAll":{"type":"boolean"},"diffs":{"type":"array"}},
                         "required":["path","replacements","replaceAll","diffs"]}"""),
                        EditTool::render, (args, value) -> JsJson.nodes().objectNode().set("diffs", value.get("diffs"))))
                .body((args, exec) -> edit(tools, args, exec))
                .build();
    }

    private static JsonNode edit(BuiltinTools tools, JsonNode args, ToolRunContext exec) {
        Workspace workspace = tools.workspace(exec);
        Workspace.Target target = workspace.resolve(Args.string(args, "file_path"));
        String oldString = Args.string(args, "old_string");
        String newString = Args.string(args, "new_string");
        boolean all = Args.bool(args, "replace_all");
        if (oldString.isEmpty()) {
            throw FsErrors.of(FsErrors.EDIT_NOT_FOUND, "old_string must not be empty; use write to create or replace a whole file");
        }
        if (oldString.equals(newString)) {
            throw FsErrors.of(FsErrors.EDIT_NOT_FOUND, "old_string and new_string are identical; nothing to change");
        }
        if (!TextFiles.exists(target)) {
            throw FsErrors.of(FsErrors.NOT_FOUND, "cannot edit \"" + target.display() + "\": not found");
        }
        tools.observations().requireCurrent(exec.agent(), target, "edit");
        String before = TextFiles.read(target, "edit", tools.config().readMaxBytes());
        int count = occurrences(before, oldString);
        if (count == 0) {
            throw FsErrors.of(FsErrors.EDIT_NOT_FOUND, "old_string was not found in \"" + target.display() + "\"");
        }
        if (count > 1 && !all) {
            throw FsErrors.of(FsErrors.AMBIGUOUS_EDIT, "old_string occurs " + count + " times in \"" + target.display()
                    + "\"; add surrounding context to make it unique, or set replace_all");
        }
        String after = all ? before.replace(oldString, newString) : replaceFirst(before, oldString, newString);
        exec.signal().throwIfAborted();
        TextFiles.write(target, after);
        tools.observations().observed(exec.agent(), target.path());
        ObjectNode value = JsJson.nodes().objectNode();
        value.put("path", target.display());
        value.put("replacements", all ? count : 1);
        value.put("replaceAll", all);
        value.putArray("diffs").addObject().put("path", target.relative(workspace)).put("oldText", before).put("newText", after);
        return value;
    }

    static int occurrences(String text, String needle) {
        int count = 0;
        for (int at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length())) {
            count++;
        }
        return count;
    }

    private static String replaceFirst(String text, String needle, String replacement) {
        int at = text.indexOf(needle);
        return text.substring(0, at) + replacement + text.substring(at + needle.length());
    }

    private static List<ContentBlock> render(JsonNode args, JsonNode value) {
        String path = value.get("path").textValue();
        return List.of(new ContentBlock.Text(value.get("replaceAll").booleanValue()
                ? "The file " + path + " has been updated. All occurrences were successfully replaced."
                : "The file " + path + " has been updated successfully."));
    }
}
