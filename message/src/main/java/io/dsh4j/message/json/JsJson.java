package io.dsh4j.message.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * JSON as DSH reads and writes it: {@code JSON.parse} semantics on input (strict syntax, duplicate
 * keys keep their first position and last value) and byte-exact {@code JSON.stringify} output
 * (compact, insertion key order with JS's integer-key-first rule, JS number formatting, JS string
 * escaping: {@code \b \t \n \f \r \" \\}, other control characters and lone surrogates as
 * lowercase {@code \}{@code u00xx}, everything else — {@code /}, non-ASCII, U+2028 — verbatim).
 *
 * <p>Trees are Jackson {@link JsonNode}s built by {@link #nodes()}. The writer refuses values DSH
 * refuses to persist ({@code -0}, non-finite numbers, non-JSON nodes): see {@link
 * LosslessJsonException}. Stateless and thread-safe.
 */
public final class JsJson {

    /** Deepest nesting the writer follows (it recurses); parsed trees are capped lower by default. */
    public static final int MAX_WRITE_DEPTH = 4_000;

    private static final Map<JsonLimits, ObjectMapper> MAPPERS = new ConcurrentHashMap<>();
    /**
     * Parser factories by caps, apart from the mappers: reading a tree needs only a parser, and an
     * {@link ObjectMapper} costs a command's start-up tens of milliseconds (its class initialisation,
     * date formats, serializer tables) that a command which only reads JSON never needs.
     */
    private static final Map<JsonLimits, JsonFactory> FACTORIES = new ConcurrentHashMap<>();
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    /** How Jackson lists the tokens a JSON value may start with; messages say "a JSON value" instead. */
    private static final String JACKSON_VALUE_TOKENS = "(JSON String, Number, Array, Object or token 'null', 'true' or 'false')";

    private JsJson() {}

    /** The node factory for trees this package writes (plain Jackson nodes, insertion-ordered objects). */
    public static JsonNodeFactory nodes() {
        return JsonNodeFactory.instance;
    }

    /** A mapper that parses with {@code JSON.parse} strictness under the given caps (shared, thread-safe). */
    public static ObjectMapper mapper(JsonLimits limits) {
        if (limits == JsonLimits.DEFAULTS) return DefaultMapper.MAPPER;
        return MAPPERS.computeIfAbsent(limits, JsJson::newMapper);
    }

    /**
     * A parser factory with {@code JSON.parse} strictness under the given caps (shared, thread-safe):
     * the parser of {@link #mapper(JsonLimits)} without building the mapper. Parsers it creates have no
     * codec (reading trees from them is {@link #parse}'s work, which
     * needs none).
     */
    public static JsonFactory factory(JsonLimits limits) {
        if (limits == JsonLimits.DEFAULTS) return DefaultFactory.FACTORY;
        return FACTORIES.computeIfAbsent(limits, JsJson::newFactory);
    }

    /** The mapper under {@link JsonLimits#DEFAULTS}. */
    public static ObjectMapper mapper() {
        return mapper(JsonLimits.DEFAULTS);
    }

    private static ObjectMapper newMapper(JsonLimits limits) {
        return JsonMapper.builder(newFactory(limits))
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .build();
    }

    private static JsonFactory newFactory(JsonLimits limits) {
        return JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(limits.maxNestingDepth())
                        .maxStringLength(limits.maxStringLength())
                        .maxNumberLength(limits.maxNumberLength())
                        .maxNameLength(limits.maxStringLength())
                        .build())
                .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
                .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
                .build();
    }

    /** The mapper under the default caps, built on first use (the default caps skip the map's record hash). */
    private static final class DefaultMapper {
        static final ObjectMapper MAPPER = MAPPERS.computeIfAbsent(JsonLimits.DEFAULTS, JsJson::newMapper);
    }

    /** The parser factory under the default caps, built on first use. */
    private static final class DefaultFactory {
        static final JsonFactory FACTORY = FACTORIES.computeIfAbsent(JsonLimits.DEFAULTS, JsJson::newFactory);
    }

    /** Parses one JSON text under the default caps. @throws JsonTextException when it is not valid JSON */
    public static JsonNode parse(String text) {
        return parse(text, JsonLimits.DEFAULTS);
    }

    /** Parses one JSON text. @throws JsonTextException when it is not valid JSON or exceeds a cap */
    public static JsonNode parse(String text, JsonLimits limits) {
        try (JsonParser parser = factory(limits).createParser(text)) {
            return readWhole(parser, limits);
        } catch (IOException e) {
            throw wrap(e);
        }
    }

    /** Parses one UTF-8 JSON text from a byte range. @throws JsonTextException when invalid */
    public static JsonNode parse(byte[] utf8, int offset, int length, JsonLimits limits) {
        try (JsonParser parser = factory(limits).createParser(utf8, offset, length)) {
            return readWhole(parser, limits);
        } catch (IOException e) {
            throw wrap(e);
        }
    }

    private static JsonNode readWhole(JsonParser parser, JsonLimits limits) throws IOException {
        JsonNode node = JsonTrees.read(parser);
        if (parser.nextToken() != null) {
            throw new JsonTextException("trailing content after the JSON value", parser.currentLocation().getCharOffset(), null);
        }
        return node;
    }

    /** Turns a Jackson read failure into a {@link JsonTextException} with a plain message and offset. */
    public static JsonTextException wrap(IOException e) {
        if (e instanceof StreamConstraintsException sce) {
            return new JsonTextException("JSON value exceeds a size cap: " + sce.getOriginalMessage(), -1, e);
        }
        if (e instanceof JsonProcessingException jpe) {
            long offset = jpe.getLocation() == null ? -1 : jpe.getLocation().getCharOffset();
            if (offset < 0 && jpe.getLocation() != null) offset = jpe.getLocation().getByteOffset();
            return new JsonTextException("invalid JSON: " + plain(jpe.getOriginalMessage()), offset, e);
        }
        return new JsonTextException("unreadable JSON: " + e.getMessage(), -1, e);
    }

    /** Jackson's list of every token a value may start with, said in three words. */
    private static String plain(String parserMessage) {
        return parserMessage == null ? "unexpected input"
                : parserMessage.replace(JACKSON_VALUE_TOKENS, "a JSON value");
    }

    /**
     * {@code JSON.stringify(node)} as DSH would write it.
     *
     * @throws LosslessJsonException when the tree holds a value DSH refuses to persist
     */
    public static String stringify(JsonNode node) {
        StringBuilder out = new StringBuilder(128);
        append(out, node);
        return out.toString();
    }

    /** Appends {@code JSON.stringify(node)}. @throws LosslessJsonException as {@link #stringify} */
    public static void append(StringBuilder out, JsonNode node) {
        write(out, node, 0);
    }

    /**
     * Checks that a tree survives a JSON round trip unchanged (DSH's {@code isJsonValue}): no
     * {@code -0}, no non-finite numbers, only JSON nodes, nesting within {@link #MAX_WRITE_DEPTH}.
     *
     * @throws LosslessJsonException naming the JSON path of the first offending value
     */
    public static void requireLossless(JsonNode node) {
        if (lossless(node, 0)) return; // the common case, without building a path string per value
        check(node, 0, "$");         // the second walk names the place
    }

    private static boolean lossless(JsonNode node, int depth) {
        if (depth > MAX_WRITE_DEPTH) return false;
        switch (node.getNodeType()) {
            case OBJECT -> {
                for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
                    if (!lossless(it.next().getValue(), depth + 1)) return false;
                }
                return true;
            }
            case ARRAY -> {
                for (int i = 0, n = node.size(); i < n; i++) {
                    if (!lossless(node.get(i), depth + 1)) return false;
                }
                return true;
            }
            case NUMBER -> {
                if (node.isDouble() || node.isFloat()) {
                    double d = node.doubleValue();
                    return !Double.isNaN(d) && !Double.isInfinite(d) && !(d == 0 && Double.doubleToRawLongBits(d) != 0L);
                }
                return !(node.isBigInteger() || node.isBigDecimal()) || !Double.isInfinite(node.doubleValue());
            }
            case STRING, BOOLEAN, NULL -> {
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    private static void check(JsonNode node, int depth, String path) {
        if (depth > MAX_WRITE_DEPTH) throw new LosslessJsonException(path, "nesting deeper than " + MAX_WRITE_DEPTH);
        switch (node.getNodeType()) {
            case OBJECT -> {
                for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    check(e.getValue(), depth + 1, path + "." + e.getKey());
                }
            }
            case ARRAY -> {
                for (int i = 0; i < node.size(); i++) check(node.get(i), depth + 1, path + "[" + i + "]");
            }
            case NUMBER -> numberProblem(node, path);
            case STRING, BOOLEAN, NULL -> { }
            default -> throw new LosslessJsonException(path, "not a JSON value (" + node.getNodeType() + ")");
        }
    }

    private static void numberProblem(JsonNode node, String path) {
        if (node.isDouble() || node.isFloat()) {
            double d = node.doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) throw new LosslessJsonException(path, "non-finite number " + d);
            if (d == 0 && Double.doubleToRawLongBits(d) != 0L) throw new LosslessJsonException(path, "negative zero");
        } else if (node.isBigInteger() || node.isBigDecimal()) {
            double d = node.doubleValue();
            if (Double.isInfinite(d)) throw new LosslessJsonException(path, "number beyond the double range");
        }
    }

    private static void write(StringBuilder out, JsonNode node, int depth) {
        switch (node.getNodeType()) {
            case OBJECT -> writeObject(out, node, depth);
            case ARRAY -> {
                if (depth >= MAX_WRITE_DEPTH) throw new LosslessJsonException("$", "nesting deeper than " + MAX_WRITE_DEPTH);
                out.append('[');
                for (int i = 0, n = node.size(); i < n; i++) {
                    if (i > 0) out.append(',');
                    write(out, node.get(i), depth + 1);
                }
                out.append(']');
            }
            case STRING -> appendString(out, node.textValue());
            case NUMBER -> appendNumber(out, node);
            case BOOLEAN -> out.append(node.booleanValue() ? "true" : "false");
            case NULL -> out.append("null");
            default -> throw new LosslessJsonException("$", "not a JSON value (" + node.getNodeType() + ")");
        }
    }

    private static void writeObject(StringBuilder out, JsonNode node, int depth) {
        if (depth >= MAX_WRITE_DEPTH) throw new LosslessJsonException("$", "nesting deeper than " + MAX_WRITE_DEPTH);
        out.append('{');
        boolean first = true;
        List<Map.Entry<String, JsonNode>> indexKeys = null;
        for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (isArrayIndex(e.getKey())) {
                if (indexKeys == null) indexKeys = new ArrayList<>();
                indexKeys.add(e);
            }
        }
        if (indexKeys != null) {
            indexKeys.sort((a, b) -> Long.compare(Long.parseLong(a.getKey()), Long.parseLong(b.getKey())));
            for (Map.Entry<String, JsonNode> e : indexKeys) {
                if (!first) out.append(',');
                first = false;
                appendString(out, e.getKey());
                out.append(':');
                write(out, e.getValue(), depth + 1);
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (indexKeys != null && isArrayIndex(e.getKey())) continue;
            if (!first) out.append(',');
            first = false;
            appendString(out, e.getKey());
            out.append(':');
            write(out, e.getValue(), depth + 1);
        }
        out.append('}');
    }

    /**
     * Whether a property key is a JS array index ("0" … "4294967294" in canonical form): JS orders
     * such keys first, ascending, in every object.
     */
    public static boolean isArrayIndex(String key) {
        int n = key.length();
        if (n == 0 || n > 10) return false;
        char c0 = key.charAt(0);
        if (c0 < '0' || c0 > '9' || (c0 == '0' && n > 1)) return false;
        for (int i = 1; i < n; i++) {
            char c = key.charAt(i);
            if (c < '0' || c > '9') return false;
        }
        return n < 10 || Long.parseLong(key) <= 4_294_967_294L;
    }

    /** Appends a JSON number node as JS writes it. @throws LosslessJsonException for -0 / non-finite */
    public static void appendNumber(StringBuilder out, JsonNode node) {
        if (node.isInt() || node.isShort()) {
            out.append(node.intValue());
        } else if (node.isLong()) {
            long v = node.longValue();
            if (JsNumberFormat.isSafeInteger(v)) out.append(v);
            else JsNumberFormat.append(out, (double) v);
        } else {
            appendNumber(out, node.doubleValue(), node.isDouble() || node.isFloat());
        }
    }

    /** Appends a double as JS writes it. @throws LosslessJsonException for -0 or a non-finite value */
    public static void appendNumber(StringBuilder out, double value) {
        appendNumber(out, value, true);
    }

    private static void appendNumber(StringBuilder out, double value, boolean signedZeroMatters) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new LosslessJsonException("$", "non-finite number " + value);
        }
        if (signedZeroMatters && value == 0 && Double.doubleToRawLongBits(value) != 0L) {
            throw new LosslessJsonException("$", "negative zero");
        }
        JsNumberFormat.append(out, value);
    }

    /** {@code JSON.stringify(string)}. */
    public static String quote(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2);
        appendString(out, s);
        return out.toString();
    }

    /** Appends {@code JSON.stringify(string)}: quotes plus JS's exact escapes. */
    public static void appendString(StringBuilder out, String s) {
        out.append('"');
        int n = s.length();
        int start = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\' && (c < 0xD800 || c > 0xDFFF)) continue;
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
                continue;
            }
            out.append(s, start, i);
            start = i + 1;
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                default -> out.append("\\u").append(HEX[(c >> 12) & 0xF]).append(HEX[(c >> 8) & 0xF])
                        .append(HEX[(c >> 4) & 0xF]).append(HEX[c & 0xF]);
            }
        }
        out.append(s, start, n);
        out.append('"');
    }
}
