package io.dsh4j.prompt;

import io.dsh4j.tool.ToolSchema;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The result of an assembly (§4.3): sections and runtime contexts in order, tool schemas in tool
 * order, and the variables ({@code null} value = "no value for this assembly").
 */
public record PromptAssembly(List<Part> sections, List<Part> contexts, List<ToolSchema> tools,
                             Map<String, String> variables) {

    /** One named text. */
    public record Part(String name, String text) {
        public Part {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(text, "text");
        }
    }

    public PromptAssembly {
        sections = List.copyOf(sections);
        contexts = List.copyOf(contexts);
        tools = List.copyOf(tools);
        variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
    }

    /** The same with other sections (for {@code system-prompt/assemble} listeners). */
    public PromptAssembly withSections(List<Part> parts) {
        return new PromptAssembly(parts, contexts, tools, variables);
    }

    /** The same with other contexts. */
    public PromptAssembly withContexts(List<Part> parts) {
        return new PromptAssembly(sections, parts, tools, variables);
    }
}
