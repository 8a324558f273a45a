package io.dsh4j.attention;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.message.json.Js;
import io.dsh4j.session.SessionHome;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.UnaryOperator;

/**
 * {@value #SPECIFIER}, row {@value #ROW_ID}: the live attention-health plugin (spec attention-health
 * §1.8). Each feature is set up on its own and isolated: a broken one logs (prefix
 * {@code [attention-health]}) and the others still work; nothing throws out of {@code apply}.
 *
 * <p>Config: {@code home} — the DSH home whose {@code attention-health/} folder receives the trip and
 * history records (default: {@code DSH_HOME}, else {@code ~/.dsh}); the app's bundled rows pass the
 * home of {@code --home}.
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
                ctx.logger().warn("[attention-health] the live guards are off: {}", e.toString());
            }
        });
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
