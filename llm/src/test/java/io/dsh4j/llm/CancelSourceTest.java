package io.dsh4j.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CancelSourceTest {

    @Test
    void actions_run_once_in_order_and_late_registrations_run_at_once() {
        CancelSource s = new CancelSource();
        List<String> ran = new ArrayList<>();
        s.onCancel(() -> ran.add("a"));
        var removed = s.onCancel(() -> ran.add("removed"));
        s.onCancel(() -> ran.add("b"));
        removed.close();

        s.cancel();
        s.cancel();
        s.onCancel(() -> ran.add("late"));

        assertThat(ran).containsExactly("a", "b", "late");
        assertThat(s.cancelled()).isTrue();
    }

    @Test
    void never_is_never_cancelled() {
        List<String> ran = new ArrayList<>();
        CancelSignal.never().onCancel(() -> ran.add("x")).close();

        assertThat(CancelSignal.never().cancelled()).isFalse();
        assertThat(ran).isEmpty();
    }
}
