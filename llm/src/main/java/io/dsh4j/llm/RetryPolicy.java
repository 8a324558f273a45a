package io.dsh4j.llm;

import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsNumberFormat;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * A provider route's retry policy (§5.4), as a value the agent loop executes after a failed attempt;
 * the model layer itself never retries inside {@link ModelAdapter#stream}. {@link #decide} is a pure
 * function of the failure, the retries already made and an injected random source, so a loop with a
 * fake clock and a seeded random is deterministic.
 */
public sealed interface RetryPolicy {

    /** Default maximum retries after the first request. */
    int DEFAULT_MAX_RETRIES = 5;
    /** Default failure codes the normal mode retries. */
    List<String> DEFAULT_RETRYABLE_CODES = List.of(LlmCodes.EMPTY_RESPONSE, LlmCodes.RATE_LIMIT, LlmCodes.SERVER,
            LlmCodes.TIMEOUT, LlmCodes.TRANSPORT);

    /** The backoff shared by both modes. */
    Backoff backoff();

    /**
     * Whether and when to retry after {@code failure}.
     *
     * @param failure         the failed attempt's failure
     * @param previousRetries retries already made for this (turn, step, provider, policy key); 0 after the first attempt
     * @param random          jitter source; {@link RandomGenerator#nextDouble()} is read at most once
     */
    RetryDecision decide(LlmFailure failure, int previousRetries, RandomGenerator random);

    /** The canonical JSON array identifying this policy in {@code llm/retry} events. */
    String policyKey();

    /** DSH's default policy: normal mode, 5 retries, the default codes, 500 ms → 10 s backoff, jitter 0.1. */
    static RetryPolicy normal() {
        return new Normal(DEFAULT_MAX_RETRIES, DEFAULT_RETRYABLE_CODES, Backoff.defaults());
    }

    /** Retry every failure without limit, with the default backoff. */
    static RetryPolicy always() {
        return new Always(Backoff.defaults());
    }

    /**
     * Exponential backoff with symmetric jitter.
     *
     * @param initialDelayMs first local delay, > 0
     * @param maxDelayMs     ceiling of local delays and of accepted provider Retry-After, ≥ initialDelayMs
     * @param jitterRatio    delays are multiplied by a uniform factor in [1 − r, 1 + r], 0 ≤ r ≤ 1
     */
    record Backoff(double initialDelayMs, double maxDelayMs, double jitterRatio) {
        /** Largest delay a JavaScript timer accepts, the original's bound on both delays. */
        public static final double MAX_TIMER_DELAY_MS = 2_147_483_647d;

        public Backoff {
            if (!(initialDelayMs > 0 && initialDelayMs <= MAX_TIMER_DELAY_MS))
                throw new IllegalArgumentException("initialDelayMs must be a positive number no greater than " + (long) MAX_TIMER_DELAY_MS + ": " + initialDelayMs);
            if (!(maxDelayMs > 0 && maxDelayMs <= MAX_TIMER_DELAY_MS))
                throw new IllegalArgumentException("maxDelayMs must be a positive number no greater than " + (long) MAX_TIMER_DELAY_MS + ": " + maxDelayMs);
            if (initialDelayMs > maxDelayMs)
                throw new IllegalArgumentException("initialDelayMs must be less than or equal to maxDelayMs");
            if (!(jitterRatio >= 0 && jitterRatio <= 1))
                throw new IllegalArgumentException("jitterRatio must be between 0 and 1: " + jitterRatio);
        }

        /** 500 ms, 10,000 ms, 0.1. */
        public static Backoff defaults() {
            return new Backoff(500, 10_000, 0.1);
        }

        /** The local delay before retry number {@code retry} (1-based), jittered with {@code random}. */
        public double delayMs(int retry, RandomGenerator random) {
            double exponential = Math.min(initialDelayMs * Math.pow(2, Math.min(retry - 1, 1024)), maxDelayMs);
            double jitter = 1 - jitterRatio + 2 * jitterRatio * random.nextDouble();
            return Math.min(exponential * jitter, maxDelayMs);
        }
    }

    /** Retry only {@code retryableCodes}, at most {@code maxRetries} times. */
    record Normal(int maxRetries, List<String> retryableCodes, Backoff backoff) implements RetryPolicy {
        public Normal {
            if (maxRetries < 0) throw new IllegalArgumentException("maxRetries must be non-negative: " + maxRetries);
            retryableCodes = List.copyOf(retryableCodes);
            if (retryableCodes.isEmpty()) throw new IllegalArgumentException("retryableCodes must not be empty");
            if (retryableCodes.stream().anyMatch(String::isEmpty))
                throw new IllegalArgumentException("retryableCodes must contain only non-empty strings");
            if (new HashSet<>(retryableCodes).size() != retryableCodes.size())
                throw new IllegalArgumentException("retryableCodes must not contain duplicates");
            Objects.requireNonNull(backoff, "backoff");
        }

        @Override
        public RetryDecision decide(LlmFailure failure, int previousRetries, RandomGenerator random) {
            if (!retryableCodes.contains(failure.code()))
                return new RetryDecision.GiveUp("code " + failure.code() + " is not retryable");
            if (previousRetries >= maxRetries)
                return new RetryDecision.GiveUp("retries exhausted (" + maxRetries + ")");
            int retry = previousRetries + 1;
            Long after = failure.providerRetryAfterMs();
            if (after != null && after > 0) {
                if (after > backoff.maxDelayMs())
                    return new RetryDecision.GiveUp("provider Retry-After " + after + " ms exceeds maxDelayMs");
                return new RetryDecision.Retry(retry, after);
            }
            return new RetryDecision.Retry(retry, backoff.delayMs(retry, random));
        }

        @Override
        public String policyKey() {
            StringBuilder b = new StringBuilder("[\"normal\",").append(maxRetries).append(",[");
            List<String> sorted = retryableCodes.stream().sorted().toList();
            for (int i = 0; i < sorted.size(); i++) {
                if (i > 0) b.append(',');
                b.append(JsJson.quote(sorted.get(i)));
            }
            b.append("],");
            return appendBackoff(b, backoff).append(']').toString();
        }
    }

    /** Retry every failure, without limit, until success or cancellation. */
    record Always(Backoff backoff) implements RetryPolicy {
        public Always { Objects.requireNonNull(backoff, "backoff"); }

        @Override
        public RetryDecision decide(LlmFailure failure, int previousRetries, RandomGenerator random) {
            int retry = previousRetries + 1;
            Long after = failure.providerRetryAfterMs();
            if (after != null && after > 0 && after <= backoff.maxDelayMs()) return new RetryDecision.Retry(retry, after);
            return new RetryDecision.Retry(retry, backoff.delayMs(retry, random));
        }

        @Override
        public String policyKey() {
            return appendBackoff(new StringBuilder("[\"always\","), backoff).append(']').toString();
        }
    }

    private static StringBuilder appendBackoff(StringBuilder b, Backoff backoff) {
        JsNumberFormat.append(b, backoff.initialDelayMs());
        b.append(',');
        JsNumberFormat.append(b, backoff.maxDelayMs());
        b.append(',');
        JsNumberFormat.append(b, backoff.jitterRatio());
        return b;
    }
}
