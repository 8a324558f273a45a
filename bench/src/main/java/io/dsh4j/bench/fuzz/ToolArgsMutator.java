package io.dsh4j.bench.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.Js;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.SessionEvent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The mutation classes of the issue-17 campaign over tool calls as the model sends them: a tool name
 * and the raw argument text. A seed is a real call from the corpus (a {@code tool-call} block of an
 * {@code assistant/message} event) or one well-formed call per built-in tool ({@link #BUILTIN_SEEDS});
 * a case is the seed damaged by one class. The paths a case names refer to the fixture of
 * {@link ToolHarness} (a working directory with {@code a.txt}, {@code notes/}, {@code src/}, links out
 * and, when asked for, a FIFO; its sibling {@code ../outside/} holds the sentinel). Deterministic for a
 * given random source; stateless.
 */
public final class ToolArgsMutator {

    /** What a case does to its seed. */
    public enum Mutation {
        /** The seed as the model sent it. */
        SEED,
        /** The argument text cut at a random character. */
        TRUNCATED_JSON,
        /** Argument text that is not JSON: a broken token, trailing commas, comments, single quotes, two values. */
        INVALID_JSON,
        /** One field (or the whole arguments) of another JSON type. */
        WRONG_TYPE,
        /** A required field (or all of them) left out, or no arguments at all. */
        MISSING_REQUIRED,
        /** Fields the schema does not know, with hostile names. */
        UNKNOWN_FIELD,
        /** A string field of one to four MiB. */
        HUGE_STRING,
        /** A value (or the arguments) nested 999 to 10,000 levels deep. */
        DEEP_NESTING,
        /** NUL, lone surrogates (raw and escaped), noncharacters and a BOM in strings and keys. */
        BAD_UNICODE,
        /** A file tool (or bash's {@code workdir}) pointed at {@code ..}, absolute paths outside, links out, devices, {@code /proc}, FIFOs. */
        HOSTILE_PATH,
        /** Huge, negative, fractional, non-finite and over-long numbers (and NaN-like strings) for offsets, limits and bash's timeoutMs. */
        HOSTILE_NUMBER,
        /** A tool name nobody registered: near misses of real names, empty, huge, NUL, reserved. */
        UNKNOWN_TOOL,
        /** A key given twice, the two values differing (a safe and a hostile path, two types). */
        DUPLICATE_KEY
    }

    /** What the result of a case must be beyond the general invariants. */
    public enum Expect {
        /** Any result (error or not), as long as the general invariants hold. */
        ANY,
        /** An error result: the call names something outside the working directory, a device or no tool. */
        REFUSED
    }

    /** One call as the model sent it. */
    public record Seed(String name, String arguments) {}

    /**
     * One case: the call, what its result must be, and whether the fixture needs a FIFO at
     * {@code fifo} in the working directory.
     */
    public record Case(Mutation mutation, String name, String arguments, Expect expect, boolean needsFifo) {
        Case(Mutation mutation, String name, String arguments) {
            this(mutation, name, arguments, Expect.ANY, false);
        }
    }

    /** One well-formed call per built-in tool, over the fixture. */
    public static final List<Seed> BUILTIN_SEEDS = List.of(
            new Seed("read", "{\"file_path\":\"a.txt\",\"offset\":2,\"limit\":3}"),
            new Seed("write", "{\"file_path\":\"notes/new.txt\",\"content\":\"hello\\n\"}"),
            new Seed("edit", "{\"file_path\":\"a.txt\",\"old_string\":\"beta\",\"new_string\":\"BETA\"}"),
            new Seed("glob", "{\"pattern\":\"**/*.txt\",\"path\":\".\"}"),
            new Seed("grep", "{\"pattern\":\"al.ha\",\"path\":\".\",\"include\":\"*.txt\"}"),
            new Seed("bash", "{\"command\":\"echo hi\",\"description\":\"Say hi\"}"),
            new Seed("bash", "{\"command\":\"ls\",\"description\":\"List the notes\",\"workdir\":\"notes\",\"timeoutMs\":5000}"),
            new Seed("todo_write", "{\"todos\":[{\"content\":\"fuzz the tools\",\"status\":\"in_progress\"}]}"));

    /** The file tools and {@code bash}, and the argument naming their path ({@code bash}: the directory it runs in). */
    private static final Map<String, String> PATH_FIELD = Map.of("read", "file_path", "write", "file_path",
            "edit", "file_path", "glob", "path", "grep", "path", "bash", "workdir");
    private static final List<String> PATH_TOOLS = List.of("read", "write", "edit", "glob", "grep", "bash");

    /** Paths that lead outside the working directory (a result must be an error); {@code %O} is the outside directory. */
    private static final String[] OUTSIDE_PATHS = {"../outside/sentinel", "%O/sentinel", "link-out/sentinel", "link-out",
        "link-out/new.txt", "link-file", "dangling-out", "sub/../../outside/sentinel", "notes/../../outside/sentinel",
        "%C/../outside/sentinel", "/dev/zero", "/proc/self/mem", "/proc/self/environ", "/etc/passwd", "zero", "mem",
        "../outside/fifo", "%O/fifo", "a.txt\u0000/../../outside/sentinel", "..", "../", "/", "//etc/passwd",
        "./../outside", "notes/./../../outside/new.txt"};
    /** Odd paths inside it (any result); {@code fifo} is a FIFO there. */
    private static final String[] INSIDE_PATHS = {"fifo", ".", "./", "notes", "notes/", "%C", "%C/a.txt", "a.txt/",
        "a.txt/x", "~/a.txt", "a.txt ", " a.txt", "notes//new.txt", "deep/" + "d/".repeat(60) + "f.txt", "\\..\\x",
        "a".repeat(300), ("x".repeat(255) + "/").repeat(20) + "f", "\u4e2d\u6587.txt", "new\nline.txt", "-rf", "link-out/../outside/sentinel"};

    private static final String[] NUMBERS = {"-1", "0", "-0", "1.5", "0.5", "1e308", "1e309", "-1e309", "1e400",
        "9007199254740991", "9007199254740993", "18446744073709551616", "1e-400", "-9223372036854775809",
        "123456789012345678901234567890123", "2147483648", "4294967296", "2001", "1E3", "\"NaN\"", "\"Infinity\"",
        "\"-1\"", "\"10\"", "NaN", "Infinity", "-Infinity", "0x10", "+1", "01", "1.", ".5", "9".repeat(1200),
        "1" + "0".repeat(400), "0." + "0".repeat(400) + "1", "true", "null", "[]", "{}"};

    private static final String[] BAD_TEXT = {"\u0000", "\ud800", "\udc00", "\udfff\ud800", "\uffff", "\ufffe", "\ufeff",
        "a\u0000b", "\ud83d", "\ude00", "\u0000\ud800\u0000"};

    private static final String[] TOOL_NAMES = {"", " ", "Read", "READ", "read ", " read", "read\u0000", "bash\u0000",
        "../read", "read/../bash", "r\u0435ad", "run_code", "__proto__", "constructor", "toString", "hasOwnProperty",
        "tools/pre-execute", "functions.read", "read\n", "\ud800", "*", "%s", "null", "undefined", "bash;rm -rf /",
        "subagent", "web_fetch"};

    private ToolArgsMutator() {}

    /** The tool calls of an {@code assistant/message} event, in block order (empty for any other event). */
    public static List<Seed> seedsOf(SessionEvent event) {
        if (!"assistant/message".equals(event.type())) return List.of();
        JsonNode content = Js.path(event.data(), "message", "content");
        if (content == null || !content.isArray()) return List.of();
        List<Seed> seeds = new ArrayList<>();
        for (JsonNode block : content) {
            if (!"tool-call".equals(Js.str(Js.get(block, "type")))) continue;
            JsonNode name = Js.get(block, "name");
            JsonNode arguments = Js.get(block, "arguments");
            if (name != null && name.isTextual() && arguments != null && arguments.isTextual()) {
                seeds.add(new Seed(name.textValue(), arguments.textValue()));
            }
        }
        return seeds;
    }

    /**
     * Applies {@code m} to {@code seed}.
     *
     * @param schemas the built-in tools' argument schemas by name (for the schema-aware classes)
     * @param cwd     the working directory's absolute path ({@code %C} in paths)
     * @param outside the outside directory's absolute path ({@code %O})
     */
    public static Case mutate(Mutation m, Seed seed, Map<String, JsonNode> schemas, String cwd, String outside,
                              SplittableRandom r) {
        String name = seed.name();
        String text = seed.arguments();
        JsonNode schema = schemas.get(name);
        return switch (m) {
            case SEED -> new Case(m, name, text);
            case TRUNCATED_JSON -> new Case(m, name, text.isEmpty() ? "" : text.substring(0, r.nextInt(text.length())));
            case INVALID_JSON -> new Case(m, name, invalid(text, r));
            case WRONG_TYPE -> wrongType(name, objectOf(text), schema, r);
            case MISSING_REQUIRED -> missing(name, objectOf(text), schema, r);
            case UNKNOWN_FIELD -> unknownField(name, objectOf(text), r);
            case HUGE_STRING -> huge(name, objectOf(text), schema, r);
            case DEEP_NESTING -> deep(name, objectOf(text), r);
            case BAD_UNICODE -> badUnicode(name, objectOf(text), schema, r);
            case HOSTILE_PATH -> hostilePath(seed, cwd, outside, r);
            case HOSTILE_NUMBER -> hostileNumber(seed, r);
            case UNKNOWN_TOOL -> unknownTool(text, r);
            case DUPLICATE_KEY -> duplicate(seed, cwd, outside, r);
        };
    }

    private static ObjectNode objectOf(String text) {
        try {
            JsonNode node = JsJson.parse(text.isEmpty() ? "{}" : text);
            if (node instanceof ObjectNode o) return o;
        } catch (RuntimeException notJson) {
            // a recorded call whose arguments were not JSON: mutate an empty object instead
        }
        return JsonNodeFactory.instance.objectNode();
    }

    private static String invalid(String text, SplittableRandom r) {
        String body = text.isEmpty() ? "{}" : text;
        return switch (r.nextInt(12)) {
            case 0 -> body.substring(0, body.length() - 1) + ",}";
            case 1 -> body.replace('"', '\'');
            case 2 -> "// a comment\n" + body;
            case 3 -> body + body;
            case 4 -> body + "}";
            case 5 -> "{" + body;
            case 6 -> {
                char[] c = body.toCharArray();
                c[r.nextInt(c.length)] = "{}[]:,\"\\".charAt(r.nextInt(8));
                yield new String(c);
            }
            case 7 -> body.replaceFirst("\"([A-Za-z_]+)\":", "$1:");
            case 8 -> "{\"a\":\"unterminated";
            case 9 -> "{\"a\":\"\\x41\"}";
            case 10 -> "\ufeff" + body;
            default -> body.replaceFirst(":", "::");
        };
    }

    private static List<String> fieldsOf(ObjectNode args, JsonNode schema) {
        List<String> fields = new ArrayList<>();
        JsonNode properties = schema == null ? null : schema.get("properties");
        if (properties != null) properties.fieldNames().forEachRemaining(fields::add);
        for (Iterator<String> it = args.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!fields.contains(f)) fields.add(f);
        }
        return fields;
    }

    private static JsonNode otherValue(JsonNode current, SplittableRandom r) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        for (int tries = 0; ; tries++) {
            JsonNode v = switch (r.nextInt(10)) {
                case 0 -> f.numberNode(1);
                case 1 -> f.numberNode(-1.5);
                case 2 -> f.textNode("text");
                case 3 -> f.booleanNode(true);
                case 4 -> f.nullNode();
                case 5 -> f.arrayNode();
                case 6 -> f.objectNode();
                case 7 -> f.arrayNode().add(1).add("x").add(f.objectNode());
                case 8 -> f.objectNode().put("a", 1).set("b", f.arrayNode().add(f.nullNode()));
                default -> f.arrayNode().add("a.txt");
            };
            if (current == null || v.getNodeType() != current.getNodeType() || tries > 8) return v;
        }
    }

    private static Case wrongType(String name, ObjectNode args, JsonNode schema, SplittableRandom r) {
        List<String> fields = fieldsOf(args, schema);
        if (fields.isEmpty() || r.nextInt(6) == 0) {
            String[] roots = {"[]", "\"a.txt\"", "1", "null", "true", "[{\"file_path\":\"a.txt\"}]", "\"{}\""};
            return new Case(Mutation.WRONG_TYPE, name, roots[r.nextInt(roots.length)]);
        }
        String field = fields.get(r.nextInt(fields.size()));
        if (field.equals("todos") && r.nextBoolean()) {
            ArrayNode todos = args.putArray("todos");
            ObjectNode item = todos.addObject().put("content", "x").put("status", "pending");
            String[] inner = {"content", "status"};
            String which = inner[r.nextInt(2)];
            item.set(which, r.nextBoolean() ? otherValue(item.get(which), r) : JsonNodeFactory.instance.textNode("done"));
        } else {
            args.set(field, otherValue(args.get(field), r));
        }
        return new Case(Mutation.WRONG_TYPE, name, JsJson.stringify(args));
    }

    private static Case missing(String name, ObjectNode args, JsonNode schema, SplittableRandom r) {
        List<String> required = new ArrayList<>();
        JsonNode req = schema == null ? null : schema.get("required");
        if (req != null) req.forEach(x -> required.add(x.asText()));
        if (required.isEmpty()) args.fieldNames().forEachRemaining(required::add);
        switch (r.nextInt(5)) {
            case 0 -> { return new Case(Mutation.MISSING_REQUIRED, name, ""); }
            case 1 -> { return new Case(Mutation.MISSING_REQUIRED, name, "{}"); }
            case 2 -> required.forEach(args::remove);
            default -> { if (!required.isEmpty()) args.remove(required.get(r.nextInt(required.size()))); }
        }
        return new Case(Mutation.MISSING_REQUIRED, name, JsJson.stringify(args));
    }

    private static Case unknownField(String name, ObjectNode args, SplittableRandom r) {
        String[] names = {"__proto__", "constructor", "prototype", "", " ", "file_path ", "FILE_PATH", "$ref", "type",
            "x".repeat(10_000), "\u0000", "dangerouslyDisableSandbox", "sandbox", "cwd", "env", "timeout", "workdir"};
        int n = 1 + r.nextInt(3);
        for (int k = 0; k < n; k++) args.set(names[r.nextInt(names.length)], otherValue(null, r));
        return new Case(Mutation.UNKNOWN_FIELD, name, JsJson.stringify(args));
    }

    private static String stringField(ObjectNode args, JsonNode schema, SplittableRandom r) {
        List<String> strings = new ArrayList<>();
        JsonNode properties = schema == null ? null : schema.get("properties");
        if (properties != null) {
            properties.properties().forEach(e -> {
                if ("string".equals(Js.str(e.getValue().get("type")))) strings.add(e.getKey());
            });
        }
        args.properties().forEach(e -> {
            if (e.getValue().isTextual() && !strings.contains(e.getKey())) strings.add(e.getKey());
        });
        return strings.isEmpty() ? "text" : strings.get(r.nextInt(strings.size()));
    }

    private static Case huge(String name, ObjectNode args, JsonNode schema, SplittableRandom r) {
        int size = (1 + r.nextInt(4)) << 20;
        String unit = switch (r.nextInt(5)) {
            case 0 -> "a";
            case 1 -> "\u4e2d";
            case 2 -> "line\n";
            case 3 -> "\"\\";
            default -> "\ud83d\ude00";
        };
        String value = unit.repeat(Math.max(1, size / unit.length()));
        String field = stringField(args, schema, r);
        if (field.equals("file_path") && r.nextInt(3) > 0) field = "content";
        args.put(field, value);
        return new Case(Mutation.HUGE_STRING, name, JsJson.stringify(args));
    }

    private static Case deep(String name, ObjectNode args, SplittableRandom r) {
        int[] depths = {10_000, 999, 1_000, 1_001, 3_999, 4_001, 10_000};
        int depth = depths[r.nextInt(depths.length)];
        boolean arrays = r.nextBoolean();
        StringBuilder nest = new StringBuilder(depth * 6 + 8);
        for (int k = 0; k < depth; k++) nest.append(arrays ? "[" : "{\"a\":");
        nest.append(arrays ? "1" : "\"a.txt\"");
        for (int k = 0; k < depth; k++) nest.append(arrays ? ']' : '}');
        if (r.nextInt(4) == 0) return new Case(Mutation.DEEP_NESTING, name, nest.toString());
        List<String> fields = fieldsOf(args, null);
        String field = fields.isEmpty() || r.nextInt(4) == 0 ? "extra" : fields.get(r.nextInt(fields.size()));
        args.remove(field);
        String body = JsJson.stringify(args);
        String text = body.length() <= 2 ? "{\"" + field + "\":" + nest + "}"
                : body.substring(0, body.length() - 1) + ",\"" + field + "\":" + nest + "}";
        return new Case(Mutation.DEEP_NESTING, name, text);
    }

    private static Case badUnicode(String name, ObjectNode args, JsonNode schema, SplittableRandom r) {
        String bad = BAD_TEXT[r.nextInt(BAD_TEXT.length)];
        if (r.nextInt(5) == 0) {
            args.put(bad, "x");
        } else {
            String field = stringField(args, schema, r);
            String old = args.has(field) && args.get(field).isTextual() ? args.get(field).textValue() : "a.txt";
            int at = r.nextInt(old.length() + 1);
            args.put(field, old.substring(0, at) + bad + old.substring(at));
        }
        String text = JsJson.stringify(args);
        if (r.nextBoolean()) { // the same value with the surrogates escaped, as a JSON writer may send them
            StringBuilder b = new StringBuilder(text.length() + 16);
            for (int k = 0; k < text.length(); k++) {
                char c = text.charAt(k);
                if (Character.isSurrogate(c)) b.append(String.format("\\u%04x", (int) c));
                else b.append(c);
            }
            text = b.toString();
        }
        return new Case(Mutation.BAD_UNICODE, name, text);
    }

    private static String expand(String path, String cwd, String outside) {
        return path.replace("%C", cwd).replace("%O", outside);
    }

    /** The tool with a path argument a path case uses: the seed's when it is one, else a fresh call of a random one. */
    private static ObjectNode fileCall(Seed seed, String[] tool, SplittableRandom r) {
        if (PATH_FIELD.containsKey(seed.name())) {
            tool[0] = seed.name();
            return objectOf(seed.arguments());
        }
        tool[0] = PATH_TOOLS.get(r.nextInt(PATH_TOOLS.size()));
        ObjectNode args = JsonNodeFactory.instance.objectNode();
        switch (tool[0]) {
            case "write" -> args.put("content", "x\n");
            case "edit" -> args.put("old_string", "alpha").put("new_string", "ALPHA");
            case "glob" -> args.put("pattern", "*");
            case "grep" -> args.put("pattern", "a");
            case "bash" -> args.put("command", "pwd").put("description", "Print the directory");
            default -> { }
        }
        return args;
    }

    private static Case hostilePath(Seed seed, String cwd, String outside, SplittableRandom r) {
        String[] tool = new String[1];
        ObjectNode args = fileCall(seed, tool, r);
        boolean out = r.nextInt(3) > 0;
        String raw = out ? OUTSIDE_PATHS[r.nextInt(OUTSIDE_PATHS.length)] : INSIDE_PATHS[r.nextInt(INSIDE_PATHS.length)];
        String path = expand(raw, cwd, outside);
        args.put(PATH_FIELD.get(tool[0]), path);
        if (tool[0].equals("grep") && out && r.nextBoolean()) args.put("pattern", "sentinel");
        return new Case(Mutation.HOSTILE_PATH, tool[0], JsJson.stringify(args), out ? Expect.REFUSED : Expect.ANY,
                path.contains("fifo"));
    }

    private static Case hostileNumber(Seed seed, SplittableRandom r) {
        if (seed.name().equals("bash")) {
            ObjectNode args = objectOf(seed.arguments());
            args.remove("timeoutMs");
            String body = JsJson.stringify(args);
            String head = body.length() <= 2 ? "{" : body.substring(0, body.length() - 1) + ",";
            return new Case(Mutation.HOSTILE_NUMBER, "bash", head + "\"timeoutMs\":" + NUMBERS[r.nextInt(NUMBERS.length)] + "}");
        }
        ObjectNode args = seed.name().equals("read") ? objectOf(seed.arguments()) : JsonNodeFactory.instance.objectNode();
        if (!args.has("file_path") || !args.get("file_path").isTextual()) args.put("file_path", "a.txt");
        args.remove("offset");
        args.remove("limit");
        String body = JsJson.stringify(args);
        String head = body.substring(0, body.length() - 1);
        String offset = NUMBERS[r.nextInt(NUMBERS.length)];
        String limit = NUMBERS[r.nextInt(NUMBERS.length)];
        String text = switch (r.nextInt(3)) {
            case 0 -> head + ",\"offset\":" + offset + "}";
            case 1 -> head + ",\"limit\":" + limit + "}";
            default -> head + ",\"offset\":" + offset + ",\"limit\":" + limit + "}";
        };
        return new Case(Mutation.HOSTILE_NUMBER, "read", text);
    }

    private static Case unknownTool(String text, SplittableRandom r) {
        String name = switch (r.nextInt(8)) {
            case 0 -> "x".repeat(100_000);
            case 1 -> "tool_" + Long.toHexString(r.nextLong());
            default -> TOOL_NAMES[r.nextInt(TOOL_NAMES.length)];
        };
        return new Case(Mutation.UNKNOWN_TOOL, name, text, Expect.REFUSED, false);
    }

    private static Case duplicate(Seed seed, String cwd, String outside, SplittableRandom r) {
        String[] tool = new String[1];
        ObjectNode args;
        String field;
        String name;
        if (r.nextBoolean()) { // a file tool: one safe and one hostile path
            args = fileCall(seed, tool, r);
            name = tool[0];
            field = PATH_FIELD.get(name);
        } else {
            args = objectOf(seed.arguments());
            name = seed.name();
            List<String> fields = fieldsOf(args, null);
            field = fields.isEmpty() ? "file_path" : fields.get(r.nextInt(fields.size()));
        }
        String safe = JsJson.stringify(JsonNodeFactory.instance.textNode(args.has(field) && args.get(field).isTextual()
                ? args.get(field).textValue() : "a.txt"));
        String hostileRaw = OUTSIDE_PATHS[r.nextInt(OUTSIDE_PATHS.length)];
        String hostile = JsJson.stringify(JsonNodeFactory.instance.textNode(expand(hostileRaw, cwd, outside)));
        String other = JsJson.stringify(otherValue(args.get(field), r));
        args.remove(field);
        String body = JsJson.stringify(args);
        String rest = body.length() <= 2 ? "" : body.substring(1, body.length() - 1) + ",";
        boolean pathTool = PATH_FIELD.containsKey(name) && field.equals(PATH_FIELD.get(name));
        return switch (r.nextInt(4)) {
            // the last value wins (JSON.parse): the hostile one must be refused
            case 0 -> new Case(Mutation.DUPLICATE_KEY, name, "{\"" + field + "\":" + safe + "," + rest + "\"" + field + "\":"
                    + hostile + "}", pathTool ? Expect.REFUSED : Expect.ANY, hostile.contains("fifo"));
            case 1 -> new Case(Mutation.DUPLICATE_KEY, name, "{\"" + field + "\":" + hostile + "," + rest + "\"" + field + "\":"
                    + safe + "}");
            case 2 -> new Case(Mutation.DUPLICATE_KEY, name, "{\"" + field + "\":" + safe + "," + rest + "\"" + field + "\":"
                    + other + "}");
            default -> new Case(Mutation.DUPLICATE_KEY, name, "{" + rest + "\"" + field + "\":" + other + ",\"" + field + "\":"
                    + safe + "}");
        };
    }
}
