package io.dsh4j.deliberation.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.message.json.JsJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec §4.1 steps 1–11b, §13 items 12–14; §9.2 tests 3 and 6 (their host-free halves). */
class BranchPlannerTest {

    static final DeliberationConfig CONFIG = DeliberationConfig.resolve(ConfigurationTest.base());

    static DeliberationRequest request(int recentSteps) {
        var call = DeliberateToolTest.call();
        ((com.fasterxml.jackson.databind.node.ObjectNode) call.at("/branches/2")).put("recentSteps", recentSteps);
        return new DeliberateTool(CONFIG).validate(call, true);
    }

    @Test
    void each_branch_carries_its_label_schema_depth_filter_and_options_only_when_the_route_overrides_something() {
        List<BranchPlanner.Plan> plans = new BranchPlanner(CONFIG).plan(request(2), 5);
        assertThat(plans).extracting(BranchPlanner.Plan::label).containsExactly("deliberation: alt", "deliberation: audit", "deliberation: masked");
        assertThat(plans).extracting(BranchPlanner.Plan::provider).containsExactly("fresh", "fork", "mid-fork-step-2");
        assertThat(plans).allMatch(p -> p.maxDepth() == 1);
        assertThat(JsJson.stringify(plans.get(0).toolFilter().toJson())).isEqualTo("{\"allow\":[],\"deny\":[\"deliberate\"]}");
        assertThat(JsJson.stringify(plans.get(1).toolFilter().toJson())).isEqualTo("{\"allow\":[\"fixture_read\"],\"deny\":[\"fixture_write\",\"deliberate\"]}");
        assertThat(plans.get(0).agentOptions()).isNull();
        assertThat(JsJson.stringify(plans.get(1).agentOptions())).isEqualTo("{\"provider\":\"strong-provider\",\"model\":\"strong-model\",\"maxTokens\":2048}");
        String masked = JsJson.stringify(plans.get(2).outputSchema());
        assertThat(masked).contains("masked-review", "possible_error", "certainty", "no_update").doesNotContain("traceDelta");
        assertThat(JsJson.stringify(plans.get(1).outputSchema())).contains("trajectory-audit");
    }

    @Test
    void the_masked_review_window_is_clamped_to_completed_steps_and_picks_the_projected_family_member() {
        BranchPlanner.Plan masked = new BranchPlanner(CONFIG).plan(request(4), 2).get(2);
        assertThat(masked.base().historyWindow()).isEqualTo(new HistoryWindow(4, 2));
        assertThat(masked.provider()).isEqualTo("mid-fork-step-2");
    }

    @Test
    void an_empty_parent_starts_no_masked_review_child() {
        BranchPlanner.Plan masked = new BranchPlanner(CONFIG).plan(request(2), 0).get(2);
        assertThat(masked.base().historyWindow()).isEqualTo(new HistoryWindow(2, 0));
        assertThat(masked.provider()).isNull();
        BranchOutcome o = BranchAcceptance.english().noCompletedStep(masked.base());
        assertThat(o.stopReason()).isEqualTo("no-completed-step");
        assertThat(o.cleanup()).isEqualTo(Cleanup.NOT_STARTED);
    }

    @Test
    void the_completed_step_count_comes_from_step_start_and_step_end_pairs() {
        SyntheticLog log = new SyntheticLog().completedToolTurn(1).add("turn/start", "{'turn':2}").openStep(2, 1);
        assertThat(MidForkProjector.completedStepCount(log.events)).isEqualTo(1);
    }
}
