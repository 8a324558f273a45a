package io.dsh4j.beliefmerge;

import static io.dsh4j.beliefmerge.LiveHarness.MAIN;
import static io.dsh4j.beliefmerge.LiveHarness.injected;
import static io.dsh4j.beliefmerge.LiveHarness.runTurn;
import static io.dsh4j.beliefmerge.LiveHarness.userMessages;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentEvents;
import io.dsh4j.agent.PreStepDecision;
import io.dsh4j.beliefmerge.controls.MergeSessionsTool;
import io.dsh4j.command.CommandResult;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.testkit.ScriptedModel;
import io.dsh4j.testkit.ScriptedModel.Script;
import io.dsh4j.tool.ToolDefinition;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import java.io.IOException;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live plugin on the real agent loop, by spec section: belief-merge §1.5–§1.9 and the host items of
 * §14 (44, 45, 48–51, 53, 54), kernel-and-agent §7.2, and issue 14's acceptance (the merged block at
 * step 1 of each turn, never at later steps). Models are {@link ScriptedModel}s; alignment is off here
 * (the offline path) unless a test says otherwise — the model side is {@code LiveModelTest}.
 */
class LivePluginTest {

    @TempDir
    Path dir;

    LiveHarness h;

    @AfterEach
    void close() {
        if (h != null) h.close();
    }

    LiveHarness offline(Map<String, Object> extra) {
        Map<String, Object> c = new java.util.HashMap<>(Map.of("useLlmAlignment", false));
        c.putAll(extra);
        h = new LiveHarness(null).mount(dir, c);
        return h;
    }

    BeliefMergeConfig config(Map<String, Object> extra) {
        Map<String, Object> c = new java.util.HashMap<>(extra);
        c.putIfAbsent("home", dir.resolve("home").toString());
        return BeliefMergeConfig.SCHEMA.resolve(JsJson.mapper().valueToTree(c));
    }

    static ContentBlock.ToolCall call(String name, String args) {
        return new ContentBlock.ToolCall("call-" + UUID.randomUUID(), name, args);
    }

    JsonNode runTool(Agent agent, String args) {
        ScriptedModel m = ScriptedModel.of(Script.toolCalls(call(MergeSessionsTool.NAME, args)), Script.text("ok"));
        String route = "tool-" + UUID.randomUUID();
        h.route(route, m);
        Agent caller = agent == null ? h.agent(route) : agent;
        runTurn(caller, "please");
        SessionEvent result = caller.session().events().stream().filter(e -> e.type().equals(EventTypes.TOOL_RESULT)).toList().getLast();
        return result.data();
    }

    @Nested
    class Acceptance {

        @Test
        void two_sources_give_the_merged_block_at_step_1_of_each_turn_and_never_at_a_later_step() {
            offline(Map.of());
            Agent a = h.source("Our database engine is postgresql.", "The deploy target is kubernetes.");
            Agent b = h.source("Our cache backend is redis.", "The queue broker is kafka.");
            ScriptedModel model = ScriptedModel.of(
                    Script.toolCalls(call(MergeSessionsTool.NAME, "{\"action\":\"status\"}")), Script.text("turn one done"),
                    Script.toolCalls(call(MergeSessionsTool.NAME, "{\"action\":\"status\"}")), Script.text("turn two done"));
            h.route(MAIN, model);
            Agent me = h.agent(MAIN);
            h.commands().run(me, "/merge " + a.id() + " " + b.id(), List.of(), Signal.never());

            runTurn(me, "What do we run on?");
            runTurn(me, "And the cache?");

            // every step of both turns, with the user messages that entered it
            List<SessionEvent> events = me.session().events();
            List<String> entering = new ArrayList<>();
            String step = null;
            for (SessionEvent e : events) {
                if (e.type().equals(EventTypes.STEP_START)) {
                    EventPayload.StepStart s = e.payload(EventPayload.StepStart.class);
                    step = s.turn() + "." + s.step();
                } else if (e.type().equals(EventTypes.USER_MESSAGE)) {
                    String kind = e.data().path("source").path("kind").asText();
                    entering.add(step + ":" + kind + (kind.equals("plugin") ? "/" + e.data().path("source").path("plugin").asText() : ""));
                }
            }
            assertThat(entering).containsExactly("1.1:user", "1.1:plugin/belief-merge", "2.1:user", "2.1:plugin/belief-merge");
            SessionEvent block = injected(me).getFirst();
            String text = block.data().path("content").get(0).path("text").asText();
            assertThat(text).startsWith("## Merged context (BeliefMerge)")
                    .contains("postgresql", "kubernetes", "redis", "kafka");
            assertThat(block.data().path("source").path("form").asText()).isEqualTo("snapshot");
            assertThat(block.data().path("source").path("sections").get(0).path("name").asText()).isEqualTo("belief-merge");
            assertThat(block.data().path("source").path("sections").get(0).path("text").asText()).isEqualTo(text);
            // the model saw the block at step 1 (after the user's prompt) and still has it in history at step 2
            assertThat(model.calls()).hasSize(4);
            List<Message> step1 = model.calls().get(0).messages();
            assertThat(step1.getLast()).isInstanceOf(Message.UserMessage.class);
            assertThat(((Message.UserMessage) step1.getLast()).source()).isInstanceOf(MessageSource.Plugin.class);
            long blocksAtStep2 = model.calls().get(1).messages().stream()
                    .filter(m -> m instanceof Message.UserMessage u && u.source() instanceof MessageSource.Plugin).count();
            assertThat(blocksAtStep2).isEqualTo(1);
        }

        @Test
        void with_no_sources_the_plugin_does_nothing() {
            offline(Map.of());
            h.source("Our database engine is postgresql.");
            ScriptedModel model = ScriptedModel.answering("hello");
            h.route(MAIN, model);
            Agent me = h.agent(MAIN);
            runTurn(me, "hi");
            assertThat(injected(me)).isEmpty();
            assertThat(model.calls()).hasSize(1);
            assertThat(Files.exists(dir.resolve("home").resolve(BeliefMergeConfig.STATE_PATH))).isFalse();
        }
    }

    @Nested
    class RuntimeLayer_1_5 {

        @Test
        void item44_the_runtime_layer_is_sources_json_under_the_home_and_wins_over_the_config_layer() throws Exception {
            offline(Map.of("sources", List.of("configured-id")));
            Agent a = h.source("Our database engine is postgresql.");
            Agent me = h.agent(MAIN);
            CommandResult r = h.commands().run(me, "/merge status", List.of(), Signal.never()).orElseThrow();
            assertThat(((CommandResult.Success) r).text()).contains("(set by: config)");
            h.commands().run(me, "/merge " + a.id(), List.of(), Signal.never());
            Path file = dir.resolve("home").resolve(BeliefMergeConfig.STATE_PATH);
            JsonNode saved = JsJson.parse(Files.readString(file));
            assertThat(saved.path("version").asInt()).isEqualTo(1);
            assertThat(saved.path("sources").get(0).asText()).isEqualTo(a.id());
            r = h.commands().run(me, "/merge status", List.of(), Signal.never()).orElseThrow();
            assertThat(((CommandResult.Success) r).text()).contains("(set by: runtime)", a.id());
            h.commands().run(me, "/merge clear", List.of(), Signal.never());
            assertThat(JsJson.parse(Files.readString(file)).path("sources").isNull()).isTrue();
        }

        @Test
        void a_state_file_named_in_the_config_is_used_instead_of_the_home() throws Exception {
            Path file = dir.resolve("elsewhere/state.json");
            offline(Map.of("stateFile", file.toString()));
            Agent a = h.source("Our database engine is postgresql.");
            h.commands().run(h.agent(MAIN), "/merge " + a.id(), List.of(), Signal.never());
            assertThat(Files.readString(file)).contains(a.id());
        }
    }

    @Nested
    class ToolAndCommand_1_6_1_7 {

        @Test
        void item45_the_tool_is_registered_with_the_spec_schemas_and_its_result_is_the_message() {
            offline(Map.of());
            ToolDefinition tool = h.tools().get(MergeSessionsTool.NAME, null).orElseThrow();
            assertThat(tool.parameters().path("properties").path("action").path("enum")).extracting(JsonNode::asText)
                    .containsExactly("list", "status", "set", "add", "remove", "clear");
            assertThat(tool.parameters().path("required").get(0).asText()).isEqualTo("action");
            assertThat(tool.output().schema().path("required")).extracting(JsonNode::asText).containsExactly("ok", "message", "sources");
            JsonNode result = runTool(null, "{\"action\":\"list\"}");
            String shown = result.path("message").path("content").get(0).path("content").get(0).path("text").asText();
            assertThat(shown).startsWith("Candidate sessions (newest first)");
            assertThat(result.path("meta").isMissingNode() || result.path("meta").isObject()).isTrue();
        }

        @Test
        void item45_an_unknown_action_is_refused_by_the_schema_and_a_set_without_ids_changes_nothing() {
            offline(Map.of());
            JsonNode bad = runTool(null, "{\"action\":\"explode\"}");
            assertThat(bad.path("error").isMissingNode()).isFalse();
            JsonNode empty = runTool(null, "{\"action\":\"set\",\"sessions\":[]}");
            assertThat(empty.path("message").path("content").get(0).path("content").get(0).path("text").asText()).contains("No sessions named.");
            assertThat(h.commands().run(h.agent(MAIN), "/merge status", List.of(), Signal.never()).orElseThrow())
                    .isInstanceOfSatisfying(CommandResult.Success.class, s -> assertThat(s.text()).contains("(set by: config)"));
        }

        @Test
        void item48_the_command_and_the_tool_share_one_implementation_and_one_state() {
            offline(Map.of());
            Agent a = h.source("Our database engine is postgresql.");
            Agent me = h.agent(MAIN);
            JsonNode set = runTool(null, "{\"action\":\"set\",\"sessions\":[\"" + a.id().substring(0, 12) + "\"]}");
            assertThat(set.path("message").path("content").get(0).path("content").get(0).path("text").asText()).contains("Merging is now ON", a.id());
            CommandResult status = h.commands().run(me, "/merge status", List.of(), Signal.never()).orElseThrow();
            assertThat(status).isInstanceOfSatisfying(CommandResult.Success.class,
                    s -> assertThat(s.text()).contains("Merging is ON (set by: runtime)", a.id()));
            CommandResult wrong = h.commands().run(me, "/merge no-such-session", List.of(), Signal.never()).orElseThrow();
            assertThat(wrong).isInstanceOfSatisfying(CommandResult.Error.class,
                    e -> assertThat(e.text()).contains("Could not resolve", "no session matches \"no-such-session\"", "Available sessions:"));
            // command results are logged on the session, never sent to the model
            assertThat(me.session().events()).extracting(SessionEvent::type).contains(EventTypes.COMMAND_RUN, EventTypes.COMMAND_DONE);
        }

        @Test
        void item49_the_tool_and_command_exist_without_sources_and_the_current_session_is_never_merged_into_itself() {
            offline(Map.of());
            assertThat(h.tools().get(MergeSessionsTool.NAME, null)).isPresent();
            assertThat(h.commands().get(BeliefMergePlugin.COMMAND, null)).isPresent();
            ScriptedModel model = ScriptedModel.answering("first", "second");
            h.route(MAIN, model);
            Agent me = h.agent(MAIN);
            runTurn(me, "Our database engine is postgresql.");
            h.commands().run(me, "/merge " + me.id(), List.of(), Signal.never());
            runTurn(me, "again");
            assertThat(injected(me)).isEmpty();
            CommandResult status = h.commands().run(me, "/merge status", List.of(), Signal.never()).orElseThrow();
            assertThat(((CommandResult.Success) status).text()).contains("OFF");
        }
    }

    @Nested
    class HostileInput {

        @Test
        void a_corrupt_sources_json_under_the_home_falls_back_to_the_config_layer() throws Exception {
            Path file = dir.resolve("home").resolve(BeliefMergeConfig.STATE_PATH);
            Files.createDirectories(file.getParent());
            Files.write(file, new byte[] {'{', '"', 's', 0, (byte) 0xff, '['});
            offline(Map.of("sources", List.of("from-config")));
            CommandResult r = h.commands().run(h.agent(MAIN), "/merge status", List.of(), Signal.never()).orElseThrow();
            assertThat(((CommandResult.Success) r).text()).contains("Merging is ON (set by: config)", "from-config");
        }

        @Test
        void thousands_of_unknown_ids_through_the_tool_or_the_command_change_nothing_and_answer_once() {
            offline(Map.of());
            StringBuilder args = new StringBuilder("{\"action\":\"set\",\"sessions\":[");
            StringBuilder line = new StringBuilder("/merge add");
            for (int i = 0; i < 3000; i++) {
                String id = "x".repeat(40) + i;
                args.append(i == 0 ? "" : ",").append('"').append(id).append('"');
                line.append(' ').append(id);
            }
            JsonNode result = runTool(null, args.append("]}").toString());
            String shown = result.path("message").path("content").get(0).path("content").get(0).path("text").asText();
            assertThat(shown).startsWith("Could not resolve").contains("Available sessions:");
            CommandResult r = h.commands().run(h.agent(MAIN), line.toString(), List.of(), Signal.never()).orElseThrow();
            assertThat(r).isInstanceOf(CommandResult.Error.class);
            CommandResult status = h.commands().run(h.agent(MAIN), "/merge status", List.of(), Signal.never()).orElseThrow();
            assertThat(((CommandResult.Success) status).text()).contains("(set by: config)");
        }

        @Test
        void a_tool_call_with_arguments_of_the_wrong_shape_is_an_invalid_args_result() {
            offline(Map.of());
            JsonNode r = runTool(null, "{\"action\":\"set\",\"sessions\":\"not-a-list\",\"extra\":1}");
            assertThat(r.path("error").toString()).contains("INVALID_ARGS");
        }
    }

    @Nested
    class Hook_1_9 {

        @Test
        void item50_the_hook_is_outermost_calls_next_first_and_appends_after_what_later_listeners_added() {
            offline(Map.of());
            Agent a = h.source("Our database engine is postgresql.");
            h.root.events().on(AgentEvents.PRE_STEP, (p, next) -> {
                PreStepDecision d = next.proceed();
                if (!(d instanceof PreStepDecision.Enter e)) return d;
                List<Message.UserMessage> out = new ArrayList<>(e.messages());
                out.add(new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text("later listener")),
                        MessageSource.plugin("other-plugin")));
                return new PreStepDecision.Enter(out);
            });
            h.route(MAIN, ScriptedModel.answering("ok"));
            Agent me = h.agent(MAIN);
            h.commands().run(me, "/merge " + a.id(), List.of(), Signal.never());
            runTurn(me, "hi");
            assertThat(userMessages(me)).extracting(e -> e.data().path("source").path("kind").asText() + ":"
                    + e.data().path("source").path("plugin").asText("")).containsExactly("user:", "plugin:other-plugin", "plugin:belief-merge");
        }

        @Test
        void item50_a_rejected_step_is_returned_untouched_and_an_aborted_step_gets_nothing() {
            offline(Map.of());
            Agent a = h.source("Our database engine is postgresql.");
            h.root.events().on(AgentEvents.PRE_STEP, (p, next) -> new PreStepDecision.Reject());
            h.route(MAIN, ScriptedModel.answering("never"));
            Agent me = h.agent(MAIN);
            h.commands().run(me, "/merge " + a.id(), List.of(), Signal.never());
            runTurn(me, "hi");
            assertThat(injected(me)).isEmpty();
            assertThat(me.session().events()).extracting(SessionEvent::type).doesNotContain(EventTypes.STEP_START);

            BeliefMergePlugin plugin = new BeliefMergePlugin(h.plugin.context(), config(Map.of("useLlmAlignment", false)));
            PreStepDecision enter = new PreStepDecision.Enter(List.of(LiveHarness.user("x")));
            assertThat(plugin.inject(new AgentEvents.PreStepPayload(me, List.of(), 1, 1, Signal.aborted("stop")), enter)).isSameAs(enter);
        }

        @Test
        void item51_sources_come_from_the_session_query_service_and_their_own_belief_merge_blocks_are_left_out() {
            offline(Map.of());
            Agent y = h.source("The secret project codename is bluebird.");
            h.route(MAIN, ScriptedModel.answering("x ok"));
            Agent x = h.agent(MAIN);
            h.commands().run(x, "/merge " + y.id(), List.of(), Signal.never());
            runTurn(x, "Our database engine is postgresql.");
            assertThat(injected(x)).singleElement().satisfies(e -> assertThat(e.data().toString()).contains("bluebird"));

            String route = "z-" + UUID.randomUUID();
            h.route(route, ScriptedModel.answering("z ok"));
            Agent z = h.agent(route);
            h.commands().run(z, "/merge " + x.id(), List.of(), Signal.never());
            runTurn(z, "hi");
            String block = injected(z).getFirst().data().path("content").get(0).path("text").asText();
            assertThat(block).contains("postgresql").doesNotContain("bluebird");
        }
    }

    @Nested
    class SemanticStage_beyond_the_original {

        @Test
        void with_semantic_alignment_on_paraphrases_of_two_sources_share_a_slot_and_the_vectors_are_cached_under_the_home() throws IOException {
            offline(Map.of("semanticAlignment", true));
            Agent a = h.source("We use PostgreSQL as our database.");
            Agent b = h.source("Our database is PostgreSQL.");
            h.route(MAIN, ScriptedModel.answering("one", "two"));
            Agent me = h.agent(MAIN);
            h.commands().run(me, "/merge " + a.id() + " " + b.id(), List.of(), Signal.never());
            runTurn(me, "secrets?");
            String block = injected(me).getFirst().data().path("content").get(0).path("text").asText();
            assertThat(block).contains("`our database is postgresql` = **assert**", "2 sources")
                    .doesNotContain("`we use postgresql as our database`");
            Path cache = dir.resolve("home").resolve(BeliefMergeConfig.EMBEDDING_CACHE_PATH).resolve("all-minilm-l6-v2-q.bin");
            assertThat(cache).isRegularFile();
            long size = Files.size(cache);
            int misses = SemanticStage.embedder(dir.resolve("home"), w -> { }).misses();
            runTurn(me, "secrets again?");                       // the re-merge embeds nothing new
            assertThat(SemanticStage.embedder(dir.resolve("home"), w -> { }).misses()).isEqualTo(misses);
            assertThat(Files.size(cache)).isEqualTo(size);
            assertThat(io.dsh4j.beliefmerge.embedding.MiniLm.loads()).isEqualTo(1);
        }
    }

    @Nested
    class Degradation_2_0 {

        @Test
        void item53_an_unreadable_source_warns_with_the_query_code_and_the_others_are_merged() {
            offline(Map.of());
            Agent a = h.source("Our database engine is postgresql.");
            List<String> warnings = new ArrayList<>();
            LiveMerge merge = new LiveMerge(config(Map.of("useLlmAlignment", false)), h.root.get(io.dsh4j.sessionquery.SessionQuery.KEY).orElseThrow(),
                    warnings::add, s -> { });
            var step = new io.dsh4j.beliefmerge.core.Injection.Step(false, false, 1, List.of(LiveHarness.user("db?")), "me");
            var out = merge.plan(step, List.of("gone-session", a.id()), null, Signal.never());
            assertThat(out).isInstanceOf(io.dsh4j.beliefmerge.core.Injection.Append.class);
            assertThat(warnings).singleElement().asString()
                    .contains("cannot read session gone-session", "SESSION_QUERY_SESSION_NOT_FOUND");
            warnings.clear();
            var none = merge.plan(step, List.of("gone-session", "also-gone"), null, Signal.never());
            assertThat(none).isInstanceOfSatisfying(io.dsh4j.beliefmerge.core.Injection.Unchanged.class,
                    u -> assertThat(u.reason()).isEqualTo("no-readable-source"));
            assertThat(warnings).hasSize(2);
        }

        @Test
        void item53_a_corrupt_persisted_source_is_skipped_with_the_query_services_code_and_a_good_one_is_merged() throws Exception {
            Path root = dir.resolve("sessions");
            h = new LiveHarness(root).mount(dir, Map.of("useLlmAlignment", false));
            String good = "11111111-2222-3333-4444-555555555555";
            String bad = "99999999-2222-3333-4444-555555555555";
            io.dsh4j.testkit.SessionLogBuilder.session(good, "/w")
                    .turn(1, t -> t.user("Our database engine is postgresql.").assistant("Noted."))
                    .writeZstd(io.dsh4j.session.SessionLayout.logPath(root, "/w", good, io.dsh4j.session.LogEncoding.ZSTD), 2);
            Path badLog = io.dsh4j.session.SessionLayout.logPath(root, "/w", bad, io.dsh4j.session.LogEncoding.ZSTD);
            io.dsh4j.testkit.SessionLogBuilder.session(bad, "/w")
                    .turn(1, t -> t.user("The cache backend is redis.").assistant("Noted."))
                    .rawLine("{\"type\":\"user/message\",\"seq\":\"garbage")
                    .turn(2, t -> t.user("more"))
                    .writeZstd(badLog, 2);
            List<String> warnings = new ArrayList<>();
            LiveMerge merge = new LiveMerge(config(Map.of("useLlmAlignment", false)),
                    h.root.get(io.dsh4j.sessionquery.SessionQuery.KEY).orElseThrow(), warnings::add, s -> { });
            var step = new io.dsh4j.beliefmerge.core.Injection.Step(false, false, 1, List.of(LiveHarness.user("db?")), "me");
            var out = merge.plan(step, List.of(bad, good), null, Signal.never());
            assertThat(out).as(warnings.toString()).isInstanceOfSatisfying(io.dsh4j.beliefmerge.core.Injection.Append.class,
                    a -> assertThat(a.rendered().text()).contains("postgresql").doesNotContain("redis"));
            assertThat(warnings).singleElement().asString().contains("cannot read session " + bad, "SESSION_QUERY_");
        }

        @Test
        void item54_two_identical_turns_inject_byte_identical_blocks() {
            offline(Map.of());
            Agent a = h.source("Our database engine is postgresql.");
            Agent b = h.source("Our cache backend is redis.");
            h.route(MAIN, ScriptedModel.answering("one", "two"));
            Agent me = h.agent(MAIN);
            h.commands().run(me, "/merge " + a.id() + " " + b.id(), List.of(), Signal.never());
            runTurn(me, "same question");
            runTurn(me, "same question");
            List<SessionEvent> blocks = injected(me);
            assertThat(blocks).hasSize(2);
            assertThat(blocks.get(1).data().path("content").toString()).isEqualTo(blocks.get(0).data().path("content").toString());
        }

        @Test
        void item54_a_budget_that_holds_nothing_injects_nothing() {
            offline(Map.of("budgetTokens", 40));
            Agent a = h.source("Our database engine is postgresql.");
            h.route(MAIN, ScriptedModel.answering("one"));
            Agent me = h.agent(MAIN);
            h.commands().run(me, "/merge " + a.id(), List.of(), Signal.never());
            runTurn(me, "hi");
            assertThat(injected(me)).isEmpty();
        }
    }
}
