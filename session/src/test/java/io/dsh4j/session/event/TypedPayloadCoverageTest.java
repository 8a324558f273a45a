package io.dsh4j.session.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.testsupport.FixtureTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Issue 2, event model: the events that the stats and the plugins read have typed payload records,
 * every other known type a lossless {@link EventPayload.Passthrough}, an ignorable unknown type an
 * {@link EventPayload.Unknown}. {@code CorpusPayloadTest} shows that each view writes back the same
 * data; this test shows that the views are the typed ones (a passthrough would write back the same
 * data too).
 */
class TypedPayloadCoverageTest {

    /** The typed view of each type; every record of {@link EventPayload} but the two fallbacks is here. */
    static final Map<String, Class<? extends EventPayload>> TYPED = new LinkedHashMap<>();

    static {
        TYPED.put(EventTypes.TURN_START, EventPayload.TurnStart.class);
        TYPED.put(EventTypes.TURN_END, EventPayload.TurnEnd.class);
        TYPED.put(EventTypes.STEP_START, EventPayload.StepStart.class);
        TYPED.put(EventTypes.STEP_END, EventPayload.StepEnd.class);
        TYPED.put(EventTypes.USER_MESSAGE, EventPayload.UserMessage.class);
        TYPED.put(EventTypes.ASSISTANT_CHUNK, EventPayload.AssistantChunk.class);
        TYPED.put(EventTypes.ASSISTANT_MESSAGE, EventPayload.AssistantMessage.class);
        TYPED.put(EventTypes.TOOL_CALL, EventPayload.ToolCall.class);
        TYPED.put(EventTypes.TOOL_RESULT, EventPayload.ToolResult.class);
        TYPED.put(EventTypes.AGENT_INBOX_SPLICED, EventPayload.InboxSpliced.class);
        TYPED.put(EventTypes.REQUEST_HEADER, EventPayload.RequestHeader.class);
        TYPED.put(EventTypes.REQUEST_CONTEXT, EventPayload.RequestContext.class);
        TYPED.put(EventTypes.SESSION_END_SEED, EventPayload.EndSeed.class);
        TYPED.put(EventTypes.SUBAGENT_DESCRIPTOR, EventPayload.SubagentDescriptor.class);
        TYPED.put(EventTypes.SESSION_TITLE, EventPayload.SessionTitle.class);
        TYPED.put(EventTypes.TODO_WRITE, EventPayload.TodoWrite.class);
        TYPED.put(EventTypes.COMPACTION_START, EventPayload.CompactionStart.class);
        TYPED.put(EventTypes.COMPACTION_SUMMARY, EventPayload.CompactionSummary.class);
        TYPED.put(EventTypes.COMPACTION_PRUNE, EventPayload.CompactionPrune.class);
        TYPED.put(EventTypes.COMPACTION_END, EventPayload.CompactionEnd.class);
        TYPED.put(EventTypes.LLM_RETRY, EventPayload.LlmRetry.class);
        TYPED.put(EventTypes.LLM_RETRY_STARTED, EventPayload.LlmRetryStarted.class);
    }

    /** The types issue 2 names as read by the stats and the plugins; each must occur in the corpus. */
    static final Set<String> NAMED_IN_THE_ISSUE = Set.of(EventTypes.TURN_START, EventTypes.TURN_END, EventTypes.STEP_START,
            EventTypes.STEP_END, EventTypes.USER_MESSAGE, EventTypes.ASSISTANT_CHUNK, EventTypes.ASSISTANT_MESSAGE,
            EventTypes.TOOL_CALL, EventTypes.TOOL_RESULT, EventTypes.REQUEST_HEADER, EventTypes.REQUEST_CONTEXT,
            EventTypes.SESSION_TITLE, EventTypes.COMPACTION_SUMMARY, EventTypes.SUBAGENT_DESCRIPTOR, EventTypes.TODO_WRITE);

    @Test
    void the_table_names_every_typed_record() {
        Set<Class<?>> records = new HashSet<>(Arrays.asList(EventPayload.class.getPermittedSubclasses()));
        records.remove(EventPayload.Passthrough.class);
        records.remove(EventPayload.Unknown.class);
        assertThat(new HashSet<>(TYPED.values())).isEqualTo(records);
    }

    @Test
    void corpus_events_get_their_typed_record_and_every_other_known_type_a_passthrough() throws IOException {
        Set<String> seen = new TreeSet<>();
        for (FixtureTable.Row row : FixtureTable.rows()) {
            if (!row.currentFormat()) continue;
            String text = Files.readString(row.file(), StandardCharsets.UTF_8);
            for (SessionEvent e : SessionLogDecoder.readAll(text, SessionHeader.Mode.FIXTURE).events()) {
                EventPayload p = e.payload();
                Class<? extends EventPayload> expected = TYPED.getOrDefault(e.type(), EventPayload.Passthrough.class);
                assertThat(p).as("%s@%d in %s", e.type(), e.seq(), row.path()).isInstanceOf(expected);
                seen.add(e.type());
            }
        }
        assertThat(seen).containsAll(NAMED_IN_THE_ISSUE);
        assertThat(seen).as("the corpus also exercises the passthrough").anyMatch(t -> !TYPED.containsKey(t));
    }

    @Test
    void an_ignorable_unknown_type_is_kept_as_unknown_and_a_known_untyped_one_as_passthrough() {
        SessionEvent unknown = SessionEvent.builder("future/thing", 0, 1)
                .data(io.dsh4j.message.json.JsJson.parse("{\"a\":[1,{\"b\":null}]}")).ignorable().build();
        assertThat(unknown.payload()).isInstanceOfSatisfying(EventPayload.Unknown.class,
                u -> assertThat(u.data()).isEqualTo(unknown.data()));
        SessionEvent planMode = SessionEvent.of(EventTypes.PLAN_MODE, 0, 1, io.dsh4j.message.json.JsJson.parse("{\"on\":true}"));
        assertThat(planMode.payload()).isInstanceOf(EventPayload.Passthrough.class);
    }
}
