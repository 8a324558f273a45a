package io.dsh4j.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.message.LlmFailure;
import java.util.List;
import java.util.random.RandomGenerator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** §5.4 retry policy. */
class RetryPolicyTest {

    private static RandomGenerator fixed(double value) {
        return new RandomGenerator() {
            @Override public long nextLong() { throw new UnsupportedOperationException(); }
            @Override public double nextDouble() { return value; }
        };
    }

    private static LlmFailure failure(String code, Long retryAfterMs) {
        return new LlmFailure("m", code, null, retryAfterMs, null);
    }

    @Test
    void the_default_is_normal_mode_with_five_retries_the_default_codes_and_500ms_to_10s_backoff() {
        RetryPolicy p = RetryPolicy.normal();

        assertThat(p).isEqualTo(new RetryPolicy.Normal(5, List.of("EMPTY_RESPONSE", "RATE_LIMIT", "SERVER", "TIMEOUT", "TRANSPORT"),
                new RetryPolicy.Backoff(500, 10_000, 0.1)));
    }

    @Test
    void the_policy_key_matches_the_fixture() {
        RetryPolicy p = new RetryPolicy.Normal(2, List.of("TRANSPORT", "TIMEOUT", "SERVER", "RATE_LIMIT", "EMPTY_RESPONSE"),
                new RetryPolicy.Backoff(1, 1, 0));

        assertThat(p.policyKey()).isEqualTo("[\"normal\",2,[\"EMPTY_RESPONSE\",\"RATE_LIMIT\",\"SERVER\",\"TIMEOUT\",\"TRANSPORT\"],1,1,0]");
    }

    @Test
    void the_always_policy_key_names_only_the_backoff() {
        assertThat(RetryPolicy.always().policyKey()).isEqualTo("[\"always\",500,10000,0.1]");
    }

    @Test
    void normal_mode_gives_up_on_a_code_it_does_not_list() {
        assertThat(RetryPolicy.normal().decide(failure("AUTH", null), 0, fixed(0.5))).isInstanceOf(RetryDecision.GiveUp.class);
    }

    @Test
    void normal_mode_gives_up_after_max_retries() {
        RetryPolicy p = RetryPolicy.normal();

        assertThat(p.decide(failure("SERVER", null), 4, fixed(0.5))).isInstanceOf(RetryDecision.Retry.class);
        assertThat(p.decide(failure("SERVER", null), 5, fixed(0.5))).isInstanceOf(RetryDecision.GiveUp.class);
    }

    @Test
    void backoff_doubles_from_the_initial_delay_up_to_the_ceiling_with_no_jitter_at_the_midpoint() {
        RetryPolicy p = RetryPolicy.normal();

        assertThat(List.of(0, 1, 2, 3, 4, 5, 6).stream()
                .map(n -> ((RetryDecision.Retry) new RetryPolicy.Always(RetryPolicy.Backoff.defaults())
                        .decide(failure("X", null), n, fixed(0.5))).delayMs()).toList())
                .containsExactly(500d, 1000d, 2000d, 4000d, 8000d, 10_000d, 10_000d);
        assertThat(((RetryDecision.Retry) p.decide(failure("SERVER", null), 0, fixed(0.5))).retry()).isEqualTo(1);
    }

    @Test
    void jitter_spreads_the_delay_symmetrically_by_the_ratio() {
        RetryPolicy p = RetryPolicy.normal();

        assertThat(((RetryDecision.Retry) p.decide(failure("SERVER", null), 0, fixed(0))).delayMs()).isEqualTo(450d);
        assertThat(((RetryDecision.Retry) p.decide(failure("SERVER", null), 0, fixed(1))).delayMs()).isEqualTo(550d);
    }

    @Test
    void a_provider_retry_after_within_the_ceiling_replaces_the_backoff_without_jitter() {
        assertThat(RetryPolicy.normal().decide(failure("RATE_LIMIT", 3_000L), 2, fixed(0.99)))
                .isEqualTo(new RetryDecision.Retry(3, 3_000));
        assertThat(RetryPolicy.always().decide(failure("QUOTA", 10_000L), 0, fixed(0.99)))
                .isEqualTo(new RetryDecision.Retry(1, 10_000));
    }

    @Test
    void a_provider_retry_after_beyond_the_ceiling_makes_normal_mode_give_up() {
        assertThat(RetryPolicy.normal().decide(failure("RATE_LIMIT", 10_001L), 0, fixed(0.5))).isInstanceOf(RetryDecision.GiveUp.class);
    }

    @Test
    void a_provider_retry_after_beyond_the_ceiling_makes_always_mode_use_its_own_backoff() {
        assertThat(RetryPolicy.always().decide(failure("RATE_LIMIT", 60_000L), 0, fixed(0.5))).isEqualTo(new RetryDecision.Retry(1, 500));
    }

    @Test
    void always_mode_retries_every_code_without_limit() {
        assertThat(RetryPolicy.always().decide(failure("AUTH", null), 1_000_000, fixed(0.5))).isInstanceOf(RetryDecision.Retry.class);
    }

    @Test
    void invalid_policies_are_refused_with_the_field_named() {
        assertThatThrownBy(() -> new RetryPolicy.Normal(-1, List.of("X"), RetryPolicy.Backoff.defaults())).hasMessageContaining("maxRetries");
        assertThatThrownBy(() -> new RetryPolicy.Normal(1, List.of(), RetryPolicy.Backoff.defaults())).hasMessageContaining("retryableCodes");
        assertThatThrownBy(() -> new RetryPolicy.Normal(1, List.of("A", "A"), RetryPolicy.Backoff.defaults())).hasMessageContaining("duplicates");
        assertThatThrownBy(() -> new RetryPolicy.Backoff(0, 1, 0)).hasMessageContaining("initialDelayMs");
        assertThatThrownBy(() -> new RetryPolicy.Backoff(5, 1, 0)).hasMessageContaining("less than or equal");
        assertThatThrownBy(() -> new RetryPolicy.Backoff(1, 1, 1.5)).hasMessageContaining("jitterRatio");
        assertThatThrownBy(() -> new RetryPolicy.Backoff(1, Double.NaN, 0)).hasMessageContaining("maxDelayMs");
    }

    @Property
    void a_local_delay_stays_within_the_jitter_band_and_under_the_ceiling(
            @ForAll @IntRange(min = 0, max = 2000) int previous, @ForAll @DoubleRange(min = 0, max = 1) double r,
            @ForAll @DoubleRange(min = 0, max = 1) double jitter) {
        RetryPolicy.Backoff b = new RetryPolicy.Backoff(500, 10_000, jitter);
        double base = Math.min(500 * Math.pow(2, Math.min(previous, 1024)), 10_000);

        double d = ((RetryDecision.Retry) new RetryPolicy.Always(b).decide(failure("X", null), previous, fixed(r))).delayMs();

        assertThat(d).isBetween(base * (1 - jitter) - 1e-9, Math.min(base * (1 + jitter), 10_000) + 1e-9);
    }
}
