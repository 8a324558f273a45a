package io.dsh4j.beliefmerge.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.testkit.Corpus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec §2.1 on DSH's real event shapes (checklist item 51; tests §10.10 20–22). */
class EventMessagesTest {

    static final ObjectMapper JSON = new ObjectMapper();

    static List<JsonNode> events(String... json) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String j : json) out.add(JSON.readTree(j));
        return out;
    }

    @Test
    void user_message_data_is_the_message_and_assistant_and_tool_carry_it_in_data_message() throws Exception {
        List<SourceMessage> m = EventMessages.fromEvents(events(
                "{\"type\":\"system/message\",\"data\":{\"content\":[{\"type\":\"text\",\"text\":\"You are an agent.\"}]}}",
                "{\"type\":\"user/message\",\"data\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"We use PostgreSQL.\"}],\"source\":{\"kind\":\"user\"}}}",
                "{\"type\":\"assistant/message\",\"data\":{\"turn\":1,\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"reasoning\",\"text\":\"ok\"},{\"type\":\"text\",\"text\":\"Done.\"}],\"source\":{\"kind\":\"model\"}}}}",
                "{\"type\":\"tool/result\",\"data\":{\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool-result\",\"content\":[]}],\"source\":{\"kind\":\"tool\"}}}}",
                "{\"type\":\"custom/note\",\"data\":{\"content\":[{\"type\":\"text\",\"text\":\"no role\"}]}}",
                "{\"type\":\"custom/said\",\"data\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"with role\"}]}}",
                "{\"type\":\"user/message\",\"data\":{\"content\":\"not an array\"}}",
                "{\"type\":\"assistant/message\",\"data\":{\"content\":[{\"type\":\"text\",\"text\":\"content at the wrong level\"}]}}",
                "{\"type\":\"user/message\"}", "42", "{\"data\":{}}"));
        assertThat(m).extracting(SourceMessage::role).containsExactly("user", "assistant", "tool", "assistant");
        assertThat(m.get(0).sourceKind()).isEqualTo("user");
        assertThat(m.get(1).blocks()).extracting(SourceMessage.Block::type).containsExactly("reasoning", "text");
        assertThat(m.get(3).blocks().getFirst().text()).isEqualTo("with role");
    }

    @Test
    void plugin_injected_messages_are_recognised_by_source_kind() throws Exception {
        List<SourceMessage> m = EventMessages.fromEvents(events(
                "{\"type\":\"user/message\",\"data\":{\"content\":[{\"type\":\"text\",\"text\":\"Sandbox policy.\"}],\"source\":{\"kind\":\"plugin\",\"plugin\":\"x\"}}}"));
        assertThat(m.getFirst().isInjected()).isTrue();
    }

    @Test
    void odd_blocks_are_kept_as_data_and_read_safely() throws Exception {
        SourceMessage m = EventMessages.fromEvents(events(
                "{\"type\":\"user/message\",\"data\":{\"content\":[7,{\"text\":\"untyped\"},{\"type\":5,\"text\":\"numeric type\"},{\"type\":\"text\",\"text\":9}]}}"))
                .getFirst();
        assertThat(Surfaces.textBlocks(m)).extracting(Surfaces.TextBlock::text).containsExactly("untyped");
    }

    @Test
    void a_real_corpus_session_yields_bullet_lines_not_a_header_only_block() {
        Path log = Corpus.rawDir().resolve("examples/acp-agent/tests/snapshots/bash-tool-turn/session.jsonl");
        Surface s = CorpusSessions.surface(log, Trust.EXTERNAL);
        assertThat(s.messages()).isNotEmpty();
        MergeOutcome merged = BeliefMerge.mergeSurfacesAligned(List.of(s), MergeOptions.defaults(), null, CancelSignal.NEVER, w -> { });
        String text = merged.render(Renderer.Options.defaults()).text();
        assertThat(text).contains("\n- `").contains("terminal ok");
        assertThat(text).doesNotContain("Current runtime context").as("the injected runtime snapshot is excluded");
    }

    @Test
    void a_system_only_surface_merges_to_nothing() throws Exception {
        List<SourceMessage> m = EventMessages.fromEvents(events(
                "{\"type\":\"system/message\",\"data\":{\"content\":[{\"type\":\"text\",\"text\":\"You are an agent.\"}]}}"));
        MergeOutcome merged = BeliefMerge.mergeSurfacesAligned(List.of(new Surface("s", m, Trust.EXTERNAL)), MergeOptions.defaults(), null,
                CancelSignal.NEVER, w -> { });
        assertThat(merged.slots()).isEmpty();
        assertThat(merged.render(Renderer.Options.defaults()).included()).isZero();
    }
}
