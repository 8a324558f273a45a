package io.dsh4j.kernel.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec §1.13: the config schema rules and the {@code invalid config:} message. */
class SchemaTest {

    static final ObjectMapper JSON = new ObjectMapper();

    record AgentRow(String id, int maxTokens) {}

    record LoopConfig(List<AgentRow> agents, int maxParallelToolCalls, String mode) {}

    static final ConfigSchema<LoopConfig> LOOP = Schema.object()
            .field("agents", Schema.array(Schema.object()
                    .field("id", Schema.string().required())
                    .field("maxTokens", Schema.natural().defaultValue(4096))))
            .field("maxParallelToolCalls", Schema.natural().min(1).defaultValue(10))
            .field("mode", Schema.oneOf("native", "code", "both").defaultValue("native"))
            .as(LoopConfig.class);

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    @Test
    void defaults_fill_absent_values_including_nested_objects_and_the_whole_config() {
        assertThat(LOOP.resolve(json("null"))).isEqualTo(new LoopConfig(List.of(), 10, "native"));
        assertThat(LOOP.resolve(json("{\"agents\":[{\"id\":\"a\"}]}")))
                .isEqualTo(new LoopConfig(List.of(new AgentRow("a", 4096)), 10, "native"));
    }

    @Test
    void every_violation_is_reported_with_its_path() {
        assertThatThrownBy(() -> LOOP.resolve(json(
                "{\"agents\":[{\"maxTokens\":1.5}],\"maxParallelToolCalls\":0,\"mode\":\"fast\"}")))
                .isInstanceOfSatisfying(ConfigValidationException.class, e -> assertThat(e.issues())
                        .extracting(Issue::pathText)
                        .containsExactly("agents.0.id", "agents.0.maxTokens", "maxParallelToolCalls", "mode"))
                .hasMessage("""
                        invalid config:
                          - missing required value (at agents.0.id)
                          - expected number multiple of 1 but got 1.5 (at agents.0.maxTokens)
                          - expected number >= 1 but got 0 (at maxParallelToolCalls)
                          - expected "native" | "code" | "both" but got "fast" (at mode)""");
    }

    @Test
    void type_errors_name_the_expected_type() {
        Schema s = Schema.object().field("s", Schema.string()).field("b", Schema.bool()).field("n", Schema.number())
                .field("o", Schema.object()).field("a", Schema.array(Schema.any()));
        assertThatThrownBy(() -> s.resolve(json("{\"s\":3,\"b\":\"yes\",\"n\":\"x\",\"o\":[],\"a\":{}}")))
                .hasMessage("""
                        invalid config:
                          - expected string but got 3 (at s)
                          - expected boolean but got yes (at b)
                          - expected number but got x (at n)
                          - expected object but got [] (at o)
                          - expected array but got {} (at a)""");
    }

    @Test
    void objects_are_open_and_keep_present_nulls() {
        Schema s = Schema.object().field("known", Schema.string());
        assertThat(s.resolve(json("{\"known\":null,\"extra\":1}")).toString()).isEqualTo("{\"known\":null,\"extra\":1}");
        assertThat(s.resolve(json("{}")).toString()).isEqualTo("{}");
    }

    @Test
    void ranges_patterns_and_lengths() {
        assertThatThrownBy(() -> Schema.string().pattern("^[a-z]+$").max(3).resolve(json("\"Abcd\"")))
                .hasMessage("invalid config:\n  - expect string to match regexp /^[a-z]+$/\n"
                        + "  - expected string length <= 3 but got 4");
        assertThatThrownBy(() -> Schema.array(Schema.any()).min(1).resolve(json("[]")))
                .hasMessageContaining("expected array length >= 1 but got 0");
        assertThat(Schema.number().min(0.5).step(0.25).resolve(json("1.25")).doubleValue()).isEqualTo(1.25);
        assertThatThrownBy(() -> Schema.number().min(0.5).step(0.25).resolve(json("1.3")))
                .hasMessageContaining("multiple of 0.25");
    }

    @Test
    void unions_take_the_first_branch_and_dicts_validate_each_value() {
        Schema s = Schema.union(Schema.number(), Schema.string());
        assertThat(s.resolve(json("\"x\"")).textValue()).isEqualTo("x");
        assertThatThrownBy(() -> s.resolve(json("true"))).hasMessageContaining("expected number | string but got true");
        assertThatThrownBy(() -> Schema.dict(Schema.natural()).resolve(json("{\"a\":1,\"b\":-1}")))
                .hasMessageContaining("expected number >= 0 but got -1 (at b)");
    }

    @Test
    void intersections_merge_object_results() {
        Schema s = Schema.intersect(
                Schema.object().field("a", Schema.number().defaultValue(1)),
                Schema.object().field("b", Schema.string().defaultValue("x")));
        assertThat(s.resolve(json("{\"c\":true}")).toString()).isEqualTo("{\"a\":1,\"b\":\"x\",\"c\":true}");
    }

    @Test
    void defaults_are_deep_copies() {
        Schema s = Schema.object().field("list", Schema.array(Schema.any()).defaultValue(List.of(1)));
        JsonNode first = s.resolve(json("{}"));
        ((com.fasterxml.jackson.databind.node.ArrayNode) first.get("list")).add(2);
        assertThat(s.resolve(json("{}")).get("list").size()).isEqualTo(1);
    }

    @Test
    void constants_and_required_values() {
        assertThatThrownBy(() -> Schema.constant(3).resolve(json("4"))).hasMessageContaining("expected 3 but got 4");
        assertThatThrownBy(() -> Schema.string().required().resolve(json("null")))
                .hasMessage("invalid config:\n  - missing required value");
    }

    @Test
    void schemas_print_in_schemastery_notation() {
        assertThat(Schema.object().field("a", Schema.string().required()).field("b", Schema.array(Schema.natural())))
                .hasToString("{ a: string, b?: number[] }");
    }
}
