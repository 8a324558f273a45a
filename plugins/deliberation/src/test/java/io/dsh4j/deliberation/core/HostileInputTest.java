package io.dsh4j.deliberation.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Corrupt, hostile and huge input to the core: clear outcomes, bounded work, no crash. */
class HostileInputTest {

    static final MidForkProjector P = MidForkProjector.english();

    @Test
    void malformed_payloads_project_as_empty_content_instead_of_failing() {
        SyntheticLog log = new SyntheticLog().add("turn/start", "{'turn':1}").add("step/start", "{'turn':1,'step':1}")
                .add("user/message", "'just a string'")
                .add("assistant/message", "{'turn':1,'step':1,'message':[1,2,3]}")
                .add("tool/call", "{'turn':1,'step':1}")
                .add("tool/result", "{'turn':1,'step':1,'message':{'content':{'type':'tool-result'},'source':null}}")
                .add("user/message", "{'content':[null,7,{'type':null},{'type':'text','text':5},{'type':'image'}],'source':{'kind':'user'}}")
                .add("step/end", "{'turn':1,'step':1}").add("turn/end", "{'turn':1}");
        MidForkProjection p = P.project(log.events, log.surface, new Window.RecentSteps(1), Mask.REASONING_ONLY, ProjectionLimits.DEFAULTS);
        assertThat(p.snapshot()).contains("Observable message: (empty)", "Decision action [callId=undefined]: undefined(undefined)",
                "Tool outcome [callId=undefined; status=success]: (empty)", "User input: [unsupported content block omitted: unknown]", "omitted: unknown]5", "Image evidence #1",
                "[unsupported content block omitted: unknown]", "Turn end: undefined");
        assertThat(p.projectedImages()).isEqualTo(1);
        assertThat(p.projectedImageBytes()).isZero();
    }

    @Test
    void turn_and_step_numbers_written_differently_still_pair_up_as_javascript_interpolates_them() {
        SyntheticLog log = new SyntheticLog().add("turn/start", "{'turn':1}").add("step/start", "{'turn':1.0,'step':1}")
                .add("step/end", "{'turn':1,'step':1e0}").add("turn/end", "{'turn':1,'reason':{'kind':'completed'}}");
        assertThat(MidForkProjector.completedStepCount(log.events)).isEqualTo(1);
    }

    @Test
    void deeply_nested_tool_results_within_the_json_nesting_cap_are_flattened() {
        StringBuilder open = new StringBuilder();
        StringBuilder close = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            open.append("{\"type\":\"tool-result\",\"toolCallId\":\"c").append(i).append("\",\"content\":[");
            close.append("]}");
        }
        String content = "[" + open + "{\"type\":\"text\",\"text\":\"deep\"}" + close + "]";
        SyntheticLog log = new SyntheticLog().add("turn/start", "{'turn':1}").add("step/start", "{'turn':1,'step':1}");
        log.add("user/message", JsJson.parse("{\"content\":" + content + ",\"source\":{\"kind\":\"user\"}}"));
        log.add("step/end", "{'turn':1,'step':1}");
        MidForkProjection p = P.project(log.events, log.surface, new Window.CurrentTurn(), Mask.ACTION_ONLY, ProjectionLimits.DEFAULTS);
        assertThat(p.snapshot()).contains("User input: deep");
    }

    @Test
    void a_huge_log_projects_in_one_pass_and_a_huge_step_is_refused_whole() {
        SyntheticLog log = new SyntheticLog();
        for (int t = 1; t <= 5_000; t++) log.completedToolTurn(t);
        MidForkProjection p = P.project(log.events, log.surface, new Window.RecentSteps(32), Mask.REASONING_ONLY, ProjectionLimits.UNLIMITED);
        assertThat(p.projectedSteps()).isEqualTo(32);
        assertThat(p.seedLength()).isEqualTo((5_000 - 32) * 8);
        SyntheticLog big = new SyntheticLog().add("turn/start", "{'turn':1}").add("step/start", "{'turn':1,'step':1}");
        big.add("user/message", Json.obj("{'source':{'kind':'user'}}").set("content",
                JsJson.parse("[{\"type\":\"text\",\"text\":\"" + "z".repeat(1_000_000) + "\"}]")));
        big.add("step/end", "{'turn':1,'step':1}");
        MidForkProjectionException e = catchThrowableOfType(MidForkProjectionException.class,
                () -> P.project(big.events, big.surface, new Window.CurrentTurn(), Mask.REASONING_ONLY, ProjectionLimits.DEFAULTS));
        assertThat(e.code()).isEqualTo(ProjectionErrorCode.PROJECTION_OVER_BUDGET);
        assertThat(e.details().get("snapshotChars").asInt()).isGreaterThan(1_000_000);
        assertThat(e.getMessage()).doesNotContain("zzz");
    }

    @Test
    void several_open_turns_are_not_a_current_turn() {
        SyntheticLog log = new SyntheticLog().add("turn/start", "{'turn':1}").add("turn/start", "{'turn':2}");
        assertThat(catchThrowableOfType(MidForkProjectionException.class, () -> P.project(log.events, log.surface, new Window.CurrentTurn(),
                Mask.REASONING_ONLY, ProjectionLimits.DEFAULTS)).code()).isEqualTo(ProjectionErrorCode.NO_OPEN_TURN);
    }

    @Test
    void hostile_packets_and_outputs_are_refused_without_throwing() {
        assertThat(ReviewPackets.valid(null)).isFalse();
        assertThat(ReviewPackets.valid(Json.of("{'role':'masked-review','status':{'a':1}}"))).isFalse();
        assertThat(ReviewPackets.parseTextual(List.of(new ContentBlock.Text("[".repeat(5_000))))).isEmpty();
        assertThat(ReviewPackets.parseTextual(List.of(new ContentBlock.Text(" ".repeat(20_000) + "{\"role\":\"masked-review\",\"status\":\"no_update\"}"))))
                .isPresent();
        assertThat(ReviewPackets.parseTextual(List.of(new ContentBlock.Text("{\"role\":\"masked-review\",\"status\":\"no_update\",\"items\":" + "1".repeat(20_000)
                + "}")))).isEmpty();
    }

    @Test
    void hostile_tool_arguments_are_refused_with_a_message() {
        DeliberateTool tool = DeliberateToolTest.TOOL;
        for (String args : List.of("null", "[]", "'text'", "{'goal':7}", "{'goal':'g','incumbent':'i','context':{'observations':'x'}}",
                "{'goal':'g','incumbent':'i','context':{'observations':[],'constraints':[],'unknowns':[]},'branches':[7]}")) {
            assertThat(catchThrowableOfType(ArgumentException.class, () -> tool.validate(Json.of(args), true))).as(args).isNotNull();
        }
    }
}
