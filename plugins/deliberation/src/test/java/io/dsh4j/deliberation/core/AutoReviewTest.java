package io.dsh4j.deliberation.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.SessionEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Spec §6 (automatic masked review), §13 items 40–50; §9.2 tests 4, 5, 9–16 (their host-free halves). */
class AutoReviewTest {

    static final AutoReviewConfig ALL_TURNS = new AutoReviewConfig(true, AutoReviewConfig.Scope.ALL_PRIMARY_TURNS,
            AutoReviewConfig.Publish.UPDATES_ONLY, 10_000, "mid-fork-current-turn", "same", "reason-only");
    static final AutoReview REVIEW = new AutoReview(ALL_TURNS, "deliberate");
    static final AutoReview.Readiness READY = new AutoReview.Readiness.Ready();

    /** A stopping turn: turn/start, step 1 with user and assistant messages, optionally a tool call, step/end. */
    static List<SessionEvent> stoppingTurn(long turn, boolean withTool, String toolName, String arguments) {
        List<SessionEvent> e = new ArrayList<>();
        add(e, "turn/start", "{'turn':" + turn + "}");
        add(e, "step/start", "{'turn':" + turn + ",'step':1}");
        add(e, "user/message", "{'id':'u','role':'user','content':[{'type':'text','text':'question'}],'source':{'kind':'user'}}");
        if (withTool) add(e, "tool/call", "{'turn':" + turn + ",'step':1,'callId':'c1','name':'" + toolName + "','arguments':" + arguments + "}");
        add(e, "step/end", "{'turn':" + turn + ",'step':1}");
        return e;
    }

    static void add(List<SessionEvent> events, String type, String data) {
        events.add(SessionEvent.of(type, events.size(), 1, Json.of(data)));
    }

    static JsonNode packet(String status) {
        return status.equals("update")
                ? Json.of("{'role':'masked-review','status':'update','items':[{'kind':'possible_error','certainty':'likely','content':'the claim is unverified'}]}")
                : Json.of("{'role':'masked-review','status':'no_update'}");
    }

    @Nested
    class Readiness {

        @Test
        void a_provider_is_ready_only_when_registered_inheriting_and_fully_capable() {
            assertThat(AutoReview.readiness(Optional.empty())).isEqualTo(new AutoReview.Readiness.Missing());
            assertThat(AutoReview.readiness(Optional.of(new ProviderInfo("p", false, true, true, true))))
                    .isEqualTo(new AutoReview.Readiness.Incompatible("does not inherit parent context"));
            assertThat(AutoReview.readiness(Optional.of(new ProviderInfo("p", true, true, false, true))))
                    .isEqualTo(new AutoReview.Readiness.Incompatible("lacks depthLimit"));
            assertThat(AutoReview.readiness(Optional.of(new ProviderInfo("p", true, true, true, true)))).isEqualTo(READY);
        }

        @Test
        void readiness_lines_name_the_provider_and_the_reason_and_changes_are_keyed_by_state() {
            AutoReview.Readiness bad = new AutoReview.Readiness.Incompatible("does not inherit parent context");
            assertThat(REVIEW.readinessLine(bad)).startsWith("tool-deliberation: ").contains("\"mid-fork-current-turn\"",
                    "does not inherit parent context").doesNotContain("unavailable");
            assertThat(bad.key()).isEqualTo("incompatible:does not inherit parent context");
            assertThat(READY.key()).isNotEqualTo(new AutoReview.Readiness.Missing().key());
        }

        @Test
        void mounting_validation_checks_history_semantics_then_capabilities_in_order() {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ProviderInfo("spawn", true, true, true, true).validateFor(History.FRESH))
                    .hasMessage("tool-deliberation: fresh provider \"spawn\" reports incompatible parent-history semantics");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ProviderInfo("fork", false, true, true, true).validateFor(History.FORK))
                    .hasMessageContaining("incompatible parent-history semantics");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ProviderInfo("spawn", false, false, false, true).validateFor(History.FRESH))
                    .hasMessage("tool-deliberation: provider \"spawn\" lacks required outputSchema capability");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ProviderInfo("spawn", false, true, true, false).validateFor(History.FRESH))
                    .hasMessageContaining("required toolFilter");
        }
    }

    @Nested
    class Eligibility {

        @Test
        void child_sessions_are_never_reviewed() {
            assertThat(REVIEW.skip("subagent", "s", 1, stoppingTurn(1, true, "read", "'{}'"), new AutoReviewLatch(), READY))
                    .contains(AutoReview.Skip.CHILD_SESSION);
        }

        @Test
        void tool_bearing_scope_skips_turns_without_a_tool_call() {
            AutoReview toolBearing = new AutoReview(new AutoReviewConfig(true, AutoReviewConfig.Scope.TOOL_BEARING_TURNS,
                    AutoReviewConfig.Publish.UPDATES_ONLY, 10_000, "p", "same", "reason-only"), "deliberate");
            assertThat(toolBearing.skip(null, "s", 1, stoppingTurn(1, false, null, null), new AutoReviewLatch(), READY))
                    .contains(AutoReview.Skip.NO_TOOL_CALL);
            assertThat(toolBearing.skip(null, "s", 1, stoppingTurn(1, true, "read", "'{}'"), new AutoReviewLatch(), READY)).isEmpty();
            assertThat(REVIEW.skip(null, "s", 1, stoppingTurn(1, false, null, null), new AutoReviewLatch(), READY)).isEmpty();
        }

        @Test
        void only_a_real_manual_masked_review_suppresses_the_turn() {
            List<SessionEvent> anchor = stoppingTurn(1, true, "deliberate", JsJson.quote(
                    "{\"branches\":[{\"role\":\"independent-alternative\",\"focus\":\"a masked-review mention\"}]}"));
            assertThat(REVIEW.skip(null, "s", 1, anchor, new AutoReviewLatch(), READY)).isEmpty();
            List<SessionEvent> manual = stoppingTurn(1, true, "deliberate", JsJson.quote(
                    "{\"branches\":[{\"role\":\"masked-review\",\"recentSteps\":1}]}"));
            assertThat(REVIEW.skip(null, "s", 1, manual, new AutoReviewLatch(), READY)).contains(AutoReview.Skip.MANUAL_MASKED_REVIEW);
            List<SessionEvent> broken = stoppingTurn(1, true, "deliberate", JsJson.quote("{not json"));
            assertThat(REVIEW.skip(null, "s", 1, broken, new AutoReviewLatch(), READY)).isEmpty();
            List<SessionEvent> otherTool = stoppingTurn(1, true, "consider_paths", JsJson.quote(
                    "{\"branches\":[{\"role\":\"masked-review\"}]}"));
            assertThat(REVIEW.skip(null, "s", 1, otherTool, new AutoReviewLatch(), READY)).isEmpty();
        }

        @Test
        void a_published_notice_in_the_turn_is_a_durable_checkpoint() {
            List<SessionEvent> e = stoppingTurn(3, true, "read", "'{}'");
            ObjectNode notice = AutoReview.notice(packet("update"));
            notice.put("id", "n").put("role", "user");
            e.add(SessionEvent.of("user/message", e.size(), 1, notice));
            assertThat(REVIEW.skip(null, "other-session", 3, e, new AutoReviewLatch(), READY)).contains(AutoReview.Skip.DURABLE_CHECKPOINT);
            assertThat(REVIEW.skip(null, "other-session", 4, e, new AutoReviewLatch(), READY)).isEmpty();
        }

        @Test
        void a_latched_turn_and_an_unready_provider_are_skipped_in_that_order() {
            AutoReviewLatch latch = new AutoReviewLatch();
            assertThat(latch.begin("s", 1)).isTrue();
            assertThat(REVIEW.skip(null, "s", 1, stoppingTurn(1, true, "read", "'{}'"), latch, new AutoReview.Readiness.Missing()))
                    .contains(AutoReview.Skip.LATCHED);
            assertThat(REVIEW.skip(null, "s", 2, stoppingTurn(2, true, "read", "'{}'"), latch, new AutoReview.Readiness.Missing()))
                    .contains(AutoReview.Skip.PROVIDER_NOT_READY);
        }
    }

    @Nested
    class Latching {

        @Test
        void projection_and_image_skips_do_not_consume_the_boundary_but_a_review_does() {
            AutoReviewLatch latch = new AutoReviewLatch();
            int starts = 0;
            List<AutoReviewLatch.AttemptOutcome> outcomes = List.of(AutoReviewLatch.AttemptOutcome.PROJECTION_SKIP,
                    AutoReviewLatch.AttemptOutcome.IMAGE_REFUSAL, AutoReviewLatch.AttemptOutcome.REVIEWED, AutoReviewLatch.AttemptOutcome.REVIEWED);
            for (AutoReviewLatch.AttemptOutcome o : outcomes) {
                if (!latch.begin("s", 7)) continue;
                starts++;
                latch.finish("s", 7, AutoReviewLatch.retains(o));
            }
            assertThat(starts).isEqualTo(3);
            assertThat(latch.isLatched("s", 7)).isTrue();
            latch.turnEnded("s", 7);
            assertThat(latch.isLatched("s", 7)).isFalse();
        }

        @Test
        void a_running_attempt_prevents_reentry_and_other_sessions_are_independent() {
            AutoReviewLatch latch = new AutoReviewLatch();
            assertThat(latch.begin("s", 1)).isTrue();
            assertThat(latch.begin("s", 1)).isFalse();
            assertThat(latch.begin("t", 1)).isTrue();
            latch.finish("s", 1, false);
            assertThat(latch.begin("s", 1)).isTrue();
        }

        @Test
        void every_started_or_generically_failed_attempt_latches() {
            for (AutoReviewLatch.AttemptOutcome o : AutoReviewLatch.AttemptOutcome.values()) {
                boolean expected = switch (o) {
                    case PROJECTION_SKIP, IMAGE_REFUSAL, PROVIDER_UNAVAILABLE -> false;
                    default -> true;
                };
                assertThat(AutoReviewLatch.retains(o)).as(o.name()).isEqualTo(expected);
            }
        }
    }

    @Nested
    class Publication {

        @Test
        void updates_only_steers_updates_all_steers_every_valid_packet_observe_only_never() {
            AutoReview all = new AutoReview(new AutoReviewConfig(true, ALL_TURNS.scope(), AutoReviewConfig.Publish.ALL, 1, "p", "r", "c"), "d");
            AutoReview observe = new AutoReview(new AutoReviewConfig(true, ALL_TURNS.scope(), AutoReviewConfig.Publish.OBSERVE_ONLY, 1, "p", "r", "c"),
                    "d");
            assertThat(REVIEW.publication(packet("update"), false, 0, 1)).isEqualTo(AutoReview.Publication.STEER);
            assertThat(REVIEW.publication(packet("no_update"), false, 0, 1)).isEqualTo(AutoReview.Publication.WITHHELD);
            assertThat(all.publication(packet("no_update"), false, 0, 1)).isEqualTo(AutoReview.Publication.STEER);
            assertThat(observe.publication(packet("update"), false, 0, 1)).isEqualTo(AutoReview.Publication.WITHHELD);
            assertThat(REVIEW.publication(packet("update"), true, 0, 1)).isEqualTo(AutoReview.Publication.ABORTED);
        }

        @Test
        void forced_rounds_per_turn_are_bounded() {
            AutoReviewLatch latch = new AutoReviewLatch();
            assertThat(REVIEW.publication(packet("update"), false, latch.forced("s", 2), 1)).isEqualTo(AutoReview.Publication.STEER);
            latch.recordForced("s", 2);
            assertThat(REVIEW.publication(packet("update"), false, latch.forced("s", 2), 1)).isEqualTo(AutoReview.Publication.BOUND_REACHED);
            latch.turnEnded("s", 2);
            assertThat(latch.forced("s", 2)).isZero();
        }

        @Test
        void the_notice_is_the_packet_json_with_a_bounded_plugin_summary() {
            JsonNode p = packet("update");
            ObjectNode n = AutoReview.notice(p);
            assertThat(n.at("/content")).hasSize(1);
            assertThat(JsJson.parse(n.at("/content/0/text").asText())).isEqualTo(p);
            assertThat(n.at("/content/0/text").asText()).doesNotContain("runId", "turn");
            assertThat(JsJson.stringify(n.get("source"))).isEqualTo(
                    "{\"kind\":\"plugin\",\"plugin\":\"tool-deliberation\",\"form\":\"notice\",\"summary\":\"masked review checkpoint \u00b7 update \u00b7 1 items\"}");
            assertThat(AutoReview.notice(packet("no_update")).at("/source/summary").asText()).endsWith("no_update \u00b7 0 items");
            assertThat(AutoReview.boundSummary("x".repeat(120))).hasSize(120);
            assertThat(AutoReview.boundSummary("x".repeat(121))).hasSize(120).endsWith("\u2026");
        }

        @Test
        void only_a_valid_masked_review_packet_with_an_accepted_stop_is_published() {
            JsonNode p = packet("update");
            assertThat(AutoReview.acceptedPacket(new ChildResult("completed", p, null, null), false)).contains(p);
            assertThat(AutoReview.acceptedPacket(new ChildResult("error", p, null, null), true)).isEmpty();
            assertThat(AutoReview.acceptedPacket(new ChildResult("completed", Json.of("{'role':'masked-review','status':'update'}"), null, null), true))
                    .isEmpty();
            assertThat(AutoReview.acceptedPacket(new ChildResult("completed", Json.of("{'role':'trajectory-audit','status':'no_update'}"), null,
                    null), true)).isEmpty();
            List<ContentBlock> text = List.of(new ContentBlock.Reasoning("thinking"), new ContentBlock.Text(JsJson.stringify(p)));
            assertThat(AutoReview.acceptedPacket(new ChildResult("error", null, text, null), true)).contains(p);
            assertThat(AutoReview.acceptedPacket(new ChildResult("error", null, text, null), false)).isEmpty();
            assertThat(AutoReview.acceptedPacket(null, true)).isEmpty();
        }
    }

    @Nested
    class Warnings {

        @Test
        void an_over_budget_skip_uses_the_key_value_format_with_the_detail_turn() {
            JsonNode d = Json.of("{'window':'current-turn','mask':'reasoning-only','turn':4,'projectedSteps':3,'snapshotChars':70000,"
                    + "'maxSnapshotChars':65536}");
            assertThat(AutoReview.projectionSkipWarning("PROJECTION_OVER_BUDGET", d, "projection-budget-parent", 9)).contains(
                    "tool-deliberation: automatic review skipped reason=projection-over-budget parentSessionId=projection-budget-parent turn=4 "
                            + "window=current-turn mask=reasoning-only projectedSteps=3 snapshotChars=70000 maxSnapshotChars=65536 "
                            + "projectedImages=0 projectedImageBytes=0");
        }

        @Test
        void the_other_skips_print_unknown_for_missing_numbers_and_the_hook_turn() {
            JsonNode d = Json.of("{'window':'current-turn','mask':'action-only'}");
            assertThat(AutoReview.projectionSkipWarning("PROJECTION_IMAGE_LIMIT", d, "p", 2)).contains(
                    "tool-deliberation: automatic review skipped reason=projection-image-limit parentSessionId=p turn=2 window=current-turn "
                            + "mask=action-only projectedSteps=unknown projectedImages=unknown projectedImageBytes=unknown maxSnapshotImages=unknown");
            assertThat(AutoReview.projectionSkipWarning("NO_OPEN_TURN", d, "p", 2)).contains(
                    "tool-deliberation: automatic review skipped reason=no-open-turn parentSessionId=p turn=2 window=current-turn mask=action-only");
            assertThat(AutoReview.projectionSkipWarning("NO_COMPLETED_STEP", d, "p", 2).orElseThrow()).contains("reason=no-completed-step");
        }

        @Test
        void an_error_without_the_projection_shape_is_not_recognised() {
            assertThat(AutoReview.projectionSkipWarning("PROJECTION_OVER_BUDGET", Json.of("{'window':'elsewhere','mask':'reasoning-only'}"), "p", 1))
                    .isEmpty();
            assertThat(AutoReview.projectionSkipWarning("PROJECTION_OVER_BUDGET", Json.of("{'window':'current-turn','mask':'reasoning-only',"
                    + "'maxSnapshotChars':0}"), "p", 1)).isEmpty();
            assertThat(AutoReview.projectionSkipWarning("SOMETHING_ELSE", Json.of("{'window':'current-turn','mask':'reasoning-only'}"), "p", 1))
                    .isEmpty();
            assertThat(AutoReview.projectionSkipWarning("NO_OPEN_TURN", null, "p", 1)).isEmpty();
        }

        @Test
        void an_image_refusal_warning_carries_code_counts_and_no_content() {
            assertThat(AutoReview.imageRefusalWarning("IMAGE_INPUT_UNSUPPORTED", "p", 3, 2, 300)).isEqualTo(
                    "tool-deliberation: automatic review skipped reason=unsupported-content code=IMAGE_INPUT_UNSUPPORTED parentSessionId=p turn=3 "
                            + "images=2 imageBytes=300");
        }
    }
}
