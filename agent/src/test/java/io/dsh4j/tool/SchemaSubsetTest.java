package io.dsh4j.tool;

import static io.dsh4j.tool.ToolTesting.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.OutputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.internal.SchemaSubset;
import io.dsh4j.tool.internal.SchemaValidator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Spec §3.2: the enforced schema subset, DSH's violation messages, and networknt's agreement. */
class SchemaSubsetTest {

    @Test
    void the_subset_accepts_every_supported_construct() {
        assertThat(SchemaSubset.violations(json("""
                {"type":"object","description":"d","title":"t","properties":{
                  "a":{"type":"string","enum":["x","y"],"const":"x","default":"x"},
                  "b":{"type":"array","items":{"type":"integer"}},
                  "c":{"oneOf":[{"type":"null"},{"type":"number"}]},
                  "d":{"description":"any JSON"},
                  "e":{"type":"object","additionalProperties":false,"properties":{}}},
                 "required":["a"],"additionalProperties":true,"examples":[{"a":"x"}]}"""), "schema")).isEmpty();
    }

    @Test
    void unsupported_constructs_are_all_reported_with_their_paths() {
        assertThat(SchemaSubset.violations(json("""
                {"type":"object","properties":{
                  "a":{"type":"string","pattern":"x"},
                  "b":{"type":["string","null"]},
                  "c":{"type":"number","enum":["one"]},
                  "d":{"oneOf":[{"type":"string"}]},
                  "e":{"type":"string","items":{}},
                  "f":{"$ref":"#/x"},
                  "g":{"type":"string","oneOf":[{},{}]},
                  "h":{"enum":[1]},
                  "i":{"type":"integer","const":1.5},
                  "j":3},
                 "required":["zzz"],"additionalProperties":{}}"""), "schema")).containsExactly(
                "schema.properties.a.pattern is not a supported keyword (subset: type/oneOf/properties/required/additionalProperties/items/enum/const + annotations)",
                "schema.properties.b.type must be a single type string (type arrays are not supported)",
                "schema.properties.c.enum must be a non-empty array of number values",
                "schema.properties.d.oneOf must be an array of at least two schemas",
                "schema.properties.e.items is not supported on type \"string\"",
                "schema.properties.f.$ref is not a supported keyword (subset: type/oneOf/properties/required/additionalProperties/items/enum/const + annotations)",
                "schema.properties.g cannot declare both type and oneOf",
                "schema.properties.h.enum requires type or oneOf",
                "schema.properties.i.const must be a integer value",
                "schema.properties.j must be a schema object",
                "schema.required names \"zzz\" which is not in properties",
                "schema.additionalProperties must be a boolean");
        assertThatThrownBy(() -> SchemaSubset.check(json("{\"type\":\"tuple\"}"), "parameters", "tool \"x\""))
                .isInstanceOf(JsonSchemaException.class)
                .hasMessage("tool \"x\" parameters has an unsupported JSON schema: parameters.type must be one of "
                        + "object/array/string/number/integer/boolean/null");
    }

    @Test
    void a_deeply_nested_schema_is_checked_without_overflowing() {
        ObjectNode root = JsJson.nodes().objectNode().put("type", "array");
        ObjectNode cursor = root;
        for (int i = 0; i < 3_000; i++) {
            ObjectNode items = cursor.putObject("items");
            items.put("type", "array");
            cursor = items;
        }
        cursor.put("pattern", "x");
        assertThat(SchemaSubset.violations(root, "schema")).hasSize(1);
    }

    @Test
    void violations_use_DSHs_messages_paths_and_order() {
        SchemaValidator v = new SchemaValidator(json("""
                {"type":"object","properties":{
                  "s":{"type":"string"},"n":{"type":"number"},"i":{"type":"integer"},"b":{"type":"boolean"},
                  "z":{"type":"null"},"k":{"type":"string","const":"k"},
                  "list":{"type":"array","items":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"]}},
                  "o":{"oneOf":[{"type":"string"},{"type":"string","enum":["a"]}]}},
                 "required":["s","must"],"additionalProperties":false}"""));
        assertThat(v.validateArguments(json("""
                {"s":1,"n":"x","i":1.5,"b":0,"z":false,"k":"j","list":[{"x":"ok"},{},{"x":2}],"o":"a","extra":1}""")))
                .containsExactly(
                        "missing required property \"must\"",
                        "\"s\" must be a string",
                        "\"n\" must be a number",
                        "\"i\" must be an integer",
                        "\"b\" must be a boolean",
                        "\"z\" must be null",
                        "\"k\" must be \"k\"",
                        "missing required property \"list[1].x\"",
                        "\"list[2].x\" must be a string",
                        "\"o\" must match exactly one oneOf branch (matched 2)",
                        "\"extra\" is not a declared property (additionalProperties: false)");
        assertThat(v.validateArguments(json("[]"))).containsExactly("\"arguments\" must be an object");
        assertThat(v.validateOutput(json("[]"))).containsExactly("\"value\" must be an object");
        assertThat(new SchemaValidator(json("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}}}"))
                .validateOutput(json("{\"a\":1}"))).containsExactly("\"value.a\" must be a string");
    }

    @Test
    void numbers_must_be_finite_JSON_numbers() {
        SchemaValidator v = new SchemaValidator(json("{\"type\":\"number\"}"));
        assertThat(v.validateArguments(JsJson.nodes().numberNode(Double.NaN))).containsExactly("\"arguments\" must be a finite JSON number");
        assertThat(v.validateArguments(JsJson.nodes().numberNode(-0.0))).containsExactly("\"arguments\" must be a finite JSON number");
        assertThat(v.validateArguments(JsJson.nodes().numberNode(2.5))).isEmpty();
        assertThat(new SchemaValidator(json("{}")).validateArguments(JsJson.nodes().numberNode(Double.POSITIVE_INFINITY)))
                .containsExactly("\"arguments\" must be a lossless JSON value");
    }

    // ---- networknt and DSH's rules agree on the subset -------------------------------------------

    private static final List<String> SCHEMAS = List.of(
            "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"},\"b\":{\"type\":\"integer\"}},\"required\":[\"a\"]}",
            "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"number\",\"enum\":[1,2.5]}},\"additionalProperties\":false}",
            "{\"type\":\"array\",\"items\":{\"oneOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}}",
            "{\"oneOf\":[{\"type\":\"boolean\"},{\"type\":\"null\"},{\"type\":\"string\",\"const\":\"x\"}]}",
            "{\"type\":\"object\",\"properties\":{\"t\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":"
                    + "{\"s\":{\"type\":\"string\",\"enum\":[\"pending\",\"done\"]}},\"required\":[\"s\"],\"additionalProperties\":false}}}}");

    @Provide
    Arbitrary<JsonNode> values() {
        Arbitrary<JsonNode> scalars = Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(3).map(s -> JsJson.nodes().textNode(s)),
                Arbitraries.of("x", "pending", "done", "a").map(s -> JsJson.nodes().textNode(s)),
                Arbitraries.integers().between(-3, 3).map(i -> JsJson.nodes().numberNode(i)),
                Arbitraries.of(1.0, 2.5, 0.5).map(d -> JsJson.nodes().numberNode(d)),
                Arbitraries.of(true, false).map(b -> JsJson.nodes().booleanNode(b)),
                Arbitraries.just(JsJson.nodes().nullNode()));
        return Arbitraries.recursive(() -> scalars, inner -> Arbitraries.oneOf(
                inner.list().ofMaxSize(3).map(list -> {
                    var array = JsJson.nodes().arrayNode();
                    list.forEach(array::add);
                    return array;
                }),
                Arbitraries.maps(Arbitraries.of("a", "b", "t", "s", "q"), inner).ofMaxSize(3).map(map -> {
                    ObjectNode object = JsJson.nodes().objectNode();
                    map.forEach(object::set);
                    return object;
                })), 3);
    }

    @Property(tries = 500)
    void networknt_and_DSHs_rules_give_the_same_verdict(@ForAll("values") JsonNode value) {
        var registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        for (String text : SCHEMAS) {
            JsonNode schema = json(text);
            boolean networknt = Boolean.TRUE.equals(registry.getSchema(schema).validate(value, OutputFormat.BOOLEAN));
            boolean dsh = SchemaValidator.dshRules(schema, value, "").isEmpty();
            assertThat(networknt).as(text + " on " + value).isEqualTo(dsh);
        }
    }
}
