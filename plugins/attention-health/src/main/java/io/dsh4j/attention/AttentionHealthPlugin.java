package io.dsh4j.attention;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentEvents;
import io.dsh4j.agent.AgentStatus;
import io.dsh4j.agent.SessionProjections;
import io.dsh4j.attention.core.Advice;
import io.dsh4j.attention.core.HealthReducer;
import io.dsh4j.attention.core.HealthState;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.web.WebRoutes;
import io.dsh4j.message.json.Js;
import io.dsh4j.session.SessionHome;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.function.UnaryOperator;

/**
 * {@value #SPECIFIER}, row {@value #ROW_ID}: the live attention-health plugin (spec attention-health
 * §1.8). Each feature is set up on its own and isolated: a broken one logs (prefix
 * {@code [attention-health]}) and the others still work; nothing throws out of {@code apply}.
 *
 * <p>Config: {@code home} — the DSH home whose {@code attention-health/} folder receives the trip and
 * history records (default: {@code DSH_HOME}, else {@code ~/.dsh}); the app's bundled rows pass the
 * home of {@code --home}. {@code toolLoop.enabled} (default {@code true}), {@code toolLoop.repeatLimit}
 * (9) and {@code toolLoop.cycleRepeats} (4) set the tool-call loop guard; a value that is not an
 * integer ≥ 2 keeps the default.
 */
public final class AttentionHealthPlugin {

    /** The loader specifier (the original's package name). */
    public static final String SPECIFIER = "dsh-attention-health";
    /** The row id of the bundled row (the original's {@code cordis.patch.yml}). */
    public static final String ROW_ID = "attention-health";
    /** The folder under the home that holds the plugin's files (spec §7). */
    public static final String DIR = "attention-health";

    /**
     * What the plugin reads from its surroundings; tests inject them.
     *
     * @param clock the instant of trip records and of the price tier
     * @param env the environment ({@code DSH_HOME}, {@code DSH_ATTENTION_HEALTH_GUARD_TAIL})
     */
    public record Options(Clock clock, UnaryOperator<String> env) {
        /** The system clock and environment. */
        public static Options system() {
            return new Options(Clock.systemUTC(), System::getenv);
        }
    }

    /** The plugin with the system clock and environment. */
    public static final Plugin<JsonNode> PLUGIN = plugin(Options.system());

    /** The plugin with {@code options}. */
    public static Plugin<JsonNode> plugin(Options options) {
        return Plugin.named(ROW_ID).setup((ctx, config) -> {
            Path dir = homeOf(config, options).resolve(DIR);
            try {
                LiveGuards.install(ctx, dir, options);
            } catch (RuntimeException e) {
                ctx.logger().warn("[attention-health] the reasoning guard is off: {}", e.toString());
            }
            try {
                JsonNode tool = Js.get(config, "toolLoop");
                if (!Boolean.FALSE.equals(flag(tool, "enabled"))) {
                    LiveGuards.installToolGuard(ctx, dir, options, limit(tool, "repeatLimit", ToolLoopDetector.DEFAULT_REPEAT_LIMIT),
                            limit(tool, "cycleRepeats", ToolLoopDetector.DEFAULT_CYCLE_REPEATS));
                }
            } catch (RuntimeException e) {
                ctx.logger().warn("[attention-health] the tool-call loop guard is off: {}", e.toString());
            }
            ctx.inject(List.of(WebRoutes.KEY), c -> {
                try {
                    HandoffRoute route = new HandoffRoute(c, dir, options);
                    c.require(WebRoutes.KEY).register(c, WebRoutes.Kind.PREFIX, HandoffRoute.PREFIX, route::handle);
                } catch (RuntimeException e) {
                    c.logger().warn("[attention-health] the handoff route is off: {}", e.toString());
                }
            });
            ctx.inject(List.of(SessionProjections.KEY), c -> {
                try {
                    installProjection(c, options);
                } catch (RuntimeException e) {
                    c.logger().warn("[attention-health] the projection is off: {}", e.toString());
                }
            });
        });
    }

    private static void installProjection(Context ctx, Options options) {
        SessionProjections projections = ctx.require(SessionProjections.KEY);
        projections.register(ctx, new HealthProjection(new HealthReducer(options.clock())));
        AttentionHealth health = new AttentionHealth(projections);
        Map<Agent, Advice> before = java.util.Collections.synchronizedMap(new WeakHashMap<>());
        ctx.events().on(AgentEvents.STATUS, p -> {
            try {
                Optional<HealthState> state = health.state(p.agent().session());
                if (state.isEmpty()) return;
                AttentionHealth.Status now = AttentionHealth.statusOf(state.get());
                if (p.status() == AgentStatus.RUNNING) {
                    before.put(p.agent(), now.advice());
                } else {
                    ctx.events().emitContained(AttentionHealth.STATUS,
                            new AttentionHealth.StatusNotice(p.agent(), now, state.get(), before.remove(p.agent())));
                }
            } catch (RuntimeException e) {
                ctx.logger().warn("[attention-health] status exception (isolated): {}", e.toString());
            }
        });
        ctx.provide(AttentionHealth.KEY, health);
    }

    private static Boolean flag(JsonNode obj, String key) {
        JsonNode v = Js.get(obj, key);
        return v != null && v.isBoolean() ? v.booleanValue() : null;
    }

    /** An integer setting ≥ 2, else {@code fallback} (a bad value is logged by the caller's defaults, never fatal). */
    private static int limit(JsonNode obj, String key, int fallback) {
        JsonNode v = Js.get(obj, key);
        return v != null && v.canConvertToInt() && v.isIntegralNumber() && v.intValue() >= 2 ? v.intValue() : fallback;
    }

    static Path homeOf(JsonNode config, Options options) {
        String configured = Js.nonEmptyStr(Js.get(config, "home"));
        if (configured != null) return Path.of(configured);
        java.util.Map<String, String> env = new java.util.HashMap<>();
        String value = options.env().apply(SessionHome.ENV);
        if (value != null) env.put(SessionHome.ENV, value);
        return SessionHome.resolve(null, env, Path.of(System.getProperty("user.home"))).dir();
    }

    private AttentionHealthPlugin() {}
}
