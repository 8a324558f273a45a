package io.dsh4j.tool.builtin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.tool.ToolArguments;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.internal.SchemaValidator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every call DSH recorded to a built-in tool in the corpus is accepted by dsh4j's argument schema of
 * that tool — the precondition for replaying those sessions.
 */
class RecordedCallsTest {

    @Test
    void every_recorded_builtin_call_validates_against_our_schema() throws Exception {
        Map<String, ToolDefinition> tools = new BuiltinTools(BuiltinConfig.defaults("")).definitions().stream()
                .collect(Collectors.toMap(ToolDefinition::name, Function.identity()));
        Map<String, Integer> seen = new TreeMap<>();
        List<String> rejected = new ArrayList<>();
        for (Path log : Corpus.rawLogs()) {
            for (String line : Files.readAllLines(log)) {
                if (!line.contains("\"type\":\"tool/call\"")) {
                    continue;
                }
                JsonNode data = JsJson.parse(line).get("data");
                ToolDefinition tool = tools.get(data.get("name").asText());
                if (tool == null) {
                    continue;
                }
                seen.merge(tool.name(), 1, Integer::sum);
                List<String> violations = new SchemaValidator(tool.parameters())
                        .validateArguments(ToolArguments.parse(data.get("arguments").asText()));
                if (!violations.isEmpty()) {
                    rejected.add(log + ": " + tool.name() + " " + violations);
                }
            }
        }
        assertThat(rejected).isEmpty();
        assertThat(seen).containsKeys("bash", "read", "write", "edit", "glob", "todo_write");
        assertThat(seen.values().stream().mapToInt(Integer::intValue).sum()).isGreaterThanOrEqualTo(50);
    }
}
