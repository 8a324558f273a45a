package io.dsh4j.attention;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.attention.core.GuardReason;
import io.dsh4j.attention.core.GuardTripLog;
import io.dsh4j.attention.sessions.SessionLogs;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.TurnEndReason;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.ScriptedModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14, the tool-call loop guard live on {@code tools/pre-execute}: it stops loops the reminder only advises on. */
class LiveToolGuardTest {

    @TempDir
    Path home;

    @TempDir
    Path work;

    static ScriptedModel.Script call(String id, String tool, String args) {
        return ScriptedModel.Script.builder().toolCall(new ContentBlock.ToolCall(id, tool, args))
                .finish(new FinishReason.ToolCalls()).build();
    }

    static List<ScriptedModel.Script> globs(int n, String pattern) {
        List<ScriptedModel.Script> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(call("c" + i, "glob", "{\"pattern\": \"" + pattern + "\"}"));
        return out;
    }

    static List<EventPayload.ToolResult> results(Agent agent) {
        return agent.session().events().stream().filter(e -> e.payload() instanceof EventPayload.ToolResult)
                .map(e -> (EventPayload.ToolResult) e.payload()).toList();
    }

    static TurnEndReason lastEnd(Agent agent) {
        return LiveGuardTest.lastEnd(agent);
    }

    @Test
    void the_ninth_identical_call_is_denied_and_the_turn_cancelled_with_a_hook_cause_and_a_trip_row() {
        try (LiveHarness h = new LiveHarness(home, Map.of(), true)) {
            List<ScriptedModel.Script> scripts = globs(9, "*.txt");
            scripts.add(ScriptedModel.Script.text("never reached"));
            h.model(ScriptedModel.of(scripts.toArray(ScriptedModel.Script[]::new)));
            Agent agent = h.agent(work);
            LiveHarness.runTurn(agent, "look around");
            TurnEndReason end = lastEnd(agent);
            assertThat(end).isInstanceOf(TurnEndReason.Aborted.class);
            TurnEndReason.AbortCause cause = ((TurnEndReason.Aborted) end).cause();
            assertThat(cause.kind()).isEqualTo("hook");
            assertThat(cause.reason()).isEqualTo(GuardReason.CANCEL_PREFIX + "工具调用打转 —— 同一工具调用 glob 连续 9 次（参数相同）");
            List<EventPayload.ToolResult> results = results(agent);
            assertThat(results).hasSize(9);
            assertThat(results.subList(0, 8)).allSatisfy(r -> assertThat(r.isError()).isFalse());
            assertThat(results.get(8).isError()).isTrue();
            var counters = h.health().state(agent.session()).orElseThrow().counters();
            assertThat(counters.guardTripCount()).isEqualTo(1);
            assertThat(counters.lastGuardReason()).startsWith("工具调用打转 —— ");
            JsonNode row = GuardTripLog.read(home.resolve(AttentionHealthPlugin.DIR)).getFirst();
            assertThat(row.get("kind").asText()).isEqualTo("tool-repeat");
            assertThat(row.get("detail").get("streak").asInt()).isEqualTo(9);
            assertThat(row.get("tail").asText()).isEqualTo("glob {\"pattern\":\"*.txt\"}");
            assertThat(row.get("sessionId").asText()).isEqualTo(agent.id());
        }
    }

    @Test
    void eight_identical_calls_are_left_to_the_reminder_and_the_turn_runs_to_its_end() {
        try (LiveHarness h = new LiveHarness(home, Map.of(), true)) {
            List<ScriptedModel.Script> scripts = globs(8, "*.txt");
            scripts.add(ScriptedModel.Script.text("done looking"));
            h.model(ScriptedModel.of(scripts.toArray(ScriptedModel.Script[]::new)));
            Agent agent = h.agent(work);
            LiveHarness.runTurn(agent, "look around");
            assertThat(lastEnd(agent)).isInstanceOf(TurnEndReason.Completed.class);
            assertThat(results(agent)).hasSize(8);
            assertThat(GuardTripLog.read(home.resolve(AttentionHealthPlugin.DIR))).isEmpty();
        }
    }

    @Test
    void a_two_call_cycle_with_identical_arguments_is_stopped_on_its_fourth_repetition_in_privacy_mode() {
        try (LiveHarness h = new LiveHarness(home, Map.of(GuardTripLog.TAIL_ENV, "0"), true)) {
            List<ScriptedModel.Script> scripts = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                scripts.add(call("a" + i, "glob", "{\"pattern\": \"*.txt\"}"));
                scripts.add(call("b" + i, "glob", "{\"pattern\": \"*.md\"}"));
            }
            h.model(ScriptedModel.of(scripts.toArray(ScriptedModel.Script[]::new)));
            Agent agent = h.agent(work);
            LiveHarness.runTurn(agent, "look around");
            TurnEndReason.AbortCause cause = ((TurnEndReason.Aborted) lastEnd(agent)).cause();
            assertThat(cause.reason()).isEqualTo(GuardReason.CANCEL_PREFIX
                    + "工具调用打转 —— 2 个工具调用（glob → glob）以相同参数循环 4 次");
            assertThat(results(agent)).hasSize(8);
            JsonNode row = GuardTripLog.read(home.resolve(AttentionHealthPlugin.DIR)).getFirst();
            assertThat(row.get("kind").asText()).isEqualTo("tool-cycle");
            assertThat(row.get("tail").asText()).isEmpty();
            assertThat(row.get("tailHash").asText()).hasSize(16);
        }
    }

    @Test
    void a_human_prompt_resets_the_chain_so_calls_across_turns_do_not_add_up() {
        try (LiveHarness h = new LiveHarness(home, Map.of(), true)) {
            List<ScriptedModel.Script> scripts = new ArrayList<>(globs(6, "*.txt"));
            scripts.add(ScriptedModel.Script.text("first done"));
            scripts.addAll(globs(6, "*.txt"));
            scripts.add(ScriptedModel.Script.text("second done"));
            h.model(ScriptedModel.of(scripts.toArray(ScriptedModel.Script[]::new)));
            Agent agent = h.agent(work);
            LiveHarness.runTurn(agent, "look");
            LiveHarness.runTurn(agent, "look again");
            assertThat(lastEnd(agent)).isInstanceOf(TurnEndReason.Completed.class);
            assertThat(results(agent)).hasSize(12);
        }
    }

    @Test
    void the_guard_can_be_turned_off_in_the_rows_config() {
        try (LiveHarness h = new LiveHarness(home, Map.of(), false)) {
            h.root.plugin(AttentionHealthPlugin.plugin(new AttentionHealthPlugin.Options(LiveHarness.CLOCK, k -> null)),
                    Map.of("home", home.toString(), "toolLoop", Map.of("enabled", false))).await();
            h.kernel.awaitIdle();
            List<ScriptedModel.Script> scripts = globs(10, "*.txt");
            scripts.add(ScriptedModel.Script.text("done"));
            h.model(ScriptedModel.of(scripts.toArray(ScriptedModel.Script[]::new)));
            Agent agent = h.agent(work);
            LiveHarness.runTurn(agent, "look");
            assertThat(lastEnd(agent)).isInstanceOf(TurnEndReason.Completed.class);
            assertThat(results(agent)).hasSize(10);
        }
    }

    @Test
    void the_corpus_repeat_tool_reminder_session_replayed_live_ends_by_itself_without_a_trip() throws Exception {
        Path log = Corpus.rawLogs().stream().filter(p -> p.toString().contains("repeat-tool-reminder")).findFirst().orElseThrow();
        List<ScriptedModel.Script> scripts = new ArrayList<>();
        String[] prompt = {null};
        SessionLogs.read(log, r -> {
            String type = r.path("type").asText();
            if (type.equals("user/message") && prompt[0] == null) {
                prompt[0] = r.path("data").path("content").path(0).path("text").asText();
            }
            if (!type.equals("assistant/message")) return;
            ScriptedModel.Builder b = ScriptedModel.Script.builder();
            boolean calls = false;
            for (JsonNode block : r.path("data").path("message").path("content")) {
                switch (block.path("type").asText()) {
                    case "reasoning" -> b.reasoning(block.path("text").asText());
                    case "text" -> b.text(block.path("text").asText());
                    case "tool-call" -> {
                        b.toolCall(new ContentBlock.ToolCall(block.path("id").asText(), block.path("name").asText(),
                                block.path("arguments").asText()));
                        calls = true;
                    }
                    default -> { }
                }
            }
            scripts.add(b.finish(calls ? new FinishReason.ToolCalls() : new FinishReason.Stop()).build());
        });
        try (LiveHarness h = new LiveHarness(home, Map.of(), true)) {
            h.model(ScriptedModel.of(scripts.toArray(ScriptedModel.Script[]::new)));
            Agent agent = h.agent(work);
            LiveHarness.runTurn(agent, prompt[0]);
            assertThat(lastEnd(agent)).isInstanceOf(TurnEndReason.Completed.class);
            assertThat(results(agent)).hasSize(5);
            assertThat(GuardTripLog.read(home.resolve(AttentionHealthPlugin.DIR))).isEmpty();
        }
    }
}
