package io.dsh4j.sessionquery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.agent.LiveSession;
import io.dsh4j.agent.LiveSessions;
import io.dsh4j.agent.WindowScheduler;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.SessionStore;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SurfaceOp;
import io.dsh4j.session.event.TurnEndReason;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Spec sessions-llm-http §3.1: listSessions, readSession, readSurface, listEvents and their codes. */
class SessionQueryTest {

    @TempDir
    Path root;

    final AtomicLong clock = new AtomicLong(1_000);

    SessionStore store() {
        return SessionStore.open(root, LogEncoding.ZSTD);
    }

    LiveSessions live() {
        return new LiveSessions(store(), 200, WindowScheduler.daemon(), clock::incrementAndGet);
    }

    static EventPayload.UserMessage user(String id) {
        return new EventPayload.UserMessage(new Message.UserMessage(id, List.of(new ContentBlock.Text(id)), MessageSource.user()));
    }

    LiveSession persisted(LiveSessions sessions, String id) {
        LiveSession s = sessions.create(LiveSessions.CreateOptions.in("/w").withId(id));
        s.append(new EventPayload.TurnStart(1));
        s.append(user(id + "-m"), SurfaceOp.APPEND, null);
        s.append(new EventPayload.TurnEnd(1, new TurnEndReason.Completed()));
        s.checkpoint();
        return s;
    }

    @Test
    void list_sessions_merges_live_and_persisted_newest_first_with_availability() {
        LiveSessions a = live();
        persisted(a, "old");
        a.close();
        LiveSessions b = live();
        persisted(b, "both");
        LiveSession memoryOnly = b.create(LiveSessions.CreateOptions.in("/w").withId("fresh"));

        List<SessionQuery.SessionRecord> records = new SessionQuery(b, store()).listSessions(Signal.never());

        assertThat(records).extracting(r -> r.header().id()).containsExactly("fresh", "both", "old");
        assertThat(records).extracting(SessionQuery.SessionRecord::live).containsExactly(true, true, false);
        assertThat(records).extracting(SessionQuery.SessionRecord::persisted).containsExactly(false, true, true);
        assertThat(memoryOnly.length()).isZero();
    }

    @Test
    void ties_in_created_at_are_ordered_by_id_ascending() {
        clock.set(5);
        LiveSessions s = new LiveSessions(null, 200, WindowScheduler.daemon(), () -> 7);
        s.create(LiveSessions.CreateOptions.in("/w").withId("b"));
        s.create(LiveSessions.CreateOptions.in("/w").withId("a"));
        assertThat(new SessionQuery(s, null).listSessions(null)).extracting(r -> r.header().id()).containsExactly("a", "b");
    }

    @Test
    void an_aborted_signal_rejects_with_session_query_aborted() {
        assertThatThrownBy(() -> new SessionQuery(live(), store()).listSessions(Signal.aborted("stop")))
                .isInstanceOf(SessionQueryException.class)
                .extracting(e -> ((SessionQueryException) e).code()).isEqualTo(SessionQueryException.Code.SESSION_QUERY_ABORTED);
    }

    @Test
    void read_surface_of_a_persisted_session_returns_current_surface_events_and_last_seq() {
        LiveSessions a = live();
        persisted(a, "p");
        a.close();
        SessionQuery.SurfaceSnapshot snap = new SessionQuery(null, store()).readSurface("p");
        assertThat(snap.session().id()).isEqualTo("p");
        assertThat(snap.capturedThroughSeq()).isEqualTo(2L);
        assertThat(snap.events()).extracting(SessionEvent::type).containsExactly(EventTypes.USER_MESSAGE);
    }

    @Test
    void read_session_of_an_interrupted_persisted_log_synthesises_closers_without_touching_the_file() throws IOException {
        LiveSessions a = live();
        LiveSession s = a.create(LiveSessions.CreateOptions.in("/w").withId("open"));
        s.append(new EventPayload.TurnStart(1));
        s.checkpoint();
        byte[] before = Files.readAllBytes(s.path().get());

        SessionQuery.SessionDocument doc = new SessionQuery(null, store()).readSession("open");

        assertThat(doc.events()).extracting(SessionEvent::type).containsExactly(EventTypes.TURN_START, EventTypes.TURN_END);
        assertThat(Files.readAllBytes(s.path().get())).isEqualTo(before);
    }

    @Test
    void list_events_classifies_surface_and_log_only_events() {
        LiveSessions a = live();
        persisted(a, "e");
        assertThat(new SessionQuery(a, store()).listEvents("e")).extracting(SessionQuery.EventRecord::surface)
                .containsExactly(SessionQuery.Surface.LOG_ONLY, SessionQuery.Surface.CURRENT, SessionQuery.Surface.LOG_ONLY);
    }

    @Test
    void an_unknown_id_is_session_not_found_with_dsh_message() {
        assertThatThrownBy(() -> new SessionQuery(live(), store()).readSurface("ghost"))
                .isInstanceOf(SessionQueryException.class).hasMessage("session \"ghost\" not found")
                .extracting(e -> ((SessionQueryException) e).code()).isEqualTo(SessionQueryException.Code.SESSION_QUERY_SESSION_NOT_FOUND);
    }

    @Test
    void a_corrupt_persisted_log_is_corrupt_session_naming_it() throws IOException {
        LiveSessions a = live();
        LiveSession s = persisted(a, "bad");
        a.close();
        byte[] b = Files.readAllBytes(s.path().get());
        b[b.length - 6] ^= 0x55; // inside the last frame's payload or checksum
        Files.write(s.path().get(), b);
        assertThatThrownBy(() -> new SessionQuery(null, store()).readSession("bad"))
                .isInstanceOf(SessionQueryException.class).hasMessageContaining("\"bad\"")
                .extracting(e -> ((SessionQueryException) e).code()).isEqualTo(SessionQueryException.Code.SESSION_QUERY_CORRUPT_SESSION);
    }

    @Test
    void differing_live_and_persisted_headers_for_one_id_are_a_source_conflict() {
        LiveSessions a = live();
        persisted(a, "twin");
        a.close();
        LiveSessions memory = new LiveSessions(null, 200, WindowScheduler.daemon(), () -> 99_999);
        memory.create(LiveSessions.CreateOptions.in("/elsewhere").withId("twin"));
        assertThatThrownBy(() -> new SessionQuery(memory, store()).listSessions(null))
                .extracting(e -> ((SessionQueryException) e).code()).isEqualTo(SessionQueryException.Code.SESSION_QUERY_SOURCE_CONFLICT);
    }
}
