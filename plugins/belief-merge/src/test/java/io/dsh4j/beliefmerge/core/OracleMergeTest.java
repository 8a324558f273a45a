package io.dsh4j.beliefmerge.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The offline path against the original implementation: three-session merges of corpus logs rendered
 * at budgets 1200 and 400 ({@code oracle/belief-merge/expected.json}) — every slot line in order, the
 * slot/included/dropped counts and the token total.
 */
class OracleMergeTest {

    static Stream<Arguments> merges() throws IOException {
        JsonNode expected = new ObjectMapper().readTree(Corpus.oracle().resolve("belief-merge/expected.json").toFile());
        List<Arguments> out = new ArrayList<>();
        for (JsonNode m : expected.get("merges")) {
            String name = m.get("inputs").get(0).asText().replaceAll(".*/snapshots/", "").replace("/session.jsonl", "")
                    + "+2 @" + m.get("budget").asInt();
            out.add(Arguments.of(name, m));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("merges")
    void heuristic_render_matches_the_original_line_for_line(String name, JsonNode m) {
        // given
        List<Surface> surfaces = new ArrayList<>();
        for (JsonNode input : m.get("inputs")) {
            surfaces.add(CorpusSessions.surface(Corpus.shared().resolve(input.asText()), Trust.EXTERNAL));
        }
        assertThat(surfaces.stream().map(Surface::id).toList())
                .containsExactlyElementsOf(stream(m.get("branchIds")));
        // when
        MergeOutcome merged = BeliefMerge.mergeSurfacesAligned(surfaces, MergeOptions.defaults(), null,
                CancelSignal.NEVER, w -> { });
        Renderer.Rendered r = merged.render(Renderer.Options.defaults().withBudget(m.get("budget").asInt()));
        // then
        List<String> slotLines = r.text().lines().filter(l -> l.startsWith("- ") || l.startsWith("  ")).toList();
        assertThat(slotLines).containsExactlyElementsOf(stream(m.get("slotLines")));
        assertThat(merged.slots()).hasSize(m.get("slots").asInt());
        assertThat(r.included()).isEqualTo(m.get("included").asInt());
        assertThat(r.dropped()).isEqualTo(m.get("dropped").asInt());
        assertThat(r.tokens()).isEqualTo(m.get("tokens").asInt());
    }

    private static List<String> stream(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
