package io.dsh4j.attention;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.agent.AgentEvents;
import io.dsh4j.agent.LiveSession;
import io.dsh4j.agent.LiveSessions;
import io.dsh4j.attention.core.HealthReducer;
import io.dsh4j.attention.core.HealthState;
import io.dsh4j.attention.core.Texts;
import io.dsh4j.attention.sessions.SessionLogs;
import io.dsh4j.session.SessionLog;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.testkit.Corpus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14 / spec §1.3, §3.2 and kernel-and-agent §7.3: the {@code attentionHealth} projection is the
 * engine's one reducer, live. Every corpus log is committed event by event into a live session; the
 * projection's state after each committed event must equal the offline fold of the log the live session
 * wrote, read back from disk the way {@code dsh4j health} reads it, up to that event.
 */
class LiveProjectionTest {

    @TempDir
    Path home;

    @Test
    void the_live_value_after_each_committed_event_equals_the_offline_fold_of_the_written_log_up_to_it_on_every_corpus_log()
            throws Exception {
        int logs = 0;
        long compared = 0;
        long committed = 0;
        long refused = 0;
        try (LiveHarness h = new LiveHarness(home, Map.of(), true)) {
            LiveSessions sessions = h.sessions();
            Map<LiveSession, List<HealthState>> live = new ConcurrentHashMap<>();
            h.root.events().on(AgentEvents.SESSION_EVENT, n -> live.computeIfAbsent(n.session(), s -> new ArrayList<>())
                    .add(h.health().state(n.session()).orElseThrow()));
            for (Path file : Corpus.rawLogs()) {
                SessionLog read = SessionLogReader.read(file, SessionLogReader.Options.FIXTURE);
                if (read.events().isEmpty()) continue;
                LiveSession session = sessions.create(LiveSessions.CreateOptions.in(home.toString()).withId("corpus-" + logs));
                for (SessionEvent e : read.events()) {
                    if (commit(session, e)) committed++;
                    else refused++;
                }
                sessions.flush(session);
                Path written = session.path().orElseThrow();
                List<HealthState> states = live.get(session);
                assertThat(states.size()).as(Corpus.nameOf(file)).isEqualTo(session.length());
                HealthReducer offline = new HealthReducer(LiveHarness.CLOCK);
                HealthState state = offline.init();
                List<JsonNode> records = new ArrayList<>();
                SessionLogs.read(written, records::add);
                // a packed chunk row on disk stands for consecutive assistant/chunk events: it covers the seqs up to the next record's
                for (int i = 0; i < records.size(); i++) {
                    state = offline.apply(state, records.get(i));
                    long from = firstSeq(records.get(i));
                    long to = i + 1 < records.size() ? firstSeq(records.get(i + 1)) - 1 : states.size() - 1;
                    assertThat(to).as("%s, record %d", Corpus.nameOf(file), i).isGreaterThanOrEqualTo(from);
                    for (long seq = from; seq <= to; seq++) {
                        HealthState atSeq = states.get((int) seq);
                        assertThat(atSeq.view(Texts.chinese())).as("%s, event %d", Corpus.nameOf(file), seq)
                                .isEqualTo(state.view(Texts.chinese()));
                        assertThat(atSeq.counters()).as("%s, event %d", Corpus.nameOf(file), seq).isEqualTo(state.counters());
                        compared++;
                    }
                }
                assertThat(firstSeq(records.getFirst())).isZero();
                logs++;
            }
        }
        assertThat(logs).isGreaterThan(100);
        assertThat(refused).as("corpus events the live surface refused").isLessThan(committed / 20);
        assertThat(compared).isGreaterThan(1000);
    }

    private static long firstSeq(JsonNode record) {
        return record.has("seq0") ? record.get("seq0").asLong() : record.get("seq").asLong();
    }

    /**
     * Commits a corpus event as recorded. The live surface refuses some fixtures' events (legacy logs without
     * surface markers, placeholders where arrays belong): those go in with a plain append marker, else log-only,
     * else not at all — the comparison is between the live session and the log it wrote, so both see the same events.
     *
     * @return whether the event was committed
     */
    static boolean commit(LiveSession session, SessionEvent e) {
        try {
            session.append(e.type(), e.data(), e.surfaceOp(), e.sourceEventSeqs());
            return true;
        } catch (IllegalArgumentException refused) {
            try {
                session.append(e.type(), e.data(), io.dsh4j.session.event.SurfaceOp.APPEND, null);
                return true;
            } catch (IllegalArgumentException again) {
                try {
                    session.append(e.type(), e.data());
                    return true;
                } catch (IllegalArgumentException last) {
                    return false;
                }
            }
        }
    }

    @Test
    void a_projection_cell_first_read_mid_session_is_the_fold_of_the_log_so_far() throws Exception {
        Path file;
        try (Stream<Path> all = Corpus.rawLogs().stream()) {
            file = all.filter(p -> p.toString().contains("repeat-tool-reminder")).findFirst().orElseThrow();
        }
        SessionLog read = SessionLogReader.read(file, SessionLogReader.Options.FIXTURE);
        try (LiveHarness h = new LiveHarness(home, Map.of(), true)) {
            LiveSession session = h.sessions().create(LiveSessions.CreateOptions.in(home.toString()).withId("mid"));
            int half = read.events().size() / 2;
            for (SessionEvent e : read.events().subList(0, half)) commit(session, e);
            HealthReducer offline = new HealthReducer(LiveHarness.CLOCK);
            HealthState expected = offline.init();
            for (SessionEvent e : session.events()) expected = offline.apply(expected, e);
            assertThat(h.health().state(session).orElseThrow().view(Texts.chinese())).isEqualTo(expected.view(Texts.chinese()));
            for (SessionEvent e : read.events().subList(half, read.events().size())) commit(session, e);
            HealthState all = offline.init();
            for (SessionEvent e : session.events()) all = offline.apply(all, e);
            assertThat(h.health().state(session).orElseThrow().view(Texts.chinese())).isEqualTo(all.view(Texts.chinese()));
            assertThat(all).isNotSameAs(expected);
        }
    }
}
