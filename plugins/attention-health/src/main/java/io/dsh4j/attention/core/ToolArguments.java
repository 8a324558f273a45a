package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.attention.core.internal.Json;
import io.dsh4j.message.json.Js;

/**
 * Tool-call arguments as the fold reads them (spec §5.6 {@code parseArguments},
 * {@code fileMutationOf}). Stateless and thread-safe.
 */
public final class ToolArguments {

    /** A file change by a DSH file tool. */
    public record Mutation(String path, String op) {}

    private ToolArguments() {}

    /** The parsed JSON object (or array) of a string, else an empty object; never throws. */
    public static JsonNode parse(JsonNode raw) {
        if (!Js.isString(raw)) return Json.emptyObject();
        JsonNode parsed = Json.parseOrNull(raw.textValue());
        return parsed != null && (parsed.isObject() || parsed.isArray()) ? parsed : Json.emptyObject();
    }

    /**
     * The file a tool call changes: {@code write} creates/overwrites, {@code edit} edits,
     * {@code str_replace_editor} does its command (never {@code view}); other tools change none.
     *
     * @return the change, or {@code null}
     */
    public static Mutation fileMutation(String name, JsonNode args) {
        JsonNode p = Js.or(Js.or(Js.get(args, "path"), Js.get(args, "file_path")), Js.get(args, "filePath"));
        String path = Js.nonEmptyStr(p);
        if (path == null) return null;
        return switch (name) {
            case "write" -> new Mutation(path, "create/overwrite");
            case "edit" -> new Mutation(path, "edit");
            case "str_replace_editor" -> {
                String command = Js.stringOr(Js.get(args, "command"), "");
                if (command.equals("view")) yield null;
                yield new Mutation(path, command.isEmpty() ? "edit" : command);
            }
            default -> null;
        };
    }
}
