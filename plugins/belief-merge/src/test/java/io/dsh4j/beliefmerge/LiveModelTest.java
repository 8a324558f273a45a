package io.dsh4j.beliefmerge;

import static io.dsh4j.beliefmerge.LiveHarness.ALIGN;
import static io.dsh4j.beliefmerge.LiveHarness.MAIN;
import static io.dsh4j.beliefmerge.LiveHarness.injected;
import static io.dsh4j.beliefmerge.LiveHarness.runTurn;
import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentEvents;
import io.dsh4j.agent.LlmCallConfig;
import io.dsh4j.beliefmerge.core.Alignment;
import io.dsh4j.beliefmerge.core.Injection;
import io.dsh4j.kernel.Signal;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.sessionquery.SessionQuery;
import io.dsh4j.testkit.ScriptedModel;
import io.dsh4j.testkit.ScriptedModel.Script;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin's model side through the harness's model routes (spec belief-merge §1.10, §2.0, §4; §14
 * items 14, 20–25 and 52 on the host): the call's route and options, alignment and adjudication with
 * the order-bias check, and every rung of the degradation ladder down to the offline heuristic.
 */
class LiveModelTest {

    @TempDir
    Path dir;

    LiveHarness h;
    Agent a;
    Agent b;

    @AfterEach
    void close() {
        if (h != null) h.close();
    }

    BeliefMergeConfig config(Map<String, Object> extra) {
        Map<String, Object> c = new HashMap<>(extra);
        c.putIfAbsent("home", dir.resolve("home").toString());
        return BeliefMergeConfig.SCHEMA.resolve(JsJson.mapper().valueToTree(c));
    }

    void boot(Map<String, Object> config) {
        h = new LiveHarness(null).mount(dir, config);
        a = h.source("We switched the database to PostgreSQL.");
        b = h.source("I guess the database might be MySQL.");
    }

    String alignment(String bValue, int bEvidence) {
        return """
                {"slots":[{"key":"database.engine","type":"Fact","opinions":[
                  {"source":"%s","value":"postgresql","evidence":4,"quote":"We switched the database to PostgreSQL."},
                  {"source":"%s","value":"%s","evidence":%d,"quote":"I guess the database might be MySQL."}]}]}"""
                .formatted(a.id(), b.id(), bValue, bEvidence);
    }

    static String resolution(String key, String value) {
        return "{\"resolutions\":[{\"key\":\"" + key + "\",\"outcome\":\"choose\",\"value\":\"" + value
                + "\",\"premises\":[],\"rationale\":\"the quote says so\"}]}";
    }

    Agent merging(ScriptedModel main) {
        h.route(MAIN, main);
        Agent me = h.agent(MAIN);
        h.commands().run(me, "/merge " + a.id() + " " + b.id(), List.of(), Signal.never());
        return me;
    }

    String block(Agent me) {
        return injected(me).getFirst().data().path("content").get(0).path("text").asText();
    }

    @Nested
    class Bridge_1_10 {

        @Test
        void item52_the_call_uses_the_configured_route_purpose_effort_off_temperature_0_and_the_session() {
            boot(Map.of("alignmentProvider", ALIGN, "alignmentModel", "am"));
            ScriptedModel align = ScriptedModel.of(Script.text(alignment("postgresql", 2)));
            h.route(ALIGN, align);
            Agent me = merging(ScriptedModel.answering("fine"));
            runTurn(me, "Which database?");
            ModelCall call = align.calls().getFirst();
            assertThat(call.provider()).isEqualTo(ALIGN);
            assertThat(call.model()).isEqualTo("am");
            assertThat(call.purpose()).isEqualTo(ModelCall.Purpose.BELIEF_MERGE_ALIGNMENT);
            assertThat(call.purpose().wire()).isEqualTo("belief-merge-alignment");
            assertThat(call.reasoningEffort()).isEqualTo("off");
            assertThat(call.temperature()).isEqualTo(0.0);
            assertThat(call.maxTokens()).isEqualTo(4000L);
            assertThat(call.sessionId()).isEqualTo(me.id());
            assertThat(call.system()).isNull();
            Message.UserMessage prompt = (Message.UserMessage) call.messages().getFirst();
            assertThat(prompt.source()).isInstanceOfSatisfying(MessageSource.Plugin.class, p -> assertThat(p.plugin()).isEqualTo("belief-merge"));
            String text = ((ContentBlock.Text) prompt.content().getFirst()).text();
            assertThat(text).startsWith(Alignment.SYSTEM_PROMPT).contains("ALIGN BY MEANING", "\n\n---\n\n",
                    "### branch id: " + a.id(), "### branch id: " + b.id(), "[user] We switched the database to PostgreSQL.");
            assertThat(block(me)).contains("`database.engine` = **postgresql**", "2 sources");
        }

        @Test
        void item52_without_a_configured_route_the_last_request_header_wins_over_the_agent_options() {
            boot(Map.of("adjudicate", false));
            ScriptedModel main = ScriptedModel.of(Script.text(alignment("mysql", 1)), Script.text("first"), Script.text("second"));
            ScriptedModel other = ScriptedModel.of(Script.text(alignment("mysql", 1)));
            h.route("other", other);
            Agent me = merging(main);
            runTurn(me, "one");                   // no request/header yet: the agent options' route (main)
            h.root.events().on(AgentEvents.REQUEST, (p, next) -> {
                LlmCallConfig c = next.proceed();
                return c.withRoute("other-step", "m2");
            });
            h.route("other-step", ScriptedModel.answering("from other-step"));
            runTurn(me, "two");                   // turn 2's alignment still sees turn 1's header (main)
            assertThat(main.calls()).extracting(ModelCall::purpose)
                    .containsExactly(ModelCall.Purpose.BELIEF_MERGE_ALIGNMENT, null, ModelCall.Purpose.BELIEF_MERGE_ALIGNMENT);
            h.route("other-step-2", ScriptedModel.answering("x"));
            assertThat(AgentTextModel.requestHeaderRoute(me.session().events()).provider()).isEqualTo("other-step");
            assertThat(new AgentTextModel(h.llm(), config(Map.of()), me, null).route().orElseThrow().provider()).isEqualTo("other-step");
            assertThat(other.calls()).isEmpty();
        }
    }

    @Nested
    class Adjudication_2_5 {

        @Test
        void items20_21_a_tie_costs_a_forward_and_a_reversed_call_and_an_agreeing_answer_breaks_it() {
            boot(Map.of());
            ScriptedModel main = ScriptedModel.of(Script.text(alignment("mysql", 4)),
                    Script.text(resolution("database.engine", "postgresql")),
                    Script.text(resolution("database.engine", "PostgreSQL")), Script.text("fine"));
            Agent me = merging(main);
            runTurn(me, "db?");
            List<ModelCall> calls = main.calls();
            assertThat(calls).hasSize(4);
            String forward = ((ContentBlock.Text) ((Message.UserMessage) calls.get(1).messages().getFirst()).content().getFirst()).text();
            String backward = ((ContentBlock.Text) ((Message.UserMessage) calls.get(2).messages().getFirst()).content().getFirst()).text();
            assertThat(forward).contains("1 conflict(s) to resolve", "option id=\"c0.o0\" value=\"mysql\"");
            assertThat(backward).contains("option id=\"c0.o0\" value=\"postgresql\"");
            assertThat(block(me)).contains("**postgresql**", "tie broken by adjudication");
        }

        @Test
        void item23_a_flip_between_the_two_orders_leaves_the_tie_standing() {
            boot(Map.of());
            ScriptedModel main = ScriptedModel.of(Script.text(alignment("mysql", 4)),
                    Script.text(resolution("database.engine", "postgresql")),
                    Script.text(resolution("database.engine", "mysql")), Script.text("fine"));
            Agent me = merging(main);
            runTurn(me, "db?");
            assertThat(block(me)).contains("**DISPUTED** `database.engine`");
        }

        @Test
        void item21_without_the_symmetry_check_one_call_is_made() {
            boot(Map.of("symmetryCheck", false));
            ScriptedModel main = ScriptedModel.of(Script.text(alignment("mysql", 4)),
                    Script.text(resolution("database.engine", "postgresql")), Script.text("fine"));
            Agent me = merging(main);
            runTurn(me, "db?");
            assertThat(main.calls()).hasSize(3);
            assertThat(block(me)).contains("tie broken by adjudication");
        }

        @Test
        void item25_a_failing_adjudicator_leaves_the_tie_disputed_and_the_turn_goes_on() {
            boot(Map.of());
            ScriptedModel main = ScriptedModel.of(Script.text(alignment("mysql", 4)),
                    Script.failure("SERVER", "adjudicator down"), Script.text("fine"));
            Agent me = merging(main);
            runTurn(me, "db?");
            assertThat(block(me)).contains("**DISPUTED** `database.engine`");
            assertThat(me.session().events().stream().filter(e -> e.type().equals("assistant/message")).count()).isEqualTo(1);
        }
    }

    @Nested
    class Ladder_2_0 {

        record Rung(String name, ScriptedModel.Script script) {}

        @Test
        void item14_every_model_failure_gives_exactly_one_heuristic_fallback_warning_and_the_heuristic_block() {
            boot(Map.of());
            SessionQuery query = h.root.get(SessionQuery.KEY).orElseThrow();
            List<Rung> rungs = List.of(
                    new Rung("throw", Script.throwing(new IllegalStateException("adapter exploded"))),
                    new Rung("error", Script.failure("SERVER", "boom")),
                    new Rung("max-tokens", Script.builder().text("{\"slots\":[").finish(new FinishReason.MaxTokens()).build()),
                    new Rung("no-json", Script.text("I cannot do that.")),
                    new Rung("no-slots", Script.text("{\"answer\": 1}")),
                    new Rung("unknown-sources", Script.text("{\"slots\":[{\"key\":\"x\",\"opinions\":[{\"source\":\"ghost\",\"value\":\"y\"}]}]}")),
                    new Rung("reasoning-ate-budget", Script.builder().reasoning("thinking...").finish(new FinishReason.MaxTokens()).build()));
            String heuristic = null;
            for (Rung rung : rungs) {
                String route = "r-" + rung.name();
                h.route(route, ScriptedModel.of(rung.script(), rung.script(), rung.script()));
                List<String> warnings = new ArrayList<>();
                BeliefMergeConfig c = config(Map.of("alignmentProvider", route, "alignmentModel", "m"));
                LiveMerge merge = new LiveMerge(c, query, warnings::add, s -> { });
                Injection.Outcome out = merge.plan(step(), List.of(a.id(), b.id()), new AgentTextModel(h.llm(), c, null, null), Signal.never());
                assertThat(out).as(rung.name()).isInstanceOfSatisfying(Injection.Append.class,
                        ap -> assertThat(ap.merged().mode()).isEqualTo("heuristic"));
                assertThat(warnings.stream().filter(w -> w.contains("heuristic fallback")).toList()).as(rung.name()).hasSize(1);
                String text = ((Injection.Append) out).rendered().text();
                if (heuristic == null) heuristic = text;
                assertThat(text).as(rung.name()).isEqualTo(heuristic);
            }
        }

        @Test
        void item14_no_route_and_no_model_service_fall_back_like_any_failure() {
            boot(Map.of());
            SessionQuery query = h.root.get(SessionQuery.KEY).orElseThrow();
            List<String> warnings = new ArrayList<>();
            BeliefMergeConfig c = config(Map.of());
            LiveMerge merge = new LiveMerge(c, query, warnings::add, s -> { });
            merge.plan(step(), List.of(a.id(), b.id()), new AgentTextModel(h.llm(), c, null, null), Signal.never());
            merge.plan(step(), List.of(a.id(), b.id()), new AgentTextModel(null, c, null, null), Signal.never());
            assertThat(warnings).filteredOn(w -> w.contains("heuristic fallback")).hasSize(2)
                    .anySatisfy(w -> assertThat(w).contains(AgentTextModel.NO_ROUTE))
                    .anySatisfy(w -> assertThat(w).contains("no model service"));
        }

        @Test
        void the_reasoning_evidence_tells_an_empty_answer_from_malformed_json() {
            boot(Map.of());
            h.route("trunc", ScriptedModel.of(Script.builder().reasoning("").finish(new FinishReason.MaxTokens()).build()));
            BeliefMergeConfig c = config(Map.of("alignmentProvider", "trunc", "alignmentModel", "m"));
            var reply = new AgentTextModel(h.llm(), c, null, null).complete("s", "u", 10, () -> false);
            assertThat(reply).isInstanceOfSatisfying(io.dsh4j.beliefmerge.core.ModelReply.Failure.class, f -> {
                assertThat(f.message()).contains("truncated at the token cap", "[assembled 0 chars, finish=max-tokens]");
                assertThat(f.code()).isEqualTo("MAX_TOKENS");
            });
        }

        @Test
        void a_hostile_endless_answer_is_cut_at_the_cap_as_a_failure() {
            boot(Map.of());
            h.route("flood", (call, cancel, sink) -> {
                String chunk = "x".repeat(64 * 1024);
                for (int i = 0; i < 1000; i++) sink.accept(new StreamChunk.TextDelta(0, chunk));
                sink.accept(new StreamChunk.Finish(new FinishReason.Stop(), null));
            });
            BeliefMergeConfig c = config(Map.of("alignmentProvider", "flood", "alignmentModel", "m"));
            var reply = new AgentTextModel(h.llm(), c, null, null).complete("s", "u", 10, () -> false);
            assertThat(reply).isInstanceOfSatisfying(io.dsh4j.beliefmerge.core.ModelReply.Failure.class,
                    f -> assertThat(f.message()).contains("exceeds"));
        }

        @Test
        void use_llm_alignment_off_makes_no_model_call_at_all() {
            boot(Map.of("useLlmAlignment", false));
            ScriptedModel main = ScriptedModel.answering("fine");
            Agent me = merging(main);
            runTurn(me, "db?");
            assertThat(main.calls()).hasSize(1);
            assertThat(main.calls().getFirst().purpose()).isNull();
            assertThat(injected(me)).hasSize(1);
        }

        Injection.Step step() {
            return new Injection.Step(false, false, 1, List.of(LiveHarness.user("Which database?")), "me");
        }
    }
}
