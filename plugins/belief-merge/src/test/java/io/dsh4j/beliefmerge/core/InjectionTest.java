package io.dsh4j.beliefmerge.core;

import static io.dsh4j.beliefmerge.core.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.StreamChunk;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Spec §1.9–1.10 host-free (checklist items 50, 52–54; tests §10.10). */
class InjectionTest {

    static final Map<String, List<SourceMessage>> SESSIONS = Map.of(
            "branch-a", List.of(user("We switched the database to PostgreSQL.")),
            "branch-b", List.of(user("The cache TTL is sixty seconds.")),
            "system-only", List.of());

    static final Injection.SurfaceReader READER = id -> {
        List<SourceMessage> m = SESSIONS.get(id);
        if (m == null) throw new IllegalStateException("session not found: " + id);
        return m;
    };

    static Message userMessage(String text) {
        return new Message.UserMessage("u", List.of(new ContentBlock.Text(text)), new MessageSource.User(null, null, JsonNodeFactory.instance.objectNode()));
    }

    static Message pluginMessage(String text) {
        return Injection.message(text);
    }

    static Injection.Step step(int n, List<Message> messages) {
        return new Injection.Step(false, false, n, messages, "current");
    }

    static Injection.Outcome plan(Injection.Step s, List<String> sources, Injection.Settings settings, List<String> warnings) {
        return Injection.plan(s, settings, sources, READER, null, CancelSignal.NEVER, warnings::add);
    }

    @Test
    void an_injection_appends_one_plugin_sourced_snapshot_message() {
        Injection.Outcome o = plan(step(1, List.of(userMessage("hello"))), List.of("branch-a"), Injection.Settings.defaults(), new ArrayList<>());
        Injection.Append a = (Injection.Append) o;
        Message.UserMessage m = (Message.UserMessage) a.message();
        assertThat(m.role()).isEqualTo("user");
        MessageSource.Plugin src = (MessageSource.Plugin) m.source();
        assertThat(src.plugin()).isEqualTo("belief-merge");
        assertThat(src.form()).isEqualTo("snapshot");
        assertThat(src.sections()).singleElement().satisfies(s -> {
            assertThat(s.name()).isEqualTo("belief-merge");
            assertThat(s.text()).isEqualTo(a.rendered().text());
        });
        assertThat(((ContentBlock.Text) m.content().getFirst()).text()).contains("postgresql").contains("Merged context");
    }

    @Test
    void rejected_aborted_and_later_steps_are_left_untouched() {
        List<String> w = new ArrayList<>();
        assertThat(Injection.plan(new Injection.Step(true, false, 1, List.of(), "c"), Injection.Settings.defaults(), List.of("branch-a"), READER,
                null, CancelSignal.NEVER, w::add)).isEqualTo(new Injection.Unchanged("rejected"));
        assertThat(Injection.plan(new Injection.Step(false, true, 1, List.of(), "c"), Injection.Settings.defaults(), List.of("branch-a"), READER,
                null, CancelSignal.NEVER, w::add)).isEqualTo(new Injection.Unchanged("aborted"));
        assertThat(plan(step(2, List.of()), List.of("branch-a"), Injection.Settings.defaults(), w)).isEqualTo(new Injection.Unchanged("not-first-step"));
        assertThat(w).isEmpty();
    }

    @Test
    void the_current_session_is_never_merged_into_itself() {
        assertThat(plan(new Injection.Step(false, false, 1, List.of(), "branch-a"), List.of("branch-a"), Injection.Settings.defaults(), new ArrayList<>()))
                .isEqualTo(new Injection.Unchanged("no-sources"));
    }

    @Test
    void one_unreadable_source_warns_once_and_the_others_are_merged_and_all_unreadable_injects_nothing() {
        List<String> w = new ArrayList<>();
        Injection.Outcome o = plan(step(1, List.of()), List.of("gone", "branch-a"), Injection.Settings.defaults(), w);
        assertThat(o).isInstanceOf(Injection.Append.class);
        assertThat(w).singleElement().asString().contains("cannot read session gone");
        List<String> w2 = new ArrayList<>();
        assertThat(plan(step(1, List.of()), List.of("gone", "also-gone"), Injection.Settings.defaults(), w2))
                .isEqualTo(new Injection.Unchanged("no-readable-source"));
        assertThat(w2).hasSize(2);
    }

    @Test
    void nothing_is_injected_for_an_empty_merge_or_a_budget_that_holds_nothing() {
        assertThat(plan(step(1, List.of()), List.of("system-only"), Injection.Settings.defaults(), new ArrayList<>()))
                .isEqualTo(new Injection.Unchanged("nothing-to-inject"));
        Injection.Settings tiny = new Injection.Settings(MergeOptions.defaults(), Renderer.Options.defaults().withBudget(40), Trust.EXTERNAL, true, true);
        assertThat(plan(step(1, List.of()), List.of("branch-a"), tiny, new ArrayList<>())).isEqualTo(new Injection.Unchanged("nothing-to-inject"));
    }

    @Test
    void two_identical_runs_inject_byte_identical_text() {
        Injection.Append a = (Injection.Append) plan(step(1, List.of(userMessage("which database?"))), List.of("branch-a", "branch-b"),
                Injection.Settings.defaults(), new ArrayList<>());
        Injection.Append b = (Injection.Append) plan(step(1, List.of(userMessage("which database?"))), List.of("branch-a", "branch-b"),
                Injection.Settings.defaults(), new ArrayList<>());
        assertThat(a.rendered().text()).isEqualTo(b.rendered().text());
    }

    @Test
    void source_trust_drives_the_banner() {
        for (Trust t : Trust.values()) {
            Injection.Settings s = new Injection.Settings(MergeOptions.defaults(), Renderer.Options.defaults(), t, true, true);
            String text = ((Injection.Append) plan(step(1, List.of()), List.of("branch-a"), s, new ArrayList<>())).rendered().text();
            if (t == Trust.TRUSTED) assertThat(text).doesNotContain("BACKGROUND");
            else assertThat(text).contains(t.label().toUpperCase(java.util.Locale.ROOT) + " BACKGROUND");
        }
    }

    @Test
    void the_latest_user_text_skips_blank_non_text_and_q13_plugin_injected_messages() {
        List<Message> ms = List.of(userMessage("first question"), userMessage("the real question"),
                new Message.UserMessage("x", List.of(new ContentBlock.Text("  ")), new MessageSource.User(null, null, JsonNodeFactory.instance.objectNode())),
                pluginMessage("another plugin's injected text"));
        assertThat(Injection.latestUserText(ms)).isEqualTo("the real question");
        assertThat(Injection.latestUserText(List.of())).isNull();
        assertThat(Injection.latestUserText(null)).isNull();
        assertThat(Injection.latestUserText(List.of(pluginMessage("only injected")))).isNull();
    }

    // --- the model bridge ---

    @Test
    void the_route_is_explicit_then_request_header_then_agent_options() {
        ModelBridge.Route header = new ModelBridge.Route("deepseek", "flash");
        ModelBridge.Route options = new ModelBridge.Route("other", "model");
        assertThat(ModelBridge.route("p", "m", header, options)).contains(new ModelBridge.Route("p", "m"));
        assertThat(ModelBridge.route("p", "", header, options)).contains(header);
        assertThat(ModelBridge.route(null, null, null, options)).contains(options);
        assertThat(ModelBridge.route(null, null, null, null)).isEmpty();
        assertThat(ModelBridge.userText("SYS", "PROMPT")).isEqualTo("SYS\n\n---\n\nPROMPT");
    }

    @Test
    void a_stream_assembles_text_falls_back_to_reasoning_and_maps_every_finish() {
        List<StreamChunk> ok = List.of(new StreamChunk.BlockEnd(0, new ContentBlock.Reasoning("thinking")),
                new StreamChunk.TextDelta(1, "{\"slots\""), new StreamChunk.TextDelta(1, ":[]}"), new StreamChunk.Finish(new FinishReason.Stop(), null));
        assertThat(ModelBridge.assemble(ok)).isEqualTo(new ModelReply.Text("{\"slots\":[]}"));
        List<StreamChunk> reasoningOnly = List.of(new StreamChunk.BlockEnd(0, new ContentBlock.Reasoning("{\"a\":1}")),
                new StreamChunk.Finish(new FinishReason.Stop(), null));
        assertThat(ModelBridge.assemble(reasoningOnly)).isEqualTo(new ModelReply.Text("{\"a\":1}"));
        ModelReply.Failure max = (ModelReply.Failure) ModelBridge.assemble(List.of(new StreamChunk.Finish(new FinishReason.MaxTokens(), null)));
        assertThat(max.code()).isEqualTo("MAX_TOKENS");
        assertThat(max.message()).isEqualTo(ModelBridge.TRUNCATED + " [assembled 0 chars, finish=max-tokens]");
        ModelReply.Failure none = (ModelReply.Failure) ModelBridge.assemble(List.of(new StreamChunk.TextDelta(0, "partial")));
        assertThat(none.message()).isEqualTo(ModelBridge.NO_FINISH + " [assembled 7 chars, finish=none, head=\"partial\"]");
        ModelReply.Failure error = (ModelReply.Failure) ModelBridge.assemble(List.of(
                new StreamChunk.Finish(new FinishReason.Error(new LlmFailure("rate limited", "RATE_LIMIT", 429L, null, null)), null)));
        assertThat(error.code()).isEqualTo("RATE_LIMIT");
        assertThat(error.message()).startsWith("rate limited [assembled 0 chars, finish=error");
        ModelReply.Failure aborted = (ModelReply.Failure) ModelBridge.assemble(List.of(new StreamChunk.Finish(new FinishReason.Aborted(null), null)));
        assertThat(aborted.message()).startsWith("llm stream failed");
        // a failure from the bridge lands in the heuristic fallback with one warning
        List<String> w = new ArrayList<>();
        MergeOutcome m = BeliefMerge.mergeSurfacesAligned(List.of(new Surface("a", SESSIONS.get("branch-a"), Trust.EXTERNAL)),
                MergeOptions.defaults(), (s, u, t, c) -> max, CancelSignal.NEVER, w::add);
        assertThat(m.mode()).isEqualTo("heuristic");
        assertThat(w).singleElement().asString().contains("heuristic fallback").contains("finish=max-tokens");
    }
}
