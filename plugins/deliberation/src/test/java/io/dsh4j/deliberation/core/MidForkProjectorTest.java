package io.dsh4j.deliberation.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.SessionEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec §3.3–§3.6 (the mid-fork provider), §13 items 29–36; §9.3 tests 1–9. */
class MidForkProjectorTest {

    static final MidForkProjector P = MidForkProjector.english();

    static MidForkProjection project(SyntheticLog log, Window w, Mask m) {
        return P.project(log.events, log.surface, w, m, ProjectionLimits.DEFAULTS);
    }

    @Test
    void keeps_an_exact_older_prefix_and_removes_only_reasoning_from_the_selected_recent_steps() {
        SyntheticLog log = new SyntheticLog().completedToolTurn(1).completedToolTurn(2).completedToolTurn(3);
        String before = log.serialised();
        MidForkProjection p = project(log, new Window.RecentSteps(2), Mask.REASONING_ONLY);
        assertThat(p.projectedTurns()).isEqualTo(2);
        assertThat(p.projectedSteps()).isEqualTo(2);
        assertThat(p.omittedReasoningBlocks()).isEqualTo(2);
        assertThat(p.projectedAssistantMessages()).isEqualTo(2);
        assertThat(p.seed()).last().extracting(SessionEvent::type).isEqualTo("turn/end");
        assertThat(p.seed()).extracting(SessionEvent::seq).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L);
        assertThat(p.snapshot()).doesNotContain("question-1").contains("question-2", "question-3",
                "Decision action [callId=call-2]: inspect_fixture({\"turn\":2})", "Tool outcome [callId=call-2; status=success]",
                "observable-result-3", "visible-commitment-2");
        assertThat(p.snapshot()).doesNotContain("private-rationale-2", "private-rationale-3", "replay-secret-2", "replay-secret-3");
        assertThat(log.serialised()).isEqualTo(before).contains("private-rationale-2");
    }

    @Test
    void one_multi_call_response_stays_one_step_and_outcomes_follow_log_order_by_call_id() {
        SyntheticLog log = new SyntheticLog().add("turn/start", "{'turn':1}").add("step/start", "{'turn':1,'step':1}")
                .add("assistant/message", "{'turn':1,'step':1,'message':{'id':'a','role':'assistant','content':[{'type':'reasoning','text':'private'},"
                        + "{'type':'text','text':'I will inspect both candidates.'}],'source':{'kind':'model','provider':'p','model':'m'}}}")
                .add("tool/call", "{'turn':1,'step':1,'callId':'parallel-a','name':'read','arguments':'{\\\"path\\\":\\\"a\\\"}'}")
                .add("tool/call", "{'turn':1,'step':1,'callId':'parallel-b','name':'read','arguments':'{\\\"path\\\":\\\"b\\\"}'}")
                .add("tool/result", "{'turn':1,'step':1,'message':{'id':'rb','role':'tool','content':[{'type':'tool-result','toolCallId':'parallel-b',"
                        + "'content':[{'type':'text','text':'result-b'}],'isError':false}],'source':{'kind':'tool','callId':'parallel-b'}}}")
                .add("tool/result", "{'turn':1,'step':1,'message':{'id':'ra','role':'tool','content':[{'type':'tool-result','toolCallId':'parallel-a',"
                        + "'content':[{'type':'text','text':'result-a'}],'isError':true}],'source':{'kind':'tool','callId':'parallel-a'}}}")
                .add("step/end", "{'turn':1,'step':1}").add("turn/end", "{'turn':1,'reason':{'kind':'completed'}}");
        String s = project(log, new Window.RecentSteps(1), Mask.REASONING_ONLY).snapshot();
        assertThat(s.split("Step 1 \\(one complete model decision\\):", -1)).hasSize(2);
        assertThat(s).contains("    Assistant visible content: I will inspect both candidates.\n",
                "    Decision action [callId=parallel-a]: read({\"path\":\"a\"})\n", "    Decision action [callId=parallel-b]: read({\"path\":\"b\"})\n")
                .doesNotContain("private");
        assertThat(s.indexOf("Tool outcome [callId=parallel-b; status=success]: result-b"))
                .isLessThan(s.indexOf("Tool outcome [callId=parallel-a; status=error]: result-a"));
    }

    @Test
    void a_flat_text_and_image_document_keeps_attachment_references_and_drops_replay_only_blocks() {
        SyntheticLog log = new SyntheticLog().add("turn/start", "{'turn':1}").add("step/start", "{'turn':1,'step':1}")
                .add("user/message", "{'id':'u','role':'user','content':[{'type':'text','text':'look'}," + SyntheticLog.image("user-image", 1000)
                        + "],'source':{'kind':'user'}}")
                .add("assistant/message", "{'turn':1,'step':1,'message':{'id':'a','role':'assistant','content':[{'type':'reasoning','text':'private "
                        + "interpretation'}," + SyntheticLog.image("assistant-image", 2000) + "],'source':{'kind':'model','provider':'p','model':'m',"
                        + "'replayState':{'x':'replay-secret-9'}}}}")
                .add("tool/call", "{'turn':1,'step':1,'callId':'image-call','name':'read_image','arguments':'{}'}")
                .add("tool/result", "{'turn':1,'step':1,'message':{'id':'r','role':'tool','content':[{'type':'tool-result','toolCallId':'image-call',"
                        + "'content':[" + SyntheticLog.image("tool-image", 3000) + "],'isError':false}],'source':{'kind':'tool','callId':'image-call'}}}")
                .add("step/end", "{'turn':1,'step':1}").add("turn/end", "{'turn':1,'reason':{'kind':'completed'}}");
        MidForkProjection p = project(log, new Window.RecentSteps(1), Mask.REASONING_ONLY);
        assertThat(p.snapshotContent()).extracting(b -> b.getClass().getSimpleName()).containsOnly("Text", "Image");
        List<String> ids = p.snapshotContent().stream().filter(b -> b instanceof SnapshotBlock.Image)
                .map(b -> ((SnapshotBlock.Image) b).attachment().get("attachmentId").asText()).toList();
        assertThat(ids).containsExactly("user-image", "assistant-image", "tool-image");
        JsonNode original = log.events.get(2).data().at("/content/1/attachment");
        JsonNode copy = ((SnapshotBlock.Image) p.snapshotContent().get(1)).attachment();
        assertThat(copy).isEqualTo(original).isNotSameAs(original);
        assertThat(p.projectedImages()).isEqualTo(3);
        assertThat(p.projectedImageBytes()).isEqualTo(6000);
        assertThat(p.snapshot()).isEqualTo(MidForkProjector.debugString(p.snapshotContent()))
                .contains("[image #1 image/png 1000B]", "source: tool outcome", "callId: image-call")
                .doesNotContain("private interpretation", "replay-secret-9");
        MidForkProjection actionOnly = project(log, new Window.RecentSteps(1), Mask.ACTION_ONLY);
        assertThat(actionOnly.projectedImages()).isEqualTo(2);
        assertThat(actionOnly.projectedImageBytes()).isEqualTo(4000);
        assertThat(actionOnly.snapshotContent().stream().filter(b -> b instanceof SnapshotBlock.Image)
                .map(b -> ((SnapshotBlock.Image) b).attachment().get("attachmentId").asText()).toList()).containsExactly("user-image", "tool-image");
        assertThat(JsJson.stringify(p.snapshotContent().get(1).toJson())).startsWith("{\"type\":\"image\",\"attachment\":{\"attachmentId\":\"user-image\"");
    }

    @Test
    void only_completed_steps_are_selected_and_the_in_flight_caller_step_never_is() {
        SyntheticLog log = new SyntheticLog().completedToolTurn(1).add("turn/start", "{'turn':2}").add("step/start", "{'turn':2,'step':1}")
                .add("user/message", "{'id':'active','role':'user','content':[{'type':'text','text':'active-step-text'}],'source':{'kind':'user'}}");
        MidForkProjection p = project(log, new Window.RecentSteps(1), Mask.REASONING_ONLY);
        assertThat(p.projectedTurns()).isEqualTo(1);
        assertThat(p.projectedSteps()).isEqualTo(1);
        assertThat(p.seed()).isEmpty();
        assertThat(p.snapshot()).contains("question-1").doesNotContain("active-step-text", "open at masked-review checkpoint");
        MidForkProjectionException e = catchThrowableOfType(MidForkProjectionException.class,
                () -> project(new SyntheticLog(), new Window.RecentSteps(3), Mask.REASONING_ONLY));
        assertThat(e.code()).isEqualTo(ProjectionErrorCode.NO_COMPLETED_STEP);
        assertThat(JsJson.stringify(e.details())).isEqualTo(
                "{\"window\":\"recent-steps\",\"mask\":\"reasoning-only\",\"requestedSteps\":3,\"projectedSteps\":0}");
    }

    @Test
    void the_last_k_steps_inside_one_turn_leave_earlier_same_turn_steps_nowhere() {
        SyntheticLog log = new SyntheticLog().completedToolTurn(1).add("turn/start", "{'turn':2}");
        for (int s = 1; s <= 3; s++) log.openStep(2, s).add("step/end", "{'turn':2,'step':" + s + "}");
        log.add("turn/end", "{'turn':2,'reason':{'kind':'completed'}}");
        MidForkProjection p = project(log, new Window.RecentSteps(2), Mask.REASONING_ONLY);
        assertThat(p.projectedTurns()).isEqualTo(1);
        assertThat(p.projectedSteps()).isEqualTo(2);
        assertThat(p.seed()).last().extracting(SessionEvent::type).isEqualTo("turn/end");
        assertThat(p.seedLength()).isEqualTo(8);
        assertThat(p.snapshot()).doesNotContain("visible-commitment-2\n", "observable-result-2\n", "private-rationale-2")
                .contains("visible-commitment-2.2", "visible-commitment-2.3", "observable-result-2.2", "observable-result-2.3")
                .doesNotContain("private-rationale-2.2", "private-rationale-2.3");
        assertThat(p.snapshot()).doesNotContain("question-2\n");
    }

    @Test
    void the_current_turn_window_projects_the_unique_open_turn_and_keeps_older_turns_native() {
        SyntheticLog log = new SyntheticLog().completedToolTurn(1).completedToolTurn(2).add("turn/start", "{'turn':3}").openStep(3, 1)
                .add("step/end", "{'turn':3,'step':1}");
        MidForkProjection p = project(log, new Window.CurrentTurn(), Mask.REASONING_ONLY);
        assertThat(p.window()).isEqualTo("current-turn");
        assertThat(p.mask()).isEqualTo(Mask.REASONING_ONLY);
        assertThat(p.projectedTurns()).isEqualTo(1);
        assertThat(p.projectedSteps()).isEqualTo(1);
        String seed = p.seed().stream().map(e -> e.type() + JsJson.stringify(e.data())).reduce("", String::concat);
        assertThat(seed).contains("question-1", "private-rationale-1", "private-rationale-2").doesNotContain("\"turn\":3");
        assertThat(p.snapshot()).startsWith("<mid-fork-suffix window=\"current-turn\" mask=\"reasoning-only\" projected-turns=\"1\" projected-steps=\"1\">\n")
                .contains("question-3", "visible-commitment-3", "    Turn state: open at masked-review checkpoint\n")
                .doesNotContain("question-2", "private-rationale-3");
        List<SessionEvent> closed = log.events.subList(0, log.events.size() - 7);
        assertThat(catchThrowableOfType(MidForkProjectionException.class,
                () -> P.project(closed, log.surface, new Window.CurrentTurn(), Mask.REASONING_ONLY, ProjectionLimits.DEFAULTS)).code())
                .isEqualTo(ProjectionErrorCode.NO_OPEN_TURN);
    }

    @Test
    void action_only_is_an_explicit_stronger_mask() {
        SyntheticLog log = new SyntheticLog().completedToolTurn(1);
        MidForkProjection p = project(log, new Window.RecentSteps(1), Mask.ACTION_ONLY);
        assertThat(p.projectedAssistantMessages()).isZero();
        assertThat(p.omittedAssistantVisibleMessages()).isEqualTo(1);
        assertThat(p.omittedReasoningBlocks()).isEqualTo(1);
        assertThat(p.snapshot()).contains("User input: question-1", "Decision action [callId=call-1]", "Tool outcome [callId=call-1; status=success]")
                .doesNotContain("visible-commitment-1", "private-rationale-1");
    }

    @Test
    void an_over_budget_current_turn_is_rejected_instead_of_truncated() {
        SyntheticLog log = new SyntheticLog().add("turn/start", "{'turn':7}").add("step/start", "{'turn':7,'step':1}")
                .add("user/message", Json.obj("{'id':'u','role':'user','source':{'kind':'user'}}").set("content",
                        Json.of("[{'type':'text','text':'" + "y".repeat(200) + "'}]")))
                .add("step/end", "{'turn':7,'step':1}");
        MidForkProjectionException e = catchThrowableOfType(MidForkProjectionException.class,
                () -> P.project(log.events, log.surface, new Window.CurrentTurn(), Mask.REASONING_ONLY, new ProjectionLimits(80, 20)));
        assertThat(e.code()).isEqualTo(ProjectionErrorCode.PROJECTION_OVER_BUDGET);
        JsonNode d = e.details();
        assertThat(d.get("window").asText()).isEqualTo("current-turn");
        assertThat(d.get("turn").asInt()).isEqualTo(7);
        assertThat(d.get("projectedSteps").asInt()).isEqualTo(1);
        assertThat(d.get("maxSnapshotChars").asInt()).isEqualTo(80);
        assertThat(d.get("snapshotChars").asInt()).isGreaterThan(80);
        assertThat(JsJson.stringify(d)).doesNotContain("yyy");
    }

    @Test
    void the_whole_suffix_is_rejected_when_its_image_count_exceeds_the_limit() {
        SyntheticLog log = new SyntheticLog().add("turn/start", "{'turn':1}").add("step/start", "{'turn':1,'step':1}")
                .add("user/message", "{'id':'u','role':'user','content':[" + SyntheticLog.image("i1", 100) + "," + SyntheticLog.image("i2", 200)
                        + "],'source':{'kind':'user'}}")
                .add("step/end", "{'turn':1,'step':1}").add("turn/end", "{'turn':1,'reason':{'kind':'completed'}}");
        MidForkProjectionException e = catchThrowableOfType(MidForkProjectionException.class,
                () -> P.project(log.events, log.surface, new Window.RecentSteps(1), Mask.REASONING_ONLY, new ProjectionLimits(65536, 1)));
        assertThat(e.code()).isEqualTo(ProjectionErrorCode.PROJECTION_IMAGE_LIMIT);
        assertThat(JsJson.stringify(e.details())).isEqualTo("{\"window\":\"recent-steps\",\"mask\":\"reasoning-only\",\"requestedSteps\":1,"
                + "\"projectedSteps\":1,\"projectedImages\":2,\"projectedImageBytes\":300,\"maxSnapshotImages\":1}");
    }

    @Test
    void events_off_the_active_surface_are_not_rendered_but_tool_calls_always_are() {
        SyntheticLog log = new SyntheticLog().completedToolTurn(1);
        log.surface.clear();
        String s = project(log, new Window.RecentSteps(1), Mask.REASONING_ONLY).snapshot();
        assertThat(s).doesNotContain("question-1", "visible-commitment-1", "observable-result-1").contains("Decision action [callId=call-1]");
    }

    @Test
    void source_labels_empty_rows_and_unknown_blocks_are_rendered_as_documented() {
        SyntheticLog log = new SyntheticLog().add("turn/start", "{'turn':1}").add("step/start", "{'turn':1,'step':1}")
                .add("user/message", "{'id':'a','role':'user','content':[{'type':'text','text':''}],'source':{'kind':'user'}}")
                .add("user/message", "{'id':'b','role':'user','content':[{'type':'text','text':'ctx'}],'source':{'kind':'plugin','plugin':'memory'}}")
                .add("user/message", "{'id':'c','role':'user','content':[{'type':'hologram'}],'source':{'kind':'goal'}}")
                .add("user/message", "{'id':'d','role':'user','content':'{{placeholder}}','source':{'kind':'model'}}")
                .add("tool/result", "{'turn':1,'step':1,'message':{'id':'r','role':'tool','content':[{'type':'tool-result','toolCallId':'x',"
                        + "'content':[],'isError':true}],'source':{'kind':'tool','callId':'x'}}}")
                .add("step/end", "{'turn':1,'step':1}").add("turn/end", "{'turn':1,'reason':{'kind':'aborted'}}");
        String s = project(log, new Window.RecentSteps(1), Mask.REASONING_ONLY).snapshot();
        assertThat(s).contains("    User input: (empty)\n", "    Injected context (memory): ctx\n",
                "    Observable message: [unsupported content block omitted: hologram]\n", "    Model-origin observable context: (empty)\n",
                "    Tool outcome [callId=x; status=error]: (empty)\n", "    Turn end: aborted\n");
    }

    @Test
    void the_snapshot_header_and_frame_follow_the_row_format() {
        String s = project(new SyntheticLog().completedToolTurn(1), new Window.RecentSteps(1), Mask.REASONING_ONLY).snapshot();
        String note = Texts.english().format("snapshot.note.reasoningOnly");
        assertThat(s).isEqualTo("<mid-fork-suffix window=\"recent-steps\" mask=\"reasoning-only\" projected-turns=\"1\" projected-steps=\"1\" "
                + "requested-steps=\"1\">\n" + note + "\n\nTurn 1:\n  Step 1 (one complete model decision):\n    User input: question-1\n"
                + "    Assistant visible content: visible-commitment-1\n    Decision action [callId=call-1]: inspect_fixture({\"turn\":1})\n"
                + "    Tool outcome [callId=call-1; status=success]: observable-result-1\n    Turn end: completed\n\n</mid-fork-suffix>");
    }
}
