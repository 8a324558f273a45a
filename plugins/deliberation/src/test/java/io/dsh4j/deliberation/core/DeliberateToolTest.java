package io.dsh4j.deliberation.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Spec §1 (the model-facing tool), §13 items 3–9, 23 and 25; §9.2 tests 2, 17, 25, 32. */
class DeliberateToolTest {

    static final DeliberationConfig CONFIG = DeliberationConfig.resolve(ConfigurationTest.base());
    static final DeliberateTool TOOL = new DeliberateTool(CONFIG);

    static ObjectNode call() {
        return Json.obj("{'goal':'Is the cache the cause?','incumbent':'Primary incumbent: the cache is cold',"
                + "'context':{'observations':['first run took 9s'],'constraints':['no network'],'unknowns':['warm timing']},"
                + "'branches':[{'label':'alt','role':'independent-alternative','route':'same','capability':'reason-only','focus':'other cause'},"
                + "{'label':'audit','role':'trajectory-audit','route':'strong','capability':'evidence-only','focus':'the timing claim'},"
                + "{'label':'masked','role':'masked-review','route':'same','capability':'reason-only','focus':'the last step','recentSteps':2}]}");
    }

    @Nested
    class ModelFacingSchema {

        @Test
        void the_schema_exposes_route_and_profile_names_and_descriptions_only() {
            String schema = JsJson.stringify(TOOL.modelSchema());
            assertThat(schema).contains("Primary-controlled", "\"same\"", "\"strong\"", "reason-only", "evidence-only",
                    "a stronger model", "read fixtures only", "independent-alternative", "trajectory-audit", "masked-review",
                    "recentSteps", "from 1 through 4", "10000ms");
            assertThat(schema).doesNotContain("strong-provider", "strong-model", "fixture_read", "fixture_write", "chain-of-thought",
                    "includeIncumbent", "\"history\":", "recover");
        }

        @Test
        void branch_items_are_a_closed_one_of_keyed_by_role_and_recent_steps_belongs_to_masked_review_only() {
            JsonNode oneOf = TOOL.parameters().at("/properties/branches/items/oneOf");
            assertThat(oneOf).hasSize(3);
            for (JsonNode variant : oneOf) {
                assertThat(variant.get("additionalProperties").asBoolean(true)).isFalse();
                String role = variant.at("/properties/role/const").asText();
                boolean masked = role.equals("masked-review");
                assertThat(variant.at("/properties/recentSteps").isMissingNode()).isEqualTo(!masked);
                assertThat(JsJson.stringify(variant.get("required")).contains("recentSteps")).isEqualTo(masked);
                assertThat(JsJson.stringify(variant.at("/properties/route/enum"))).isEqualTo("[\"same\",\"strong\"]");
            }
            assertThat(JsJson.stringify(oneOf.get(2).at("/properties/recentSteps/enum"))).isEqualTo("[1,2,3,4]");
            assertThat(JsJson.stringify(TOOL.parameters().get("required"))).isEqualTo("[\"goal\",\"incumbent\",\"context\",\"branches\"]");
        }

        @Test
        void the_tool_is_concurrency_safe() {
            assertThat(TOOL.isConcurrencySafe()).isTrue();
        }

        @Test
        void the_output_schema_is_separate_and_carries_the_history_key_and_the_packet_schemas() {
            String out = JsJson.stringify(TOOL.outputSchema());
            assertThat(out).contains("\"history\":", "possible_error", "no_update", "not-started");
            assertThat(JsJson.stringify(TOOL.modelSchema())).doesNotContain("possible_error");
        }

        @Test
        void a_custom_tool_name_is_the_schema_name_and_the_policy_subject() {
            ObjectNode c = ConfigurationTest.base().put("toolName", "consider_paths");
            DeliberateTool tool = new DeliberateTool(DeliberationConfig.resolve(c));
            assertThat(tool.modelSchema().get("name").asText()).isEqualTo("consider_paths");
            assertThat(tool.policyText(true)).contains("Use consider_paths when a live semantic fork")
                    .doesNotContain("Use deliberate when a live semantic fork");
            assertThat(tool.policySectionName()).isEqualTo("tool:consider_paths:policy");
            ObjectNode args = call();
            args.putArray("branches");
            assertThatThrownBy(() -> tool.validate(args, true)).hasMessageContaining("consider_paths requires 1 through 4 branches")
                    .hasMessageNotContaining("deliberate requires");
        }
    }

    @Nested
    class PolicySection {

        @Test
        void the_policy_renders_only_where_the_tool_is_visible_and_holds_the_required_fragments() {
            assertThat(TOOL.policyText(false)).isEmpty();
            assertThat(TOOL.policyText(true)).contains("Use deliberate when a live semantic fork", "sparse JSON packet",
                    "Every branch returns a sparse JSON packet",
                    "only the branches, model routes, tool boundaries, and masked-review window that can change the continuation",
                    "independent-alternative", "trajectory-audit", "masked-review", "Primary-selected number of complete recent Steps",
                    "currently executing deliberate Step is excluded", "Same-model agreement is weak evidence");
            assertThat(DeliberateTool.POLICY_ORDER).isEqualTo(116.75);
            assertThat(TOOL.policySectionName()).isEqualTo("tool:deliberate:policy");
        }

        @Test
        void the_chinese_policy_names_the_tool_in_its_first_sentence() {
            DeliberateTool zh = new DeliberateTool(CONFIG, Texts.of(Locale.SIMPLIFIED_CHINESE));
            assertThat(zh.policyText(true)).startsWith("当一个真实的语义分叉").contains("deliberate");
            assertThat(zh.description()).contains("Primary-controlled");
        }
    }

    @Nested
    class Validation {

        @Test
        void a_valid_call_becomes_a_detached_request_in_argument_order() {
            DeliberationRequest r = TOOL.validate(call(), true);
            assertThat(r.branches()).extracting(DeliberationRequest.BranchRequest::label).containsExactly("alt", "audit", "masked");
            assertThat(r.branches().get(2).recentSteps()).isEqualTo(2);
            assertThat(r.branches().get(0).recentSteps()).isNull();
            assertThat(r.observations()).containsExactly("first run took 9s");
        }

        @Test
        void a_call_without_a_calling_agent_fails_first() {
            assertThatThrownBy(() -> TOOL.validate(Json.obj("{}"), false)).isInstanceOf(ArgumentException.class)
                    .hasMessage("deliberate requires a calling Agent");
        }

        @Test
        void empty_context_lists_are_allowed() {
            ObjectNode c = call();
            ((ObjectNode) c.get("context")).putArray("unknowns");
            assertThat(TOOL.validate(c, true).unknowns()).isEmpty();
        }

        static Stream<Arguments> malformedCalls() {
            return Stream.of(
                    Arguments.of("blank goal", (Consumer<ObjectNode>) c -> c.put("goal", " \u00a0"), "tool-deliberation: goal must be non-empty"),
                    Arguments.of("empty incumbent", (Consumer<ObjectNode>) c -> c.put("incumbent", ""),
                            "tool-deliberation: incumbent must be non-empty"),
                    Arguments.of("empty observation", (Consumer<ObjectNode>) c -> ((ArrayNode) c.at("/context/observations")).set(0, "\ufeff"),
                            "tool-deliberation: context.observations[0] must be non-empty"),
                    Arguments.of("blank second unknown", (Consumer<ObjectNode>) c -> ((ArrayNode) c.at("/context/unknowns")).add(" "),
                            "tool-deliberation: context.unknowns[1] must be non-empty"),
                    Arguments.of("zero branches", (Consumer<ObjectNode>) c -> c.putArray("branches"), "deliberate requires 1 through 4 branches"),
                    Arguments.of("five branches", (Consumer<ObjectNode>) c -> {
                        ArrayNode b = (ArrayNode) c.get("branches");
                        for (int i = 0; i < 2; i++) b.add(((ObjectNode) b.get(0).deepCopy()).put("label", "x" + i));
                    }, "deliberate requires 1 through 4 branches"),
                    Arguments.of("blank label", (Consumer<ObjectNode>) c -> ((ObjectNode) c.at("/branches/1")).put("label", " "),
                            "tool-deliberation: branch.label must be non-empty"),
                    Arguments.of("empty focus", (Consumer<ObjectNode>) c -> ((ObjectNode) c.at("/branches/1")).put("focus", ""),
                            "tool-deliberation: branch \"audit\" focus must be non-empty"),
                    Arguments.of("duplicate label", (Consumer<ObjectNode>) c -> ((ObjectNode) c.at("/branches/2")).put("label", "alt"),
                            "deliberate requires unique branch labels; duplicate \"alt\""),
                    Arguments.of("masked review without recentSteps", (Consumer<ObjectNode>) c -> ((ObjectNode) c.at("/branches/2")).remove("recentSteps"),
                            "deliberate: masked-review recentSteps must be an integer from 1 through 4"),
                    Arguments.of("masked review with recentSteps 5", (Consumer<ObjectNode>) c -> ((ObjectNode) c.at("/branches/2")).put("recentSteps", 5),
                            "deliberate: masked-review recentSteps must be an integer from 1 through 4"),
                    Arguments.of("masked review with recentSteps 1.5", (Consumer<ObjectNode>) c -> ((ObjectNode) c.at("/branches/2")).put("recentSteps", 1.5),
                            "deliberate: masked-review recentSteps must be an integer from 1 through 4"),
                    Arguments.of("alternative with recentSteps", (Consumer<ObjectNode>) c -> ((ObjectNode) c.at("/branches/0")).put("recentSteps", 1),
                            "deliberate: recentSteps is valid only for masked-review"),
                    Arguments.of("unknown route", (Consumer<ObjectNode>) c -> ((ObjectNode) c.at("/branches/0")).put("route", "fast"),
                            "names an unknown route"),
                    Arguments.of("branches not an array", (Consumer<ObjectNode>) c -> c.put("branches", "all of them"),
                            "deliberate requires 1 through 4 branches"),
                    Arguments.of("context not an object", (Consumer<ObjectNode>) c -> c.put("context", 3), "context must be an object"));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("malformedCalls")
        void a_malformed_call_fails_with_its_documented_message(String name, Consumer<ObjectNode> edit, String message) {
            ObjectNode c = call();
            edit.accept(c);
            assertThatThrownBy(() -> TOOL.validate(c, true)).isInstanceOf(ArgumentException.class).hasMessageContaining(message);
        }

        @Test
        void labels_are_compared_exactly_without_trimming() {
            ObjectNode c = call();
            ((ObjectNode) c.at("/branches/2")).put("label", "alt ");
            assertThat(TOOL.validate(c, true).branches()).hasSize(3);
        }

        @Test
        void the_checks_run_in_the_documented_order() {
            ObjectNode c = call().put("goal", "");
            c.put("incumbent", "");
            assertThatThrownBy(() -> TOOL.validate(c, true)).hasMessageContaining("goal must be non-empty");
            ObjectNode d = call();
            ((ObjectNode) d.at("/branches/0")).put("focus", "");
            ((ObjectNode) d.at("/branches/1")).put("label", "");
            assertThatThrownBy(() -> TOOL.validate(d, true)).hasMessageContaining("branch \"alt\" focus must be non-empty");
        }
    }

    @Nested
    class Rendering {

        @Test
        void the_rendered_text_keeps_only_label_role_stop_reason_window_packet_and_a_diagnostic_without_packet() {
            JsonNode packet = Json.of("{'role':'trajectory-audit','status':'update','items':[{'kind':'possible_error','certainty':'uncertain',"
                    + "'content':'the timing claim rests on one run'}]}");
            BranchOutcome audit = new BranchOutcome("audit", Role.TRAJECTORY_AUDIT, "strong", "evidence-only", null, "fork-child-1",
                    "completed", Cleanup.COMPLETED, packet, "private diagnostic");
            BranchOutcome masked = new BranchOutcome("masked", Role.MASKED_REVIEW, "same", "reason-only", new HistoryWindow(2, 0), null,
                    "no-completed-step", Cleanup.NOT_STARTED, null, "nothing to review");
            DeliberationOutput out = new DeliberationOutput(List.of(audit, masked));
            String text = out.renderedText();
            assertThat(text).isEqualTo("{\"branches\":[{\"label\":\"audit\",\"role\":\"trajectory-audit\",\"stopReason\":\"completed\","
                    + "\"packet\":" + JsJson.stringify(packet) + "},{\"label\":\"masked\",\"role\":\"masked-review\","
                    + "\"stopReason\":\"no-completed-step\",\"historyWindow\":{\"kind\":\"recent-steps\",\"requestedSteps\":2,"
                    + "\"projectedSteps\":0},\"diagnostic\":\"nothing to review\"}]}");
            assertThat(text).doesNotContain("\"runId\"", "\"history\"", "fork-child-1", "private diagnostic", "Primary incumbent")
                    .contains("\"kind\":\"possible_error\"", "\"certainty\":\"uncertain\"");
            assertThat(JsJson.stringify(out.toJson())).contains("\"runId\":\"fork-child-1\"", "\"diagnostic\":\"private diagnostic\"",
                    "\"history\":\"fork\"", "\"cleanup\":\"completed\"");
        }
    }
}
