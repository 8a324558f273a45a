package io.dsh4j.testkit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A {@link Clock} that moves only when a test moves it: hand it to code that reads the time, then
 * {@link #advance} or {@link #set} it instead of sleeping. Thread-safe; views made by {@link #withZone}
 * share the instant.
 *
 * <pre>{@code
 * FakeClock clock = FakeClock.at("2026-12-01T10:00:00Z");
 * var limiter = new RetryPolicy(clock);
 * clock.advance(Duration.ofSeconds(30));     // the back-off has elapsed, without waiting for it
 * }</pre>
 */
public final class FakeClock extends Clock {

    private final AtomicReference<Instant> now;
    private final ZoneId zone;

    private FakeClock(AtomicReference<Instant> now, ZoneId zone) {
        this.now = now;
        this.zone = zone;
    }

    /** A clock standing at {@code instant}, in UTC. */
    public static FakeClock at(Instant instant) {
        return new FakeClock(new AtomicReference<>(Objects.requireNonNull(instant, "instant")), ZoneOffset.UTC);
    }

    /** A clock standing at an ISO-8601 instant ({@code 2026-12-01T10:00:00Z}), in UTC. */
    public static FakeClock at(String isoInstant) {
        return at(Instant.parse(isoInstant));
    }

    /** A clock standing at {@code epochMillis}, in UTC. */
    public static FakeClock atEpochMilli(long epochMillis) {
        return at(Instant.ofEpochMilli(epochMillis));
    }

    /**
     * Moves the clock forward by {@code step} and returns the new instant.
     *
     * @throws IllegalArgumentException for a negative step (time does not run backwards; use {@link #set})
     */
    public Instant advance(Duration step) {
        Objects.requireNonNull(step, "step");
        if (step.isNegative()) throw new IllegalArgumentException("cannot advance by a negative duration: " + step);
        return now.updateAndGet(t -> t.plus(step));
    }

    /** Moves the clock forward by {@code millis} milliseconds. */
    public Instant advanceMillis(long millis) {
        return advance(Duration.ofMillis(millis));
    }

    /** Puts the clock at {@code instant}, forwards or backwards (a wall clock may jump). */
    public void set(Instant instant) {
        now.set(Objects.requireNonNull(instant, "instant"));
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    @Override
    public long millis() {
        return now.get().toEpochMilli();
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    @Override
    public FakeClock withZone(ZoneId zone) {
        return new FakeClock(now, Objects.requireNonNull(zone, "zone"));
    }

    @Override
    public String toString() {
        return "FakeClock[" + now.get() + ", " + zone + "]";
    }
}
