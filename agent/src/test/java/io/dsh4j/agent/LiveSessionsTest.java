package io.dsh4j.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.CrashRepair;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.SessionLog;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.SessionStore;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SurfaceOp;
import io.dsh4j.session.event.TurnEndReason;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Spec kernel-and-agent §5.2 and sessions-llm-http §1.7: the live sessions service. */
class LiveSessionsTest {

    @TempDir
    Path root;

    final ManualScheduler windows = new ManualScheduler();
    final AtomicLong clock = new AtomicLong(1_700_000_000_000L);

    LiveSessions service() {
        return new LiveSessions(SessionStore.open(root, LogEncoding.ZSTD), 200, windows, clock::incrementAndGet);
    }

    static Message.UserMessage user(String id, String text) {
        return new Message.UserMessage(id, List.of(new ContentBlock.Text(text)), MessageSource.user());
    }

    @Nested
    class WritePath {

        @Test
        void a_created_session_touches_no_disk_until_its_first_batch_is_written() throws IOException {
            LiveSession s = service().create(LiveSessions.CreateOptions.in("/w").withId("s1"));
            s.append(new EventPayload.TurnStart(1));
            assertThat(s.path()).isPresent();
            assertThat(Files.exists(s.path().get())).isFalse();
            assertThat(s.pendingWrites()).isEqualTo(1);

            s.checkpoint();

            assertThat(Files.exists(s.path().get())).isTrue();
            assertThat(SessionLogReader.read(s.path().get()).events()).extracting(SessionEvent::type)
                    .containsExactly(EventTypes.TURN_START);
        }

        @Test
        void appends_get_contiguous_seqs_from_zero() {
            LiveSession s = service().create(LiveSessions.CreateOptions.in("/w"));
            List<Long> seqs = new ArrayList<>();
            for (int i = 0; i < 5; i++) seqs.add(s.append(new EventPayload.TurnStart(i + 1)).seq());
            assertThat(seqs).containsExactly(0L, 1L, 2L, 3L, 4L);
            assertThat(s.length()).isEqualTo(5);
        }

        @Test
        void the_first_event_opens_one_window_and_its_expiry_writes_the_queued_prefix_as_one_frame() throws Exception {
            LiveSession s = service().create(LiveSessions.CreateOptions.in("/w"));
            s.append(new EventPayload.TurnStart(1));
            s.append(new EventPayload.StepStart(1, 1));
            s.append(new EventPayload.StepEnd(1, 1));
            assertThat(windows.scheduled).isEqualTo(1);

            windows.expireAll();

            assertThat(s.pendingWrites()).isZero();
            assertThat(s.writtenBatches()).isEqualTo(1);
            assertThat(zstdFrames(s.path().get())).isEqualTo(2); // header frame + one batch frame
            s.append(new EventPayload.TurnEnd(1, new TurnEndReason.Completed()));
            assertThat(windows.scheduled).isEqualTo(2);
            s.checkpoint();
            assertThat(zstdFrames(s.path().get())).isEqualTo(3);
            assertThat(windows.openWindows()).isZero();
        }

        @Test
        void a_log_written_live_decompresses_with_the_zstd_tool_to_the_jsonl_dsh4j_reads() throws Exception {
            LiveSession s = service().create(LiveSessions.CreateOptions.in("/w"));
            s.append(new EventPayload.TurnStart(1));
            s.checkpoint();
            s.append(new EventPayload.UserMessage(user("m1", "héllo")), SurfaceOp.APPEND, null);
            s.append(new EventPayload.TurnEnd(1, new TurnEndReason.Completed()));
            s.checkpoint();

            Process p = new ProcessBuilder("zstd", "-dc", s.path().get().toString()).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor()).isZero();
            List<String> lines = text.lines().toList();
            assertThat(lines).hasSize(4);
            assertThat(lines.getFirst()).startsWith("{\"type\":\"session\"");
            assertThat(lines.get(2)).contains("\"héllo\"").contains("\"surfaceOp\":\"append\"");
            SessionLog back = SessionLogReader.read(s.path().get());
            assertThat(back.status()).isInstanceOf(LogStatus.Ok.class);
            assertThat(back.events()).isEqualTo(s.events());
        }

        @Test
        void data_that_is_not_lossless_json_is_refused_naming_the_event_and_nothing_is_committed() {
            LiveSession s = service().create(LiveSessions.CreateOptions.in("/w"));
            ObjectNode bad = JsJson.nodes().objectNode().put("x", Double.NaN);
            assertThatThrownBy(() -> s.append("todo/write", bad))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("todo/write").hasMessageContaining("seq 0");
            assertThat(s.length()).isZero();
            assertThat(s.append(new EventPayload.TurnStart(1)).seq()).isZero();
        }

        @Test
        void invalid_surface_metadata_is_refused_and_the_session_goes_on() {
            LiveSession s = service().create(LiveSessions.CreateOptions.in("/w"));
            assertThatThrownBy(() -> s.append(new EventPayload.TurnStart(1), SurfaceOp.APPEND, null))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("surfaceOp");
            s.append(new EventPayload.UserMessage(user("m1", "hi")), SurfaceOp.APPEND, null);
            assertThat(s.deriveMessages()).extracting(Message::id).containsExactly("m1");
        }

        @Test
        void a_failed_checkpoint_fails_closed_keeps_the_batch_and_a_retry_writes_no_seq_twice() throws IOException {
            LiveSession s = service().create(LiveSessions.CreateOptions.in("/w"));
            s.append(new EventPayload.TurnStart(1));
            s.checkpoint();
            Path log = s.path().get();
            Path aside = log.resolveSibling("aside");
            Files.move(log, aside);
            s.append(new EventPayload.StepStart(1, 1));

            assertThatThrownBy(s::checkpoint).isInstanceOf(UncheckedIOException.class).hasMessageContaining("checkpoint failed");
            assertThat(s.pendingWrites()).isEqualTo(1);

            Files.move(aside, log);
            s.append(new EventPayload.StepEnd(1, 1));
            s.checkpoint();
            assertThat(SessionLogReader.read(log).events()).extracting(SessionEvent::seq).containsExactly(0L, 1L, 2L);
        }

        @Test
        void a_background_failure_keeps_the_batch_for_the_next_window() throws IOException {
            LiveSession s = service().create(LiveSessions.CreateOptions.in("/w"));
            s.append(new EventPayload.TurnStart(1));
            s.checkpoint();
            Path log = s.path().get();
            Path aside = log.resolveSibling("aside");
            Files.move(log, aside);
            s.append(new EventPayload.StepStart(1, 1));
            windows.expireAll();
            assertThat(s.pendingWrites()).isEqualTo(1);
            Files.move(aside, log);
            s.append(new EventPayload.StepEnd(1, 1));
            windows.expireAll();
            assertThat(s.pendingWrites()).isZero();
            assertThat(SessionLogReader.read(log).events()).hasSize(3);
        }

        @Test
        void an_id_that_exists_on_disk_is_refused() {
            LiveSessions one = service();
            LiveSession s = one.create(LiveSessions.CreateOptions.in("/w").withId("dup"));
            s.append(new EventPayload.TurnStart(1));
            s.checkpoint();
            assertThatThrownBy(() -> service().create(LiveSessions.CreateOptions.in("/w").withId("dup")))
                    .hasMessageContaining("already exists");
        }
    }

    @Nested
    class Notifications {

        @Test
        void every_commit_is_heard_once_in_seq_order() {
            LiveSessions sessions = service();
            List<Long> heard = new ArrayList<>();
            sessions.observe(n -> heard.add(n.event().seq()));
            LiveSession s = sessions.create(LiveSessions.CreateOptions.in("/w"));
            for (int i = 0; i < 4; i++) s.append(new EventPayload.TurnStart(i + 1));
            assertThat(heard).containsExactly(0L, 1L, 2L, 3L);
        }

        @Test
        void an_append_to_the_same_session_from_inside_its_notice_is_refused_with_dsh_message() {
            LiveSessions sessions = service();
            List<Throwable> refused = new ArrayList<>();
            sessions.observe(n -> {
                if (n.event().seq() == 0) {
                    try {
                        n.session().append(new EventPayload.StepStart(1, 1));
                    } catch (IllegalStateException e) {
                        refused.add(e);
                    }
                }
            });
            LiveSession s = sessions.create(LiveSessions.CreateOptions.in("/w"));
            s.append(new EventPayload.TurnStart(1));
            assertThat(refused).singleElement().extracting(Throwable::getMessage).isEqualTo(LiveSession.REENTRY);
            assertThat(s.length()).isEqualTo(1);
        }

        @Test
        void a_failing_listener_does_not_stop_the_append() {
            LiveSessions sessions = service();
            sessions.observe(n -> {
                throw new IllegalStateException("listener bug");
            });
            LiveSession s = sessions.create(LiveSessions.CreateOptions.in("/w"));
            assertThat(s.append(new EventPayload.TurnStart(1)).seq()).isZero();
        }

        @Test
        void a_created_veto_leaves_no_session_behind() {
            LiveSessions sessions = service();
            sessions.observe(new SessionObserver() {
                @Override public void committed(SessionNotice notice) { }
                @Override public void created(LiveSession session) { throw new IllegalStateException("veto"); }
            });
            assertThatThrownBy(() -> sessions.create(LiveSessions.CreateOptions.in("/w").withId("v"))).hasMessage("veto");
            assertThat(sessions.get("v")).isEmpty();
        }
    }

    @Nested
    class Seeds {

        static List<SessionEvent> balancedSeed() {
            return List.of(
                    SessionEvent.of(0, 1, new EventPayload.TurnStart(1)),
                    SessionEvent.builder(EventTypes.USER_MESSAGE, 1, 1)
                            .payload(new EventPayload.UserMessage(user("u1", "seeded"))).surfaceOp(SurfaceOp.APPEND).build(),
                    SessionEvent.of(2, 1, new EventPayload.TurnEnd(1, new TurnEndReason.Completed())));
        }

        @Test
        void a_balanced_seed_is_followed_by_one_end_seed_marker_and_live_events_start_after_it() {
            LiveSession s = service().create(LiveSessions.CreateOptions.in("/w").withSeed(balancedSeed()));
            assertThat(s.events()).extracting(SessionEvent::type).containsExactly(EventTypes.TURN_START,
                    EventTypes.USER_MESSAGE, EventTypes.TURN_END, EventTypes.SESSION_END_SEED);
            assertThat(s.firstLiveSeq()).isEqualTo(4);
            assertThat(s.header().seedLength()).isEqualTo(4L);
            assertThat(s.deriveMessages()).extracting(Message::id).containsExactly("u1");
        }

        @Test
        void a_seed_with_an_open_turn_is_refused() {
            List<SessionEvent> open = balancedSeed().subList(0, 2);
            assertThatThrownBy(() -> service().create(LiveSessions.CreateOptions.in("/w").withSeed(open)))
                    .hasMessageContaining("not balanced");
        }

        @Test
        void a_seed_that_is_not_contiguous_from_zero_is_refused_naming_the_event() {
            List<SessionEvent> gap = List.of(SessionEvent.of(1, 1, new EventPayload.TurnStart(1)));
            assertThatThrownBy(() -> service().create(LiveSessions.CreateOptions.in("/w").withSeed(gap)))
                    .hasMessageContaining("turn/start").hasMessageContaining("seq 1");
        }
    }

    @Nested
    class CrashRepairOnReopen {

        @Test
        void a_session_reopened_after_a_crash_is_repaired_before_its_next_append() throws IOException {
            LiveSession s = service().create(LiveSessions.CreateOptions.in("/w").withId("crashed"));
            s.append(new EventPayload.TurnStart(1));
            s.append(new EventPayload.StepStart(1, 1));
            s.checkpoint();
            s.append(new EventPayload.UserMessage(user("lost", "never durable")), SurfaceOp.APPEND, null);
            // the process dies here: the last event never left memory

            LiveSession back = service().resume("crashed");

            assertThat(back.events()).extracting(SessionEvent::type).containsExactly(EventTypes.TURN_START,
                    EventTypes.STEP_START, EventTypes.STEP_END, EventTypes.TURN_END);
            assertThat(back.events().getLast().payload(EventPayload.TurnEnd.class).reason())
                    .isInstanceOf(TurnEndReason.Interrupted.class);
            assertThat(back.append(new EventPayload.TurnStart(2)).seq()).isEqualTo(4);
            back.checkpoint();
            assertThat(SessionLogReader.read(back.path().get()).events()).extracting(SessionEvent::seq)
                    .containsExactly(0L, 1L, 2L, 3L, 4L);
            assertThat(CrashRepair.closers(back.events().subList(0, 4))).isEmpty();
        }

        @Test
        void resuming_an_unknown_id_says_so() {
            assertThatThrownBy(() -> service().resume("nope")).hasMessageContaining("\"nope\" not found");
        }
    }

    static int zstdFrames(Path file) throws IOException {
        byte[] b = Files.readAllBytes(file);
        int n = 0;
        for (int i = 0; i + 3 < b.length; i++) {
            if ((b[i] & 0xff) == 0x28 && (b[i + 1] & 0xff) == 0xb5 && (b[i + 2] & 0xff) == 0x2f && (b[i + 3] & 0xff) == 0xfd) n++;
        }
        return n;
    }
}
