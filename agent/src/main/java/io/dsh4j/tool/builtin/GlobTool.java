package io.dsh4j.tool.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRunContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * {@code glob {pattern, path?}}: files matching a glob, newest first, as paths relative to the
 * working directory; at most {@code searchMaxResults}, with the total. Parallel-safe.
 */
final class GlobTool {

    static final String NAME = "glob";

    private GlobTool() {}

    static ToolDefinition define(BuiltinTools tools) {
        ObjectNode properties = JsJson.nodes().objectNode();
        properties.set("pattern", Args.property("string", "Glob to match file paths with, such as \"**/*.java\"; "
                + "a pattern without \"/\" matches file names at any depth."));
        properties.set("path", Args.property("string", "Directory to search in; defaults to the working directory."));
        ObjectNode parameters = JsJson.nodes().objectNode().put("type", "object");
        parameters.set("properties", properties);
        parameters.set("required", JsJson.nodes().arrayNode().add("pattern"));
        return ToolDefinition.builder(NAME)
                .description("Find files of the working directory whose paths match a glob pattern, newest first.")
                .parameters(parameters)
                .output(new ToolOutput(JsJson.parse("""
                        {"type":"object","properties":{"paths":{"type":"array","items":{"type":"string"}},
                         "total":{"type":"integer"},"truncated":{"type":"boolean"}},"required":["paths","total","truncated"]}"""),
                        GlobTool::render, (args, value) -> {
                            ObjectNode meta = JsJson.nodes().objectNode().put("shape", "paths");
                            meta.set("paths", value.get("paths"));
                            return meta.put("truncated", value.get("truncated").booleanValue()).put("total", value.get("total").asLong());
                        }))
                .body((args, exec) -> glob(tools, args, exec))
                .parallelSafe()
                .build();
    }

    private static JsonNode glob(BuiltinTools tools, JsonNode args, ToolRunContext exec) {
        Workspace workspace = tools.workspace(exec);
        Predicate<Path> matches = FileWalk.glob(Args.string(args, "pattern"));
        Workspace.Target start = FileWalk.start(workspace, Args.string(args, "path"));
        Path base = Files.isDirectory(start.path()) ? start.path() : start.path().getParent();
        List<FileWalk.Found> hits = FileWalk.files(start.path(), tools.config().searchMaxFiles(), exec.signal()).stream()
                .filter(f -> matches.test(base.relativize(f.path())))
                .sorted(Comparator.comparingLong(FileWalk.Found::modified).reversed()
                        .thenComparing(f -> f.path().toString()))
                .toList();
        ObjectNode value = JsJson.nodes().objectNode();
        ArrayNode paths = value.putArray("paths");
        long max = tools.config().searchMaxResults();
        for (FileWalk.Found hit : hits) {
            if (paths.size() >= max) {
                break;
            }
            paths.add(workspace.root().relativize(hit.path()).toString().replace('\\', '/'));
        }
        value.put("total", hits.size());
        value.put("truncated", hits.size() > paths.size());
        return value;
    }

    private static List<ContentBlock> render(JsonNode args, JsonNode value) {
        JsonNode paths = value.get("paths");
        if (paths.isEmpty()) {
            return List.of(new ContentBlock.Text("No files found"));
        }
        StringBuilder out = new StringBuilder();
        for (JsonNode p : paths) {
            out.append(p.textValue()).append('\n');
        }
        if (value.get("truncated").booleanValue()) {
            out.append("\n(Showing ").append(paths.size()).append(" of ").append(value.get("total").asLong())
                    .append(" paths, newest first. Narrow the pattern or path to see the rest.)");
        } else {
            out.setLength(out.length() - 1);
        }
        return List.of(new ContentBlock.Text(out.toString()));
    }
}
