package io.dsh4j.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageJson;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.InvalidEventException;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.SessionLogDecoder;
import io.dsh4j.session.event.SurfaceOp;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testsupport.FixtureTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** §2.5: the derived history and its validation. */
class SurfaceFoldTest {

    static Stream<FixtureTable.Row> currentFormatRows() {
        return FixtureTable.rows().stream().filter(FixtureTable.Row::currentFormat);
    }

    static SurfaceFold fold(String corpusPath) throws IOException {
        String text = Files.readString(Corpus.rawDir().resolve(corpusPath), StandardCharsets.UTF_8);
        SurfaceFold fold = new SurfaceFold();
        SessionLogDecoder.readAll(text, SessionHeader.Mode.FIXTURE).events().forEach(fold::accept);
        return fold;
    }

    @ParameterizedTest(name = "#{0}")
    @MethodSource("currentFormatRows")
    void every_current_format_log_folds_into_a_valid_surface(FixtureTable.Row row) throws IOException {
        SurfaceFold fold = fold(row.path());
        assertThat(fold.expectedSeq()).isEqualTo(row.events());
        assertThat(fold.history()).hasSizeLessThanOrEqualTo(fold.nodes().size());
    }

    @Test
    void a_compaction_checkpoint_replaces_the_shadowed_history() throws IOException {
        SurfaceFold fold = fold("examples/headless-agent/tests/snapshots/compaction-recovery/session.jsonl");
        assertThat(fold.replaceGeneration()).isEqualTo(1);
        SessionEvent checkpoint = fold.nodes().get(0);
        assertThat(checkpoint.surfaceOp()).isInstanceOf(SurfaceOp.Replace.class);
        MessageSource.Plugin source = (MessageSource.Plugin) checkpoint.payload(EventPayload.UserMessage.class).message().source();
        assertThat(source.plugin()).isEqualTo("compact");
        assertThat(source.compactionId()).isNotNull();
    }

    @Test
    void the_legacy_round_trip_fixture_with_citations_past_its_end_is_refused() {
        assertThatThrownBy(() -> fold("apps/web/tests/snapshots/cordis-tool-round/session.jsonl"))
                .isInstanceOf(InvalidEventException.class).hasMessageContaining("sourceEventSeqs must reference earlier events");
    }

    @Nested
    class Rules {

        final List<SessionEvent> log = new ArrayList<>();

        SessionEvent user(String id, SurfaceOp op, List<Long> sources) {
            Message.UserMessage m = new Message.UserMessage(id, List.of(new ContentBlock.Text(id)), MessageSource.user());
            SessionEvent.Builder b = SessionEvent.builder("user/message", log.size(), 0).payload(new EventPayload.UserMessage(m));
            if (sources != null) b.sourceEventSeqs(sources);
            b.surfaceOp(op);
            SessionEvent e = b.build();
            log.add(e);
            return e;
        }

        SessionEvent toolResult(String callId, String text, SurfaceOp op, List<Long> sources) {
            Message.ToolResultMessage m = new Message.ToolResultMessage("r" + log.size(),
                    new ContentBlock.ToolResult(callId, List.of(new ContentBlock.Text(text)), false), MessageSource.tool(callId));
            SessionEvent e = SessionEvent.builder("tool/result", log.size(), 0)
                    .payload(new EventPayload.ToolResult(1, 1, m, null, null)).sourceEventSeqs(sources).surfaceOp(op).build();
            log.add(e);
            return e;
        }

        SurfaceFold foldAll() {
            SurfaceFold f = new SurfaceFold();
            log.forEach(f::accept);
            return f;
        }

        @Test
        void append_pushes_and_replace_splices_a_positional_range() {
            user("a", SurfaceOp.APPEND, null);
            user("b", SurfaceOp.APPEND, null);
            user("c", SurfaceOp.APPEND, null);
            user("s", new SurfaceOp.Replace(0, 1), List.of(0L, 1L));
            SurfaceFold f = foldAll();
            assertThat(f.nodeSeqs()).containsExactly(3L, 2L);
            assertThat(f.history()).extracting(Message::id).containsExactly("s", "c");
        }

        @Test
        void a_replacement_must_cite_every_shadowed_node() {
            user("a", SurfaceOp.APPEND, null);
            user("b", SurfaceOp.APPEND, null);
            user("s", new SurfaceOp.Replace(0, 1), List.of(0L));
            assertThatThrownBy(this::foldAll).isInstanceOf(InvalidEventException.class).hasMessageContaining("missing 1");
        }

        @Test
        void a_replacement_range_must_be_on_the_current_surface_and_ordered() {
            user("a", SurfaceOp.APPEND, null);
            user("b", SurfaceOp.APPEND, null);
            user("s", new SurfaceOp.Replace(1, 0), List.of(0L, 1L));
            assertThatThrownBy(this::foldAll).isInstanceOf(InvalidEventException.class).hasMessageContaining("is after end seq");
            log.clear();
            user("a", SurfaceOp.APPEND, null);
            user("s", new SurfaceOp.Replace(7, 7), List.of(0L));
            assertThatThrownBy(this::foldAll).isInstanceOf(InvalidEventException.class).hasMessageContaining("start seq 7 not found");
        }

        @Test
        void source_seqs_must_be_distinct_earlier_and_not_empty_on_user_messages() {
            user("a", SurfaceOp.APPEND, List.of(0L));
            assertThatThrownBy(this::foldAll).isInstanceOf(InvalidEventException.class).hasMessageContaining("earlier events");
            log.clear();
            user("a", SurfaceOp.APPEND, null);
            user("b", SurfaceOp.APPEND, List.of(0L, 0L));
            assertThatThrownBy(this::foldAll).isInstanceOf(InvalidEventException.class).hasMessageContaining("duplicates");
            log.clear();
            user("a", SurfaceOp.APPEND, List.of());
            assertThatThrownBy(this::foldAll).isInstanceOf(InvalidEventException.class).hasMessageContaining("must not be empty");
        }

        @Test
        void empty_source_seqs_are_allowed_only_on_assistant_messages() {
            toolResult("c", "long output", SurfaceOp.APPEND, List.of());
            assertThatThrownBy(this::foldAll).isInstanceOf(InvalidEventException.class)
                    .hasMessageContaining("must not be empty except on assistant/message");
        }

        @Test
        void a_tool_result_prune_must_rewrite_exactly_one_tool_result() {
            user("a", SurfaceOp.APPEND, null);
            toolResult("c", "x", SurfaceOp.APPEND, List.of(0L));
            toolResult("c", "[pruned]", new SurfaceOp.Replace(0, 1), List.of(0L, 1L));
            assertThatThrownBy(this::foldAll).isInstanceOf(InvalidEventException.class).hasMessageContaining("exactly one current node");
            log.clear();
            user("a", SurfaceOp.APPEND, null);
            toolResult("c", "[pruned]", new SurfaceOp.Replace(0, 0), List.of(0L));
            assertThatThrownBy(this::foldAll).isInstanceOf(InvalidEventException.class).hasMessageContaining("target a current tool/result");
        }

        @Test
        void a_tool_result_prune_that_changes_only_content_is_accepted() {
            Message.ToolResultMessage original = new Message.ToolResultMessage("r0",
                    new ContentBlock.ToolResult("c", List.of(new ContentBlock.Text("long")), false), MessageSource.tool("c"));
            log.add(SessionEvent.builder("tool/call", 0, 0).payload(new EventPayload.ToolCall(1, 1, "c", "bash", "{}")).build());
            log.add(SessionEvent.builder("tool/result", 1, 0).payload(new EventPayload.ToolResult(1, 1, original, null, null))
                    .sourceEventSeqs(List.of(0L)).surfaceOp(SurfaceOp.APPEND).build());
            Message.ToolResultMessage pruned = new Message.ToolResultMessage("r0",
                    new ContentBlock.ToolResult("c", List.of(new ContentBlock.Text("[pruned]")), false), MessageSource.tool("c"));
            log.add(SessionEvent.builder("tool/result", 2, 0).payload(new EventPayload.ToolResult(1, 1, pruned, null, null))
                    .sourceEventSeqs(List.of(1L)).surfaceOp(new SurfaceOp.Replace(1, 1)).build());
            assertThat(foldAll().nodeSeqs()).containsExactly(2L);
            Message.ToolResultMessage renamed = new Message.ToolResultMessage("other",
                    new ContentBlock.ToolResult("c", List.of(new ContentBlock.Text("[pruned]")), false), MessageSource.tool("c"));
            log.set(2, SessionEvent.builder("tool/result", 2, 0).payload(new EventPayload.ToolResult(1, 1, renamed, null, null))
                    .sourceEventSeqs(List.of(1L)).surfaceOp(new SurfaceOp.Replace(1, 1)).build());
            assertThatThrownBy(this::foldAll).isInstanceOf(InvalidEventException.class).hasMessageContaining("may change only content");
        }

        @Test
        void a_surface_event_needs_a_surface_op_and_seqs_must_be_contiguous() {
            ObjectNode data = MessageJson.write(new Message.UserMessage("x", List.of(), MessageSource.user()));
            SurfaceFold f = new SurfaceFold();
            assertThatThrownBy(() -> f.accept(SessionEvent.of("user/message", 0, 0, data)))
                    .isInstanceOf(InvalidEventException.class).hasMessageContaining("requires a surfaceOp");
            SurfaceFold g = new SurfaceFold();
            assertThatThrownBy(() -> g.accept(SessionEvent.of("turn/start", 1, 0, JsJson.nodes().objectNode().put("turn", 1))))
                    .isInstanceOf(InvalidEventException.class).hasMessageContaining("not contiguous");
        }

        @Test
        void an_assistant_message_without_content_does_not_enter_history() {
            Message.AssistantMessage empty = new Message.AssistantMessage("m", List.of(), MessageSource.model("p", "m"));
            SessionEvent e = SessionEvent.builder("assistant/message", 0, 0)
                    .payload(new EventPayload.AssistantMessage(1, 1, empty, null, false)).sourceEventSeqs(List.of())
                    .surfaceOp(SurfaceOp.APPEND).build();
            SurfaceFold f = new SurfaceFold();
            f.accept(e);
            assertThat(f.nodes()).hasSize(1);
            assertThat(f.history()).isEmpty();
        }
    }
}
