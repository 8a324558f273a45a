package io.dsh4j.deliberation.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.MessageJson;
import io.dsh4j.message.json.JsJson;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every packet case of {@code oracle/deliberation/expected.json} (spec §5, §4.1 steps 12–16, §1.3–§1.4,
 * §13 items 16–24, 26–27): the validator's verdict, the serialised length, the textual-fallback parse
 * (and its variants), the rendered packet, and each scenario's branch outcome, rendered text and warnings.
 */
class OraclePacketTest {

    static final JsonNode PACKETS = OracleProjectionTest.ORACLE.get("packets");
    static final BranchAcceptance ACCEPTANCE = BranchAcceptance.english();

    @Test
    void the_oracle_holds_packet_outcome_and_fallback_cases() {
        List<String> kinds = new ArrayList<>();
        PACKETS.forEach(p -> kinds.add(p.get("kind").asText()));
        assertThat(kinds).contains("packet", "outcome", "fallback-only");
    }

    @TestFactory
    Stream<DynamicTest> every_packet_case_gets_the_original_verdict_parse_render_and_outcomes() {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : PACKETS) {
            String id = c.get("id").asText();
            switch (c.get("kind").asText()) {
                case "packet" -> tests.add(DynamicTest.dynamicTest(id, () -> checkPacket(c)));
                case "fallback-only" -> tests.add(DynamicTest.dynamicTest(id, () ->
                        assertThat(ReviewPackets.parseTextual(blocks(c.get("output"))).orElse(null)).isEqualTo(nullIfNull(c.get("result")))));
                case "outcome" -> tests.add(DynamicTest.dynamicTest(id, () -> checkOutcome(c)));
                default -> throw new AssertionError("unknown case kind " + c.get("kind"));
            }
        }
        return tests.stream();
    }

    static void checkPacket(JsonNode c) {
        JsonNode candidate = candidate(c);
        assertThat(ReviewPackets.valid(candidate)).as("verdict").isEqualTo(c.get("valid").asBoolean());
        assertThat(JsJson.stringify(candidate).length()).as("serialized length").isEqualTo(c.get("serializedLength").asInt());
        assertThat(ReviewPackets.render(candidate)).as("rendered packet").isEqualTo(c.get("renderedPacket").asText());
        JsonNode fallback = c.get("fallback");
        List<ContentBlock> text = List.of(new ContentBlock.Text(fallback.get("text").asText()));
        assertThat(ReviewPackets.parseTextual(text).orElse(null)).as("fallback").isEqualTo(nullIfNull(fallback.get("result")));
        if (c.has("fallbackVariants")) {
            for (JsonNode v : c.get("fallbackVariants")) {
                assertThat(ReviewPackets.parseTextual(blocks(v.get("output"))).orElse(null)).as(v.get("description").asText())
                        .isEqualTo(nullIfNull(v.get("result")));
            }
        }
        for (JsonNode b : c.get("branchOutcomes")) {
            Role role = Role.of(b.get("branchRole").asText()).orElseThrow();
            boolean completedNormally = true;
            List<String> warnings = new ArrayList<>();
            BranchOutcome o = ACCEPTANCE.published(base(role, 1), "child-run-1", result(b.get("result")), completedNormally, false,
                    Cleanup.COMPLETED);
            assertOutcome(b, o, warnings);
        }
    }

    /** The candidate as the original held it: parsed from its text when the case records one ({@code __proto__}). */
    static JsonNode candidate(JsonNode c) {
        return c.has("candidateText") ? JsJson.parse(c.get("candidateText").asText()) : c.get("candidate");
    }

    static void checkOutcome(JsonNode c) {
        JsonNode in = c.get("input");
        Role role = Role.of(in.get("branchRole").asText()).orElseThrow();
        int completedSteps = in.has("parentCompletedSteps") ? in.get("parentCompletedSteps").asInt() : 1;
        BranchAcceptance.Base base = base(role, completedSteps);
        List<String> warnings = new ArrayList<>();
        BranchOutcome o;
        if (base.nothingToProject()) {
            o = ACCEPTANCE.noCompletedStep(base);
        } else if (in.has("startError")) {
            o = ACCEPTANCE.startFailed(base, failure(in.get("startError")), warnings::add);
        } else {
            boolean completedNormally = !in.has("childTurnEnd") || in.get("childTurnEnd").asText().equals("completed");
            o = ACCEPTANCE.published(base, "child-run-1", result(in.get("result")), completedNormally,
                    in.path("timeout").asBoolean(false), Cleanup.COMPLETED);
        }
        assertOutcome(c, o, warnings);
        String provider = base.nothingToProject() ? null : DeliberationConfig.bundle().providerFor(role, base.historyWindow());
        assertThat(provider).as("started provider").isEqualTo(nullIfNull(c.get("startedProvider")) == null ? null
                : c.get("startedProvider").asText());
    }

    static void assertOutcome(JsonNode c, BranchOutcome o, List<String> warnings) {
        assertThat(o.toJson()).as("canonical outcome").isEqualTo(c.get("outcome"));
        assertThat(JsJson.stringify(o.toJson())).as("canonical key order").isEqualTo(JsJson.stringify(c.get("outcome")));
        DeliberationOutput out = new DeliberationOutput(List.of(o));
        assertThat(c.get("rendered")).hasSize(1);
        assertThat(out.renderedText()).as("rendered").isEqualTo(c.get("rendered").get(0).asText());
        List<String> expectedWarnings = new ArrayList<>();
        c.get("warnings").forEach(w -> expectedWarnings.add(w.asText()));
        assertThat(warnings).isEqualTo(expectedWarnings);
    }

    static BranchAcceptance.Base base(Role role, int completedSteps) {
        HistoryWindow w = role == Role.MASKED_REVIEW ? HistoryWindow.of(1, completedSteps, 8) : null;
        return new BranchAcceptance.Base("b1", role, "same", "reason-only", w);
    }

    static StartFailure failure(JsonNode e) {
        return switch (e.get("name").asText()) {
            case "UnsupportedChildImageInputError" -> new StartFailure.UnsupportedContent(e.get("code").asText(), e.get("message").asText());
            case "MidForkProjectionError" -> new StartFailure.Projection(ProjectionErrorCode.valueOf(e.get("code").asText()));
            default -> new StartFailure.Other();
        };
    }

    static ChildResult result(JsonNode r) {
        return new ChildResult(r.get("stopReason").asText(), r.get("structured"), r.has("output") ? blocks(r.get("output")) : null,
                r.has("diagnostic") ? r.get("diagnostic").asText() : null);
    }

    static List<ContentBlock> blocks(JsonNode output) {
        List<ContentBlock> out = new ArrayList<>();
        for (int i = 0; i < output.size(); i++) out.add(MessageJson.readBlock(output.get(i), "output[" + i + "]"));
        return out;
    }

    static JsonNode nullIfNull(JsonNode n) {
        return n == null || n.isNull() ? null : n;
    }
}
