package io.dsh4j.prompt;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Rendering (§4.4): each section interpolated, empty ones dropped, joined with a blank line.
 * Interpolation is strict: a complete {@code {{name}}} must name a registered variable with a value;
 * a lone {@code {{} with no later {@code }}} is literal; substituted values are not re-scanned.
 */
public final class PromptRender {

    /** Variable names: {@code [a-z][a-z0-9_]*}. */
    public static final Pattern VARIABLE_NAME = Pattern.compile("[a-z][a-z0-9_]*");

    /** The runtime-context snapshot's first line (§4.5, as DSH writes it). */
    public static final String SNAPSHOT_HEADER =
            "Current runtime context. This snapshot supersedes earlier runtime-context snapshots.";

    private PromptRender() {}

    /** The system prompt text of {@code assembly}. @throws PromptException for a bad variable reference */
    public static String render(PromptAssembly assembly) {
        return join(assembly.sections(), assembly.variables());
    }

    /** The runtime-context text (header + contexts), or {@code ""} when every context is empty. */
    public static String renderContexts(PromptAssembly assembly) {
        String body = join(assembly.contexts(), assembly.variables());
        return body.isEmpty() ? "" : SNAPSHOT_HEADER + "\n\n" + body;
    }

    /** The interpolated, non-empty parts of {@code parts}. */
    public static List<PromptAssembly.Part> interpolated(List<PromptAssembly.Part> parts, Map<String, String> variables) {
        List<PromptAssembly.Part> out = new ArrayList<>();
        for (PromptAssembly.Part p : parts) {
            String text = interpolate(p.text(), variables, p.name());
            if (!text.isEmpty()) out.add(new PromptAssembly.Part(p.name(), text));
        }
        return out;
    }

    private static String join(List<PromptAssembly.Part> parts, Map<String, String> variables) {
        StringBuilder out = new StringBuilder();
        for (PromptAssembly.Part p : interpolated(parts, variables)) {
            if (!out.isEmpty()) out.append("\n\n");
            out.append(p.text());
        }
        return out.toString();
    }

    /**
     * Interpolates {@code {{name}}} groups.
     *
     * @throws PromptException {@code unknown prompt variable}, {@code has no value for this assembly},
     *     {@code malformed prompt variable reference}
     */
    public static String interpolate(String text, Map<String, String> variables, String where) {
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            int open = text.indexOf("{{", i);
            if (open < 0) break;
            int close = text.indexOf("}}", open + 2);
            if (close < 0) break; // a lone "{{" is literal text
            out.append(text, i, open);
            String name = text.substring(open + 2, close).trim();
            if (!VARIABLE_NAME.matcher(name).matches()) {
                throw new PromptException("malformed prompt variable reference \"" + text.substring(open, close + 2)
                        + "\" in " + where);
            }
            if (!variables.containsKey(name)) {
                throw new PromptException("unknown prompt variable \"" + name + "\" in " + where);
            }
            String value = variables.get(name);
            if (value == null) {
                throw new PromptException("prompt variable \"" + name + "\" has no value for this assembly (in " + where + ")");
            }
            out.append(value);
            i = close + 2;
        }
        out.append(text, i, text.length());
        return out.toString();
    }
}
