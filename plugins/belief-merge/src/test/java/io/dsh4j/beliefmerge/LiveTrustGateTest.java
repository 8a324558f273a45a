package io.dsh4j.beliefmerge;

import static io.dsh4j.beliefmerge.LiveHarness.MAIN;
import static io.dsh4j.beliefmerge.LiveHarness.injected;
import static io.dsh4j.beliefmerge.LiveHarness.runTurn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.agent.Agent;
import io.dsh4j.beliefmerge.core.Trust;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.testkit.ScriptedModel;
import io.dsh4j.testkit.ScriptedModel.Script;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fail-closed trust gate on the host (spec belief-merge §8.3, §14 item 33): with per-session trust
 * ({@code sourceTrustBySession}) a model-aligned merge can present a claim above its derivation
 * ceiling — a decision of an EXTERNAL session concluded from a slot only an UNTRUSTED session asserts.
 * The real agent loop then gets no injected {@code user/message} at step 1 and the plugin warns,
 * naming the slot and the rule; the same merge within the ceiling is injected.
 */
class LiveTrustGateTest {

    @TempDir
    Path dir;

    LiveHarness h;
    Agent premise;
    Agent conclusion;

    @AfterEach
    void close() {
        if (h != null) h.close();
    }

    /** Sources first (their ids go into the config), then the plugin. */
    void boot(Map<String, String> trustBySource) {
        h = new LiveHarness(null);
        premise = h.source("EU latency is too slow for our users.");
        conclusion = h.source("So we move the database to Frankfurt.");
        Map<String, Object> c = new HashMap<>();
        c.put("debug", true);
        Map<String, String> byId = new HashMap<>();
        trustBySource.forEach((who, level) -> byId.put(who.equals("premise") ? premise.id() : conclusion.id(), level));
        c.put("sourceTrustBySession", byId);
        h.mount(dir, c);
    }

    /** The alignment: the decision of the conclusion's session is derived from the premise session's slot. */
    String alignment() {
        return """
                {"slots":[
                  {"key":"latency.eu_too_slow","type":"Fact","opinions":[
                    {"source":"%s","value":"yes","evidence":4,"quote":"EU latency is too slow for our users."}]},
                  {"key":"database.region","type":"Decision","derivedFrom":["latency.eu_too_slow"],"opinions":[
                    {"source":"%s","value":"frankfurt","evidence":4,"quote":"So we move the database to Frankfurt."}]}]}"""
                .formatted(premise.id(), conclusion.id());
    }

    /** Runs one turn of a merging agent over both sources, returning what the plugin wrote to stderr. */
    String turn(Agent me) {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            runTurn(me, "Where does the database go?");
        } finally {
            System.setErr(saved);
        }
        return err.toString(StandardCharsets.UTF_8);
    }

    Agent merging(ScriptedModel main) {
        h.route(MAIN, main);
        Agent me = h.agent(MAIN);
        h.commands().run(me, "/merge " + premise.id() + " " + conclusion.id(), List.of(), Signal.never());
        return me;
    }

    /** Whether the step-1 request the main model saw carried a belief-merge message. */
    static boolean stepOneSawTheBlock(ScriptedModel main) {
        List<Message> messages = main.calls().getLast().messages();
        return messages.stream().anyMatch(m -> m instanceof Message.UserMessage u
                && u.source() instanceof MessageSource.Plugin p && "belief-merge".equals(p.plugin()));
    }

    @Nested
    class FailClosed_8_3 {

        @Test
        void item33_a_claim_derived_above_its_ceiling_injects_nothing_at_step_1_and_warns_naming_the_violation() {
            boot(Map.of("premise", "untrusted"));
            ScriptedModel main = ScriptedModel.of(Script.text(alignment()), Script.text("fine"));
            Agent me = merging(main);
            String stderr = turn(me);
            assertThat(injected(me)).isEmpty();
            assertThat(main.calls()).hasSize(2);
            assertThat(stepOneSawTheBlock(main)).isFalse();
            assertThat(stderr).contains("refusing to inject -- 1 trust invariant violation(s): database.region/derivation-ceiling");
            assertThat(me.session().events().stream().filter(e -> e.type().equals("assistant/message")).count()).isEqualTo(1);
        }

        @Test
        void item33_the_same_derivation_within_its_ceiling_is_injected_at_step_1() {
            boot(Map.of());
            ScriptedModel main = ScriptedModel.of(Script.text(alignment()), Script.text("fine"));
            Agent me = merging(main);
            String stderr = turn(me);
            assertThat(stderr).doesNotContain("refusing to inject");
            assertThat(injected(me)).hasSize(1);
            assertThat(stepOneSawTheBlock(main)).isTrue();
            String block = injected(me).getFirst().data().path("content").get(0).path("text").asText();
            assertThat(block).contains("`database.region`", "derived from: latency.eu_too_slow", "EXTERNAL BACKGROUND");
        }

        @Test
        void item33_a_conclusion_no_more_trusted_than_its_premise_passes_the_gate_and_is_marked_untrusted() {
            boot(Map.of("premise", "untrusted", "conclusion", "untrusted"));
            ScriptedModel main = ScriptedModel.of(Script.text(alignment()), Script.text("fine"));
            Agent me = merging(main);
            String stderr = turn(me);
            assertThat(stderr).doesNotContain("refusing to inject");
            assertThat(injected(me)).hasSize(1);
            String block = injected(me).getFirst().data().path("content").get(0).path("text").asText();
            assertThat(block).contains("UNTRUSTED BACKGROUND", "untrusted origin");
        }
    }

    @Nested
    class Config_1_4 {

        static BeliefMergeConfig resolve(Object trustBySession) {
            return BeliefMergeConfig.SCHEMA.resolve(JsJson.mapper().valueToTree(Map.of("sourceTrustBySession", trustBySession)));
        }

        @Test
        void per_session_trust_overrides_source_trust_only_for_the_sessions_it_names() {
            BeliefMergeConfig c = resolve(Map.of("s-1", "untrusted", "s-2", "trusted"));
            assertThat(c.settings().trustOf("s-1")).isEqualTo(Trust.UNTRUSTED);
            assertThat(c.settings().trustOf("s-2")).isEqualTo(Trust.TRUSTED);
            assertThat(c.settings().trustOf("s-3")).isEqualTo(Trust.EXTERNAL);
            assertThat(BeliefMergeConfig.defaults().sourceTrustBySession()).isEmpty();
        }

        @Test
        void an_unknown_level_a_non_object_and_a_blank_session_id_fail_the_load_naming_the_key() {
            assertThatThrownBy(() -> resolve(Map.of("s-1", "root"))).hasMessageContaining("sourceTrustBySession");
            assertThatThrownBy(() -> resolve(List.of("s-1"))).hasMessageContaining("sourceTrustBySession");
            assertThatThrownBy(() -> resolve(Map.of("s-1", 2))).hasMessageContaining("sourceTrustBySession");
            assertThatThrownBy(() -> resolve(Map.of(" ", "trusted")))
                    .hasMessageContaining("`sourceTrustBySession` names a blank session id");
        }
    }
}
