package io.dsh4j.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.TokenUsage;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.SessionLogDecoder;
import io.dsh4j.session.event.StorageCodec;
import io.dsh4j.session.event.SurfaceOp;
import io.dsh4j.session.event.TurnEndReason;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** §3.6–3.7 fold rules on hand-built logs, and lineage over the corpus fork family. */
class SessionStatsTest {

    final List<SessionEvent> log = new ArrayList<>();
    long clock = 1_000;

    void add(long dt, EventPayload p) {
        clock += dt;
        log.add(SessionEvent.of(log.size(), clock, p));
    }

    void addSurface(long dt, EventPayload p, List<Long> sources) {
        clock += dt;
        log.add(SessionEvent.builder(p.type(), log.size(), clock).payload(p).sourceEventSeqs(sources).surfaceOp(SurfaceOp.APPEND).build());
    }

    StatsTotals stats() {
        SessionStats s = new SessionStats("s", null, 0);
        log.forEach(s::accept);
        return s.totals();
    }

    static EventPayload chunk(long turn, long step, StreamChunk c) {
        return new EventPayload.AssistantChunk(turn, step, c);
    }

    @Test
    void a_usage_sample_for_the_same_step_replaces_the_previous_one() {
        add(0, new EventPayload.TurnStart(1));
        add(0, new EventPayload.StepStart(1, 1));
        add(0, chunk(1, 1, new StreamChunk.Usage(new TokenUsage(0, 0, null, null, null))));
        add(0, chunk(1, 1, new StreamChunk.Finish(new FinishReason.Error(LlmFailure.of("empty", "EMPTY_RESPONSE")), null)));
        add(0, chunk(1, 1, new StreamChunk.Usage(new TokenUsage(10, 3, 5L, 1L, 2L))));
        Message.AssistantMessage m = new Message.AssistantMessage("a", List.of(new ContentBlock.Text("hi")), MessageSource.model("p", "m"));
        addSurface(0, new EventPayload.AssistantMessage(1, 1, m, new TokenUsage(10, 3, 5L, 1L, 2L), false), List.of(2L, 3L, 4L));
        add(0, new EventPayload.StepEnd(1, 1));
        add(0, new EventPayload.StepStart(1, 2));
        add(0, chunk(1, 2, new StreamChunk.Usage(new TokenUsage(7, 1, null, null, null))));
        add(0, new EventPayload.StepEnd(1, 2));
        add(0, new EventPayload.TurnEnd(1, new TurnEndReason.Completed()));
        StatsTotals s = stats();
        assertThat(s.tokens()).isEqualTo(new TokenTotals(17, 4, 5, 1, 2));
        assertThat(s.turns()).isEqualTo(1);
        assertThat(s.steps()).isEqualTo(2);
        assertThat(s.finishErrors()).isEqualTo(1);
    }

    @Test
    void turns_count_only_turns_with_a_closed_step_and_error_kinds_are_counted() {
        add(0, new EventPayload.TurnStart(1));
        add(0, new EventPayload.TurnEnd(1, new TurnEndReason.Error(LlmFailure.of("x", "AUTH"))));
        add(0, new EventPayload.TurnStart(2));
        add(0, new EventPayload.StepStart(2, 1));
        add(0, new EventPayload.StepEnd(2, 1));
        add(0, new EventPayload.TurnEnd(2, new TurnEndReason.Aborted(new TurnEndReason.AbortCause("user", null,
                JsJson.nodes().objectNode().put("kind", "user")))));
        add(0, new EventPayload.TurnStart(3));
        add(0, new EventPayload.StepStart(3, 1));
        add(0, new EventPayload.StepEnd(3, 1));
        add(0, new EventPayload.StepStart(3, 2));
        add(0, new EventPayload.StepEnd(3, 2));
        add(0, new EventPayload.TurnEnd(3, new TurnEndReason.MaxTokens()));
        add(0, new EventPayload.TurnEnd(4, new TurnEndReason.Interrupted()));
        StatsTotals s = stats();
        assertThat(s.turns()).isEqualTo(2);
        assertThat(s.steps()).isEqualTo(3);
        assertThat(s.turnErrors()).isEqualTo(1);
        assertThat(s.abortedTurns()).isEqualTo(1);
        assertThat(s.maxTokenTurns()).isEqualTo(1);
        assertThat(s.interruptedTurns()).isEqualTo(1);
    }

    @Test
    void timing_follows_the_session_stats_rules() {
        add(0, new EventPayload.TurnStart(1));
        add(10, new EventPayload.StepStart(1, 1));                                       // t=1010
        add(5, chunk(1, 1, new StreamChunk.BlockStart(0, "text")));
        add(5, chunk(1, 1, new StreamChunk.TextDelta(0, "")));                           // empty: not a first token
        add(20, chunk(1, 1, new StreamChunk.TextDelta(0, "Hi")));                        // t=1040 first token
        Message.AssistantMessage m = new Message.AssistantMessage("a", List.of(new ContentBlock.Text("Hi")), MessageSource.model("p", "m"));
        addSurface(60, new EventPayload.AssistantMessage(1, 1, m, TokenUsage.of(3, 8), false), List.of(2L, 3L, 4L)); // t=1100
        add(0, new EventPayload.ToolCall(1, 1, "c1", "bash", "{}"));                     // t=1100
        Message.ToolResultMessage r = new Message.ToolResultMessage("r", new ContentBlock.ToolResult("c1",
                List.of(new ContentBlock.Text("x")), true), MessageSource.tool("c1"));
        addSurface(250, new EventPayload.ToolResult(1, 1, r, null, null), List.of(6L));  // t=1350
        add(0, new EventPayload.StepEnd(1, 1));
        add(0, new EventPayload.TurnEnd(1, new TurnEndReason.Completed()));
        StatsTotals s = stats();
        assertThat(s.llmMs()).isEqualTo(90);
        assertThat(s.ttftMs()).isEqualTo(30);
        assertThat(s.ttftSteps()).isEqualTo(1);
        assertThat(s.decodeMs()).isEqualTo(60);
        assertThat(s.decodeTokens()).isEqualTo(8);
        assertThat(s.toolMs()).isEqualTo(250);
        assertThat(s.toolCalls()).isEqualTo(1);
        assertThat(s.toolErrors()).isEqualTo(1);
        assertThat(s.wallMs()).isEqualTo(350);
    }

    @Test
    void a_malformed_payload_is_counted_and_skipped() {
        log.add(SessionEvent.of("turn/end", 0, 1, JsJson.nodes().objectNode().put("error", "model exploded")));
        add(0, new EventPayload.StepEnd(1, 1));
        StatsTotals s = stats();
        assertThat(s.malformedEvents()).isEqualTo(1);
        assertThat(s.steps()).isEqualTo(1);
        assertThat(s.events()).isEqualTo(2);
    }

    @Test
    void a_fork_child_inherits_its_seed_prefix_and_a_lineage_counts_it_once() throws IOException {
        String dir = "examples/acp-agent/tests/snapshots/subagent-fork-in-process/";
        SessionLogDecoder.DecodedLog parent = read(dir + "session.jsonl");
        SessionLogDecoder.DecodedLog child = read(dir + "session.1.jsonl");
        long seed = child.header().seedLength();
        assertThat(child.header().parentSession()).isEqualTo(parent.header().id());
        // the seed prefix is the parent's first events, byte for byte, then the child's end-seed marker
        for (int i = 0; i < seed; i++) {
            assertThat(StorageCodec.encode(child.events().get(i))).isEqualTo(StorageCodec.encode(parent.events().get(i)));
        }
        assertThat(child.events().get((int) seed).type()).isEqualTo("session/end-seed");

        SessionStats parentStats = fold(parent);
        SessionStats childStats = fold(child);
        SessionStats prefix = new SessionStats("prefix", null, 0);
        parent.events().subList(0, (int) seed).forEach(prefix::accept);
        assertThat(childStats.ownTotals().tokens()).isEqualTo(childStats.totals().tokens().minus(prefix.totals().tokens()));
        assertThat(childStats.ownTotals().steps()).isEqualTo(childStats.totals().steps() - prefix.totals().steps());
        assertThat(childStats.ownTotals().events()).isEqualTo(child.events().size() - seed);

        Map<String, StatsTotals> lineages = LineageStats.byRoot(List.of(parentStats, childStats));
        assertThat(lineages).containsOnlyKeys(parent.header().id());
        StatsTotals family = lineages.get(parent.header().id());
        assertThat(family.tokens()).isEqualTo(parentStats.totals().tokens().plus(childStats.ownTotals().tokens()));
        assertThat(family.events()).isEqualTo(parent.events().size() + child.events().size() - seed);
        assertThat(LineageStats.members(parent.header().id(), List.of(parentStats, childStats)))
                .containsExactly(parent.header().id(), child.header().id());
    }

    static SessionLogDecoder.DecodedLog read(String path) throws IOException {
        return SessionLogDecoder.readAll(Files.readString(Corpus.rawDir().resolve(path), StandardCharsets.UTF_8), SessionHeader.Mode.FIXTURE);
    }

    static SessionStats fold(SessionLogDecoder.DecodedLog log) {
        SessionStats s = new SessionStats(log.header());
        log.events().forEach(s::accept);
        return s;
    }
}
