package io.dsh4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FakeClockTest {

    @Test
    void the_clock_stands_still_until_the_test_moves_it() {
        FakeClock clock = FakeClock.at("2026-12-01T10:00:00Z");
        assertThat(clock.instant()).isEqualTo(clock.instant()).isEqualTo(Instant.parse("2026-12-01T10:00:00Z"));
        assertThat(clock.advance(Duration.ofSeconds(90))).isEqualTo(Instant.parse("2026-12-01T10:01:30Z"));
        assertThat(clock.advanceMillis(500).toEpochMilli()).isEqualTo(clock.millis());
        clock.set(Instant.parse("2026-11-30T00:00:00Z")); // a wall clock may jump back
        assertThat(clock.instant()).isEqualTo(Instant.parse("2026-11-30T00:00:00Z"));
    }

    @Test
    void time_does_not_advance_backwards() {
        FakeClock clock = FakeClock.atEpochMilli(1_000);
        assertThatThrownBy(() -> clock.advance(Duration.ofMillis(-1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("negative");
        assertThat(clock.millis()).isEqualTo(1_000);
    }

    @Test
    void a_zoned_view_shares_the_instant() {
        FakeClock clock = FakeClock.atEpochMilli(0);
        FakeClock tokyo = clock.withZone(ZoneId.of("Asia/Tokyo"));
        clock.advanceMillis(42);
        assertThat(tokyo.millis()).isEqualTo(42);
        assertThat(tokyo.getZone()).isEqualTo(ZoneId.of("Asia/Tokyo"));
        assertThat(clock.getZone()).isEqualTo(java.time.ZoneOffset.UTC);
    }

    @Test
    void concurrent_advances_are_all_counted() throws InterruptedException {
        FakeClock clock = FakeClock.atEpochMilli(0);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            threads.add(Thread.ofVirtual().start(() -> {
                for (int j = 0; j < 1_000; j++) clock.advanceMillis(1);
            }));
        }
        for (Thread t : threads) t.join();
        assertThat(clock.millis()).isEqualTo(8_000);
    }
}
