package io.dsh4j.tool.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolException;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRunContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code grep {pattern, path?, include?}}: lines matching a regular expression (Java's syntax, close
 * to ripgrep's) in the text files of the working directory, grouped by file as DSH renders them
 * ({@code Found N matches}, then {@code path} and {@code Line n: text} rows). Binary and oversized
 * files are skipped; at most {@code searchMaxResults} matches are returned, the total is counted.
 * A search stops after {@code searchTimeoutMs} ({@code SEARCH_TIMEOUT}) or when the call is
 * cancelled, even inside a backtracking match. Parallel-safe.
 */
final class GrepTool {

    static final String NAME = "grep";

    /** A line is searched in at most this many characters, so a hostile pattern stays bounded per line. */
    private static final int MAX_SEARCHED_LINE_CHARS = 100_000;

    /**
     * The longest regular expression compiled: {@link Pattern#compile} takes quadratic time in a long
     * literal (its Boyer–Moore table; 64,000 characters cost seconds, four MiB hours, and nothing can
     * interrupt it), so a longer pattern is refused before it is compiled.
     */
    static final int MAX_PATTERN_CHARS = 4096;

    private GrepTool() {}

    static ToolDefinition define(BuiltinTools tools) {
        ObjectNode properties = JsJson.nodes().objectNode();
        properties.set("pattern", Args.property("string", "Regular expression to search file contents for."));
        properties.set("path", Args.property("string", "File or directory to search; defaults to the working directory."));
        properties.set("include", Args.property("string", "One glob selecting the files to search, such as \"*.java\"."));
        ObjectNode parameters = JsJson.nodes().objectNode().put("type", "object");
        parameters.set("properties", properties);
        parameters.set("required", JsJson.nodes().arrayNode().add("pattern"));
        return ToolDefinition.builder(NAME)
                .description("Search the text files of the working directory for lines matching a regular expression.")
                .parameters(parameters)
                .output(new ToolOutput(JsJson.parse("""
                        {"type":"object","properties":{"matches":{"type":"array","items":{"type":"object",
                         "properties":{"path":{"type":"string"},"lineNumber":{"type":"integer"},"line":{"type":"string"}},
                         "required":["path","lineNumber","line"]}},"total":{"type":"integer"},"truncated":{"type":"boolean"}},
                         "required":["matches","total","truncated"]}"""),
                        GrepTool::render, null))
                .body((args, exec) -> grep(tools, args, exec))
                .parallelSafe()
                .build();
    }

    private static JsonNode grep(BuiltinTools tools, JsonNode args, ToolRunContext exec) {
        BuiltinConfig config = tools.config();
        String source = Args.string(args, "pattern");
        if (source.length() > MAX_PATTERN_CHARS) {
            throw new ToolException("SearchError", "SEARCH_INVALID_PATTERN", "invalid regular expression: "
                    + source.length() + " characters long, at most " + MAX_PATTERN_CHARS + " are allowed");
        }
        Pattern pattern;
        try {
            pattern = Pattern.compile(source);
        } catch (PatternSyntaxException e) {
            throw new ToolException("SearchError", "SEARCH_INVALID_PATTERN",
                    "invalid regular expression: " + e.getDescription() + " near index " + e.getIndex());
        }
        String include = Args.string(args, "include");
        Predicate<Path> included = include == null ? p -> true : FileWalk.glob(include);
        Workspace workspace = tools.workspace(exec);
        Workspace.Target start = FileWalk.start(workspace, Args.string(args, "path"));
        Path base = Files.isDirectory(start.path()) ? start.path() : start.path().getParent();
        ObjectNode value = JsJson.nodes().objectNode();
        ArrayNode matches = value.putArray("matches");
        long total = 0;
        BoundedText.Budget budget = new BoundedText.Budget(exec.signal(), config.searchTimeoutMs());
        List<FileWalk.Found> files = FileWalk.files(start.path(), config.searchMaxFiles(), exec.signal()).stream()
                .sorted(java.util.Comparator.comparing(f -> f.path().toString())).toList();
        for (FileWalk.Found file : files) {
            exec.signal().throwIfAborted();
            if (!included.test(base.relativize(file.path()))) {
                continue;
            }
            String text;
            try {
                text = TextFiles.read(new Workspace.Target(file.path(), file.path().toString()), "read", config.readMaxBytes());
            } catch (ToolException notText) {
                continue; // binary, oversized or unreadable: not searched, as ripgrep skips them
            }
            String relative = workspace.root().relativize(file.path()).toString().replace('\\', '/');
            List<String> lines = ReadTool.lines(text);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                Matcher m = pattern.matcher(new BoundedText(
                        line.length() > MAX_SEARCHED_LINE_CHARS ? line.substring(0, MAX_SEARCHED_LINE_CHARS) : line, budget));
                if (!m.find()) {
                    continue;
                }
                total++;
                if (matches.size() < config.searchMaxResults()) {
                    String shown = line.length() > config.maxLineChars()
                            ? line.substring(0, (int) config.maxLineChars()) + "... (line truncated to " + config.maxLineChars() + " chars)"
                            : line;
                    matches.addObject().put("path", relative).put("lineNumber", i + 1).put("line", shown);
                }
            }
        }
        value.put("total", total);
        value.put("truncated", total > matches.size());
        return value;
    }

    private static List<ContentBlock> render(JsonNode args, JsonNode value) {
        JsonNode matches = value.get("matches");
        long total = value.get("total").asLong();
        if (total == 0) {
            return List.of(new ContentBlock.Text("No matches found"));
        }
        boolean truncated = value.get("truncated").booleanValue();
        StringBuilder out = new StringBuilder(truncated
                ? "Found " + matches.size() + " of " + total + " matches"
                : "Found " + total + (total == 1 ? " match" : " matches"));
        Map<String, StringBuilder> byFile = new LinkedHashMap<>();
        for (JsonNode m : matches) {
            byFile.computeIfAbsent(m.get("path").textValue(), k -> new StringBuilder(k))
                    .append("\nLine ").append(m.get("lineNumber").asLong()).append(": ").append(m.get("line").textValue());
        }
        out.append("\n\n").append(String.join("\n\n", byFile.values()));
        if (truncated) {
            out.append("\n\n(The complete result was not kept; narrow pattern, path, or include to see more.)");
        }
        return List.of(new ContentBlock.Text(out.toString()));
    }
}
