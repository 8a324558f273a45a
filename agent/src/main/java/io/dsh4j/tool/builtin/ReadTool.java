package io.dsh4j.tool.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolOutput;
import java.util.List;

/**
 * {@code read {file_path, offset?, limit?}}: a UTF-8 text file as numbered lines, rendered as DSH
 * renders it ({@code <path>…</path><type>file</type><content>N: line…</content>} with a footer that
 * says how to continue). Parallel-safe. The value is also the presentation {@code meta}.
 */
final class ReadTool {

    static final String NAME = "read";

    private ReadTool() {}

    static ToolDefinition define(BuiltinTools tools) {
        BuiltinConfig config = tools.config();
        ObjectNode properties = JsJson.nodes().objectNode();
        properties.set("file_path", Args.property("string", "Path of the file to read; relative paths resolve against the working directory."));
        properties.set("offset", Args.property("number", "First line to return, counting from 1. Defaults to 1."));
        properties.set("limit", Args.property("number", "How many lines to return at most. Defaults to " + config.readLimit() + "."));
        ObjectNode parameters = JsJson.nodes().objectNode().put("type", "object");
        parameters.set("properties", properties);
        parameters.set("required", JsJson.nodes().arrayNode().add("file_path"));
        return ToolDefinition.builder(NAME)
                .description("Read a UTF-8 text file of the working directory and return its lines, numbered.")
                .parameters(parameters)
                .output(new ToolOutput(JsJson.parse("""
                        {"type":"object","properties":{"path":{"type":"string"},"offset":{"type":"integer"},
                         "lines":{"type":"array","items":{"type":"object","properties":{"number":{"type":"integer"},"text":{"type":"string"}},"required":["number","text"]}},
                         "totalLines":{"type":"integer"},"capped":{"type":"boolean"}},
                         "required":["path","offset","lines","totalLines"]}"""),
                        ReadTool::render, (args, value) -> value))
                .body((args, exec) -> read(tools, args, exec))
                .parallelSafe()
                .build();
    }

    private static JsonNode read(BuiltinTools tools, JsonNode args, io.dsh4j.tool.ToolRunContext exec) {
        BuiltinConfig config = tools.config();
        Long offsetArg = Args.positive(args, "offset");
        Long limitArg = Args.positive(args, "limit");
        if (limitArg != null && limitArg > config.readLimit()) {
            throw Args.invalid("\"limit\" must be less than or equal to " + config.readLimit());
        }
        long offset = offsetArg == null ? 1 : offsetArg;
        long limit = limitArg == null ? config.readLimit() : limitArg;
        Workspace.Target target = tools.workspace(exec).resolve(Args.string(args, "file_path"));
        String text = TextFiles.read(target, "read", config.readMaxBytes());
        List<String> lines = lines(text);
        if (offset > Math.max(1, lines.size())) {
            throw FsErrors.of(FsErrors.NOT_FOUND, "offset " + offset + " is out of range for \"" + target.display()
                    + "\" (" + lines.size() + " lines)");
        }
        tools.observations().observed(exec.agent(), target.path()); // only a read that returns lines counts
        ObjectNode value = JsJson.nodes().objectNode();
        value.put("path", target.display());
        value.put("offset", offset);
        ArrayNode selected = value.putArray("lines");
        long bytes = 0;
        boolean capped = false;
        for (long n = offset; n < offset + limit && n <= lines.size(); n++) {
            String line = lines.get((int) (n - 1));
            if (line.length() > config.maxLineChars()) {
                line = line.substring(0, (int) config.maxLineChars()) + "... (line truncated to " + config.maxLineChars() + " chars)";
            }
            bytes += line.length() + 8;
            if (bytes > config.readOutputBytes() && !selected.isEmpty()) {
                capped = true;
                break;
            }
            selected.addObject().put("number", n).put("text", line);
        }
        value.put("totalLines", lines.size());
        if (capped) {
            value.put("capped", true);
        }
        return value;
    }

    /** Lines as DSH splits them: on {@code \n} (a preceding {@code \r} dropped); a final newline ends the last line. */
    static List<String> lines(String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        String[] parts = body.split("\n", -1);
        List<String> lines = new java.util.ArrayList<>(parts.length);
        for (String p : parts) {
            lines.add(p.endsWith("\r") ? p.substring(0, p.length() - 1) : p);
        }
        return lines;
    }

    static List<ContentBlock> render(JsonNode args, JsonNode value) {
        JsonNode lines = value.get("lines");
        long offset = value.get("offset").asLong();
        long total = value.get("totalLines").asLong();
        long end = lines.isEmpty() ? offset - 1 : lines.get(lines.size() - 1).get("number").asLong();
        String footer;
        if (value.path("capped").asBoolean(false)) {
            footer = "(Output capped. Showing lines " + offset + "-" + end + ". Use offset=" + (end + 1) + " to continue.)";
        } else if (end < total) {
            footer = "(Showing lines " + offset + "-" + end + " of " + total + ". Use offset=" + (end + 1) + " to continue.)";
        } else {
            footer = "(End of file - total " + total + " lines)";
        }
        StringBuilder out = new StringBuilder();
        out.append("<path>").append(value.get("path").textValue()).append("</path>\n<type>file</type>\n<content>\n");
        for (JsonNode line : lines) {
            out.append(line.get("number").asLong()).append(": ").append(line.get("text").textValue()).append('\n');
        }
        if (!lines.isEmpty()) {
            out.append('\n');
        }
        out.append(footer).append("\n</content>");
        return List.of(new ContentBlock.Text(out.toString()));
    }
}
