package io.dsh4j.attention;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.attention.sessions.SessionLogs;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.tool.reminder.RepeatToolReminder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** Issue 14, the tool-call loop guard's rule (beyond the original): repeats after the reminder's last threshold, and cycles. */
class ToolLoopDetectorTest {

    static ToolLoopDetector.Call call(String tool, String args) {
        return new ToolLoopDetector.Call(tool, args);
    }

    /** Feeds calls; the 1-based position of the first trip, or 0. */
    static int firstTrip(ToolLoopDetector d, List<ToolLoopDetector.Call> calls) {
        for (int i = 0; i < calls.size(); i++) {
            if (d.observe(calls.get(i)) != null) return i + 1;
        }
        return 0;
    }

    static List<ToolLoopDetector.Call> repeat(List<ToolLoopDetector.Call> unit, int times) {
        List<ToolLoopDetector.Call> out = new ArrayList<>();
        for (int i = 0; i < times; i++) out.addAll(unit);
        return out;
    }

    @Test
    void the_same_call_trips_on_the_ninth_time_in_a_row_one_after_the_reminders_last_threshold() {
        ToolLoopDetector.Call read = call("read", "{\"path\":\"a.txt\"}");
        assertThat(firstTrip(new ToolLoopDetector(), repeat(List.of(read), 8))).isZero();
        ToolLoopDetector d = new ToolLoopDetector();
        assertThat(firstTrip(d, repeat(List.of(read), 9))).isEqualTo(9);
        assertThat(io.dsh4j.tool.reminder.ReminderConfig.defaults().thresholds()).containsExactly(3.0, 5.0, 8.0);
        assertThat(ToolLoopDetector.DEFAULT_REPEAT_LIMIT).isEqualTo(9);
    }

    @Test
    void a_different_call_or_different_arguments_break_the_streak_and_a_reset_forgets_it() {
        ToolLoopDetector d = new ToolLoopDetector();
        List<ToolLoopDetector.Call> calls = new ArrayList<>(repeat(List.of(call("read", "{\"path\":\"a\"}")), 8));
        calls.add(call("read", "{\"path\":\"b\"}"));
        calls.addAll(repeat(List.of(call("read", "{\"path\":\"a\"}")), 8));
        assertThat(firstTrip(d, calls)).isZero();
        d.reset();
        assertThat(firstTrip(d, repeat(List.of(call("read", "{\"path\":\"a\"}")), 8))).isZero();
    }

    @Test
    void cycles_of_two_three_and_four_calls_trip_on_their_fourth_repetition() {
        ToolLoopDetector.Call a = call("read", "{\"path\":\"a\"}");
        ToolLoopDetector.Call b = call("grep", "{\"pattern\":\"x\"}");
        ToolLoopDetector.Call c = call("glob", "{\"pattern\":\"*\"}");
        ToolLoopDetector.Call e = call("bash", "{\"command\":\"ls\"}");
        assertThat(firstTrip(new ToolLoopDetector(), repeat(List.of(a, b), 4))).isEqualTo(8);
        assertThat(firstTrip(new ToolLoopDetector(), repeat(List.of(a, b, c), 4))).isEqualTo(12);
        assertThat(firstTrip(new ToolLoopDetector(), repeat(List.of(a, b, c, e), 4))).isEqualTo(16);
        assertThat(firstTrip(new ToolLoopDetector(), repeat(List.of(a, a, b), 4))).isEqualTo(12);
        List<ToolLoopDetector.Call> threeTimes = repeat(List.of(a, b), 3);
        threeTimes.add(a);
        assertThat(firstTrip(new ToolLoopDetector(), threeTimes)).isZero();
        ToolLoopDetector.Trip trip = null;
        ToolLoopDetector d = new ToolLoopDetector();
        for (ToolLoopDetector.Call x : repeat(List.of(a, b, c), 4)) trip = d.observe(x);
        assertThat(trip.kind()).isEqualTo(ToolLoopDetector.Kind.CYCLE);
        assertThat(trip.unit()).containsExactly(a, b, c);
        assertThat(trip.count()).isEqualTo(4);
        assertThat(LiveGuards.toolReason(trip)).isEqualTo("3 个工具调用（read → grep → glob）以相同参数循环 4 次");
    }

    @Test
    void a_cycle_whose_arguments_change_each_round_is_work_not_a_loop() {
        ToolLoopDetector d = new ToolLoopDetector();
        List<ToolLoopDetector.Call> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            calls.add(call("read", "{\"path\":\"file" + i + "\"}"));
            calls.add(call("edit", "{\"path\":\"file" + i + "\"}"));
        }
        assertThat(firstTrip(d, calls)).isZero();
    }

    /** Brute force: the definition read literally, over the calls since the last trip. */
    static boolean tripsHere(List<Integer> chain) {
        int n = chain.size();
        if (n >= 9 && chain.subList(n - 9, n).stream().distinct().count() == 1) return true;
        for (int p = 2; p <= 4; p++) {
            if (n < 4 * p) continue;
            List<Integer> unit = chain.subList(n - p, n);
            if (unit.stream().distinct().count() < 2) continue;
            boolean minimal = true;
            for (int q = 1; q < p; q++) {
                if (p % q == 0 && unit.equals(repeatInts(unit.subList(0, q), p / q))) minimal = false;
            }
            if (!minimal) continue;
            if (chain.subList(n - 4 * p, n).equals(repeatInts(unit, 4))) return true;
        }
        return false;
    }

    static List<Integer> repeatInts(List<Integer> unit, int times) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < times; i++) out.addAll(unit);
        return out;
    }

    @Property(tries = 300)
    void the_detector_trips_exactly_where_the_definition_says(
            @ForAll @Size(max = 120) List<@IntRange(min = 0, max = 3) Integer> calls) {
        ToolLoopDetector d = new ToolLoopDetector();
        List<Integer> since = new ArrayList<>();
        for (int x : calls) {
            since.add(x);
            boolean expected = tripsHere(since);
            boolean actual = d.observe(call("t" + x, "{}")) != null;
            assertThat(actual).as("after %s", since).isEqualTo(expected);
            if (expected) since.clear();
        }
    }

    @Test
    void no_corpus_session_trips_and_the_repeat_tool_reminder_session_ends_by_itself() throws Exception {
        int sessions = 0;
        int calls = 0;
        int reminderStreak = 0;
        for (Path log : Corpus.rawLogs()) {
            ToolLoopDetector d = new ToolLoopDetector();
            List<ToolLoopDetector.Trip> trips = new ArrayList<>();
            int[] counted = {0};
            SessionLogs.read(log, r -> {
                String type = r.path("type").asText();
                if (type.equals("user/message") && "user".equals(r.path("data").path("source").path("kind").asText())) d.reset();
                if (!type.equals("tool/call")) return;
                JsonNode data = r.path("data");
                String args = data.path("arguments").asText();
                String canonical;
                try {
                    canonical = RepeatToolReminder.canonical(JsJson.parse(args));
                } catch (RuntimeException notJson) {
                    canonical = args;
                }
                counted[0]++;
                ToolLoopDetector.Trip t = d.observe(call(data.path("name").asText(), canonical));
                if (t != null) trips.add(t);
            });
            assertThat(trips).as(Corpus.nameOf(log)).isEmpty();
            calls += counted[0];
            if (Corpus.nameOf(log).contains("repeat-tool-reminder")) reminderStreak = counted[0];
            sessions++;
        }
        assertThat(sessions).isGreaterThan(100);
        assertThat(calls).isGreaterThan(100);
        assertThat(reminderStreak).isEqualTo(5);
    }
}
