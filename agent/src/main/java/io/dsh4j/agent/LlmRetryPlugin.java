package io.dsh4j.agent;

import io.dsh4j.kernel.Signal;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.llm.RetryDecision;
import io.dsh4j.llm.RetryPolicy;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;

/**
 * {@code @deepseek-ai/dsh-llm-retry}: answers {@code agent/request-error} with the route's
 * {@link RetryPolicy} (spec sessions-llm-http §5.4). A retry is logged as {@code llm/retry}, waited
 * for (cancellably: an abort ends the wait and the turn), then marked {@code llm/retry-started}.
 * Retries already made are counted from the log, per (turn, step, provider, policy key).
 */
public final class LlmRetryPlugin {

    /** How the delay is waited for; tests pass one that does not wait. */
    @FunctionalInterface
    public interface Sleeper {
        /** Waits {@code millis} or until {@code signal} aborts, whichever is first. */
        void sleep(long millis, Signal signal) throws InterruptedException;

        /** The real wait. */
        Sleeper REAL = (millis, signal) -> {
            CountDownLatch aborted = new CountDownLatch(1);
            try (Signal.Registration r = signal.onAbort(reason -> aborted.countDown())) {
                aborted.await(millis, TimeUnit.MILLISECONDS);
            }
        };
    }

    /** The plugin with real waits. */
    public static final Plugin<com.fasterxml.jackson.databind.JsonNode> PLUGIN = plugin(Sleeper.REAL, new Random());

    /** The plugin with {@code sleeper} and jitter from {@code random}. */
    public static Plugin<com.fasterxml.jackson.databind.JsonNode> plugin(Sleeper sleeper, RandomGenerator random) {
        return Plugin.named("llm-retry").setup((ctx, config) -> ctx.events().on(AgentEvents.REQUEST_ERROR, (p, next) -> {
            AgentEvents.Retry downstream = next.proceed();
            if (downstream != null) return downstream;
            RetryPolicy policy = p.retryPolicy();
            int previous = previousRetries(p.agent().session(), p.turn(), p.step(), p.provider(), policy.policyKey());
            RetryDecision d;
            synchronized (random) {
                d = policy.decide(p.failure(), previous, random);
            }
            if (!(d instanceof RetryDecision.Retry retry)) return null;
            String id = UUID.randomUUID().toString();
            long delay = Math.round(retry.delayMs());
            Long max = policy instanceof RetryPolicy.Normal n ? (long) n.maxRetries() : null;
            LiveSession s = p.agent().session();
            s.append(new EventPayload.LlmRetry(id, p.turn(), p.step(), p.provider(),
                    policy instanceof RetryPolicy.Normal ? "normal" : "always", policy.policyKey(), retry.retry(), max, delay,
                    p.failure()));
            try {
                sleeper.sleep(delay, p.signal());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
            p.signal().throwIfAborted();
            s.append(new EventPayload.LlmRetryStarted(id, p.turn(), p.step(), retry.retry()));
            return new AgentEvents.Retry();
        }));
    }

    private static int previousRetries(LiveSession session, long turn, long step, String provider, String policyKey) {
        int n = 0;
        for (SessionEvent e : session.events()) {
            if (e.type().equals(EventTypes.LLM_RETRY) && e.payload() instanceof EventPayload.LlmRetry r && r.turn() == turn
                    && r.step() == step && provider.equals(r.provider()) && policyKey.equals(r.policyKey())) n++;
        }
        return n;
    }

    private LlmRetryPlugin() {}
}
