package io.dsh4j.kernel.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A small config schema over Jackson trees with the rules of DSH's schemastery subset (spec §1.13):
 * defaults, required values, open objects, ranges, steps, patterns, unions, dictionaries, arrays and
 * intersections. Schemas are immutable: every modifier returns a new schema.
 *
 * <p>Rules. An absent value ({@code null} or missing) is an error if {@link #required()}; else it
 * takes a deep copy of its {@link #defaultValue default} and is validated; objects and dictionaries
 * default to {@code {}}, arrays to {@code []}; other absent values stay absent. An object validates its
 * declared fields, keeps a field when its value is non-null or was present, and keeps unknown keys
 * (configs are open). A union takes the first branch that validates. Unlike schemastery, validation
 * does not stop at the first violation: every issue is reported.
 *
 * <p>A schema is a {@link ConfigSchema} of the validated tree; {@link #as(Class)} maps it onto a record
 * (unknown keys ignored), so a plugin's config is a record with its defaults stated here, in one place.
 */
public final class Schema implements ConfigSchema<JsonNode> {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    enum Kind { ANY, STRING, NUMBER, BOOLEAN, CONST, OBJECT, DICT, ARRAY, UNION, INTERSECT }

    final Kind kind;
    final Map<String, Schema> fields;
    final List<Schema> list;
    final Schema inner;
    final JsonNode constant;
    final JsonNode defaultValue;
    final boolean required;
    final Double min;
    final Double max;
    final Double step;
    final Pattern pattern;
    private final String description;

    private Schema(Kind kind, Map<String, Schema> fields, List<Schema> list, Schema inner, JsonNode constant,
                   JsonNode defaultValue, boolean required, Double min, Double max, Double step, Pattern pattern,
                   String description) {
        this.kind = kind;
        this.fields = fields;
        this.list = list;
        this.inner = inner;
        this.constant = constant;
        this.defaultValue = defaultValue;
        this.required = required;
        this.min = min;
        this.max = max;
        this.step = step;
        this.pattern = pattern;
        this.description = description;
    }

    private static Schema of(Kind kind) {
        JsonNode implicitDefault = switch (kind) {
            case OBJECT, DICT -> NODES.objectNode();
            case ARRAY -> NODES.arrayNode();
            default -> null;
        };
        return new Schema(kind, Map.of(), List.of(), null, null, implicitDefault, false, null, null, null, null, null);
    }

    private Schema with(Map<String, Schema> fields, List<Schema> list, Schema inner, JsonNode constant,
                        JsonNode defaultValue, boolean required, Double min, Double max, Double step,
                        Pattern pattern, String description) {
        return new Schema(kind, fields, list, inner, constant, defaultValue, required, min, max, step, pattern,
                description);
    }

    // ---- constructors ------------------------------------------------------------------------

    /** Anything. */
    public static Schema any() {
        return of(Kind.ANY);
    }

    public static Schema string() {
        return of(Kind.STRING);
    }

    public static Schema number() {
        return of(Kind.NUMBER);
    }

    /** A whole number: {@code number().step(1)}. */
    public static Schema integer() {
        return number().step(1);
    }

    /** A natural number: {@code number().step(1).min(0)}. */
    public static Schema natural() {
        return number().step(1).min(0);
    }

    public static Schema bool() {
        return of(Kind.BOOLEAN);
    }

    /** Exactly {@code value} (deep equality). */
    public static Schema constant(Object value) {
        Schema s = of(Kind.CONST);
        return s.with(s.fields, s.list, null, MAPPER.valueToTree(value), null, false, null, null, null, null, null);
    }

    /** An open object with no declared field yet; add them with {@link #field}. */
    public static Schema object() {
        return of(Kind.OBJECT);
    }

    /** An object whose every value satisfies {@code inner}. */
    public static Schema dict(Schema inner) {
        Schema s = of(Kind.DICT);
        return s.with(s.fields, s.list, Objects.requireNonNull(inner), null, s.defaultValue, false, null, null, null,
                null, null);
    }

    /** An array whose every item satisfies {@code inner}. */
    public static Schema array(Schema inner) {
        Schema s = of(Kind.ARRAY);
        return s.with(s.fields, s.list, Objects.requireNonNull(inner), null, s.defaultValue, false, null, null, null,
                null, null);
    }

    /** The first of {@code branches} that validates. */
    public static Schema union(Schema... branches) {
        Schema s = of(Kind.UNION);
        return s.with(s.fields, List.of(branches), null, null, null, false, null, null, null, null, null);
    }

    /** One of the literal {@code values} (strings, numbers, booleans). */
    public static Schema oneOf(Object... values) {
        List<Schema> branches = new ArrayList<>();
        for (Object v : values) {
            branches.add(constant(v));
        }
        return union(branches.toArray(Schema[]::new));
    }

    /** Every one of {@code branches}; object results are merged. */
    public static Schema intersect(Schema... branches) {
        Schema s = of(Kind.INTERSECT);
        return s.with(s.fields, List.of(branches), null, null, null, false, null, null, null, null, null);
    }

    // ---- modifiers ---------------------------------------------------------------------------

    /** This object schema with one more declared field. */
    public Schema field(String name, Schema schema) {
        if (kind != Kind.OBJECT) {
            throw new IllegalStateException("field() applies to object schemas, not " + kind);
        }
        Map<String, Schema> next = new LinkedHashMap<>(fields);
        next.put(Objects.requireNonNull(name), Objects.requireNonNull(schema));
        return with(java.util.Collections.unmodifiableMap(next), list, inner,
                constant, defaultValue, required, min, max, step, pattern, description);
    }

    /** The value used when the config leaves this one out; any Jackson-convertible value. */
    public Schema defaultValue(Object value) {
        return with(fields, list, inner, constant, value == null ? null : MAPPER.valueToTree(value), required, min, max,
                step, pattern, description);
    }

    /** Absent values are errors ({@code missing required value}). */
    public Schema required() {
        return with(fields, list, inner, constant, defaultValue, true, min, max, step, pattern, description);
    }

    /** Lower bound of a number, or of a string's or array's length. */
    public Schema min(double value) {
        return with(fields, list, inner, constant, defaultValue, required, value, max, step, pattern, description);
    }

    /** Upper bound of a number, or of a string's or array's length. */
    public Schema max(double value) {
        return with(fields, list, inner, constant, defaultValue, required, min, value, step, pattern, description);
    }

    /** A number must be {@code min} (or 0) plus a multiple of {@code value}. */
    public Schema step(double value) {
        return with(fields, list, inner, constant, defaultValue, required, min, max, value, pattern, description);
    }

    /** A string must contain a match of {@code regex}. */
    public Schema pattern(String regex) {
        return with(fields, list, inner, constant, defaultValue, required, min, max, step, Pattern.compile(regex),
                description);
    }

    /** Documentation only. */
    public Schema description(String text) {
        return with(fields, list, inner, constant, defaultValue, required, min, max, step, pattern, text);
    }

    public String description() {
        return description;
    }

    // ---- results -----------------------------------------------------------------------------

    /** This schema, then Jackson maps the validated tree onto {@code type} (a record, say). */
    public <R> ConfigSchema<R> as(Class<R> type) {
        return map(tree -> {
            try {
                return MAPPER.treeToValue(tree, type);
            } catch (Exception e) {
                throw new ConfigValidationException(List.of(new Issue(
                        "cannot map config onto " + type.getSimpleName() + ": " + e.getMessage(), List.of())));
            }
        });
    }

    /** This schema, then {@code mapper} over the validated tree (a {@code MissingNode} if absent). */
    public <R> ConfigSchema<R> map(Function<JsonNode, R> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return raw -> mapper.apply(resolve(raw));
    }

    /**
     * Validates {@code raw} and fills in defaults.
     *
     * @return the resolved tree (never {@code null}; a {@code MissingNode} when absent without default)
     * @throws ConfigValidationException listing every violation, in schema order
     */
    @Override
    public JsonNode resolve(JsonNode raw) {
        return SchemaValidation.resolve(this, raw);
    }

    /** The schema in schemastery's notation ({@code string}, {@code "a" | "b"}, {@code { x?: number }}). */
    @Override
    public String toString() {
        return switch (kind) {
            case ANY -> "any";
            case STRING -> "string";
            case NUMBER -> "number";
            case BOOLEAN -> "boolean";
            case CONST -> constant.isTextual() ? constant.toString() : SchemaValidation.describe(constant);
            case OBJECT -> fields.isEmpty() ? "{}" : fields.entrySet().stream()
                    .map(e -> e.getKey() + (e.getValue().required ? "" : "?") + ": " + e.getValue())
                    .collect(Collectors.joining(", ", "{ ", " }"));
            case DICT -> "{ [key: string]: " + inner + " }";
            case ARRAY -> (inner.kind == Kind.UNION ? "(" + inner + ")" : inner.toString()) + "[]";
            case UNION -> list.stream().map(Schema::toString).collect(Collectors.joining(" | "));
            case INTERSECT -> list.stream().map(s -> s.kind == Kind.UNION ? "(" + s + ")" : s.toString())
                    .collect(Collectors.joining(" & "));
        };
    }
}
