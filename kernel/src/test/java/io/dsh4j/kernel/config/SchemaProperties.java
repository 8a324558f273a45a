package io.dsh4j.kernel.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/** Laws of config resolution (spec §1.13) over arbitrary JSON. */
class SchemaProperties {

    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** A plugin-like schema using every kind: defaults, required, ranges, unions, dicts, intersections. */
    static final Schema SCHEMA = Schema.object()
            .field("agents", Schema.array(Schema.object()
                    .field("id", Schema.string().required().pattern("^[a-z]"))
                    .field("maxTokens", Schema.natural().max(100).defaultValue(10))))
            .field("mode", Schema.oneOf("native", "code").defaultValue("native"))
            .field("limit", Schema.union(Schema.natural(), Schema.string()))
            .field("labels", Schema.dict(Schema.string()))
            .field("extra", Schema.intersect(
                    Schema.object().field("a", Schema.number().defaultValue(1)),
                    Schema.object().field("b", Schema.bool().defaultValue(true))))
            .field("flag", Schema.bool())
            .field("fixed", Schema.constant(3).defaultValue(3));

    static final List<String> KEYS = List.of("agents", "mode", "limit", "labels", "extra", "flag", "fixed",
            "id", "maxTokens", "a", "b", "other");

    @Provide
    Arbitrary<JsonNode> json() {
        return node(3);
    }

    private static Arbitrary<JsonNode> node(int depth) {
        Arbitrary<JsonNode> leaf = Arbitraries.oneOf(
                Arbitraries.integers().between(-5, 200).map(i -> (JsonNode) NODES.numberNode(i)),
                Arbitraries.of(0.5, 1.25, -2.0).map(d -> (JsonNode) NODES.numberNode(d)),
                Arbitraries.of("native", "code", "abc", "Zed", "", "3").map(t -> (JsonNode) NODES.textNode(t)),
                Arbitraries.of(true, false).map(b -> (JsonNode) NODES.booleanNode(b)),
                Arbitraries.just(NODES.nullNode()));
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<JsonNode> object = Arbitraries.maps(Arbitraries.of(KEYS), node(depth - 1)).ofMaxSize(5)
                .map(m -> {
                    ObjectNode o = NODES.objectNode();
                    m.forEach(o::set);
                    return o;
                });
        Arbitrary<JsonNode> array = node(depth - 1).list().ofMaxSize(3).map(items -> {
            ArrayNode a = NODES.arrayNode();
            items.forEach(a::add);
            return a;
        });
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, leaf), net.jqwik.api.Tuple.of(4, object), net.jqwik.api.Tuple.of(2, array));
    }

    @Property(tries = 500)
    void a_resolved_config_resolves_to_itself(@ForAll("json") JsonNode raw) {
        JsonNode once = null;
        try {
            once = SCHEMA.resolve(raw);
        } catch (ConfigValidationException e) {
            // rejected input: the other property speaks of it
        }
        Statistics.label("resolved").collect(once != null);
        Statistics.label("resolved").coverage(c -> c.check(true).percentage(p -> p >= 10));
        if (once != null) {
            assertThat(SCHEMA.resolve(once)).isEqualTo(once);
        }
    }

    @Property(tries = 500)
    void any_json_resolves_or_fails_with_located_issues_and_is_not_modified(@ForAll("json") JsonNode raw) {
        JsonNode before = raw.deepCopy();
        try {
            SCHEMA.resolve(raw);
        } catch (ConfigValidationException e) {
            assertThat(e.issues()).isNotEmpty();
            assertThat(e.getMessage()).startsWith("invalid config:\n  - ");
            assertThat(e.getMessage().lines().skip(1)).allSatisfy(line -> assertThat(line).startsWith("  - "));
        }
        assertThat(raw).isEqualTo(before);
    }
}
