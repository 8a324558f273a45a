package io.dsh4j.app.run;

import io.dsh4j.agent.AgentBoot;
import io.dsh4j.agent.DefaultProfile;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.kernel.loader.LoaderException;
import io.dsh4j.kernel.loader.PatchLayer;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.SessionHome;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import java.util.function.UnaryOperator;

/**
 * What {@code dsh4j run} and {@code dsh4j chat} share before the first turn: option checks, the
 * no-model screen (exit 3), the working directory, and booting the profile with the flag patch layer
 * (session root under the home, the model route, {@code --yes}). Texts: {@link RunCommand#TEXTS}.
 */
public final class AgentLaunch {

    /** The reasoning efforts {@code --effort} accepts. */
    public static final List<String> EFFORTS = List.of("off", "low", "high", "max");

    private final ResourceBundle texts;
    public final String route;
    public final String baseUrl;
    public final Path workDir;
    public final Path home;
    public final boolean yes;

    private AgentLaunch(ResourceBundle texts, String route, String baseUrl, Path workDir, Path home, boolean yes) {
        this.texts = texts;
        this.route = route;
        this.baseUrl = baseUrl;
        this.workDir = workDir;
        this.home = home;
        this.yes = yes;
    }

    /** The outcome of {@link #prepare}: a launch, or the exit code after the message was printed. */
    public record Prepared(AgentLaunch launch, int exitCode) {}

    /**
     * Checks the flags shared by run and chat; on a problem prints it on {@code err} and returns its
     * exit code (2 usage, 3 no model or no working directory).
     */
    public static Prepared prepare(ResourceBundle texts, String effort, String provider, String flagBaseUrl, Path cwd,
                                   String home, boolean yes, UnaryOperator<String> env, PrintWriter err) {
        if (effort != null && !EFFORTS.contains(effort)) {
            err.println(format(texts, "message.error", format(texts, "message.badEffort", effort)));
            return new Prepared(null, ExitCodes.USAGE);
        }
        String route = provider != null ? provider : DefaultProfile.DEFAULT_PROVIDER;
        String effectiveBaseUrl = flagBaseUrl != null ? flagBaseUrl : blankToNull(env.apply("DEEPSEEK_BASE_URL"));
        if (effectiveBaseUrl == null && blankToNull(env.apply("DEEPSEEK_API_KEY")) == null) {
            err.println(format(texts, "message.noModel"));
            err.flush();
            return new Prepared(null, ExitCodes.INPUT_UNAVAILABLE);
        }
        Path workDir = (cwd != null ? cwd : Path.of("")).toAbsolutePath().normalize();
        if (!Files.isDirectory(workDir)) {
            err.println(format(texts, "message.error", format(texts, "message.noCwd", workDir)));
            return new Prepared(null, ExitCodes.INPUT_UNAVAILABLE);
        }
        return new Prepared(new AgentLaunch(texts, route, flagBaseUrl, workDir, SessionHome.resolve(home).dir(), yes), 0);
    }

    /** Whether a model is configured: a base URL flag, {@code DEEPSEEK_BASE_URL} or {@code DEEPSEEK_API_KEY} (as {@link #prepare} decides). */
    public static boolean modelConfigured(String flagBaseUrl, UnaryOperator<String> env) {
        return flagBaseUrl != null || blankToNull(env.apply("DEEPSEEK_BASE_URL")) != null
                || blankToNull(env.apply("DEEPSEEK_API_KEY")) != null;
    }

    /** Boots the profile (or {@code profile}) with {@code patches} and the flag layer last; {@code null} after a printed loader error. */
    public AgentBoot boot(String profile, List<Path> patches, PrintWriter err) {
        return boot(profile, patches, false, err);
    }

    /**
     * As {@link #boot(String, List, PrintWriter)}; with {@code ownApproval} the profile's
     * {@code approval} row is disabled (unless {@code --yes}) so that the caller provides its own
     * {@code ApprovalPolicy} on the root context.
     */
    public AgentBoot boot(String profile, List<Path> patches, boolean ownApproval, PrintWriter err) {
        return boot(profile, patches, ownApproval, List.of(), err);
    }

    /**
     * As {@link #boot(String, List, boolean, PrintWriter)}; the default profile also mounts
     * {@link BundledPlugins} (inserted right after the default bundle, so any patch can turn one off),
     * and the rows named in {@code noPlugins} are disabled after every patch.
     */
    public AgentBoot boot(String profile, List<Path> patches, boolean ownApproval, List<String> noPlugins, PrintWriter err) {
        return boot(profile, patches, ownApproval, noPlugins, List.of(), err);
    }

    /**
     * As {@link #boot(String, List, boolean, List, PrintWriter)} with {@code extra} layers after the
     * profile's and the {@code --patch} layers (the {@code --deliberation} bundle, say).
     */
    public AgentBoot boot(String profile, List<Path> patches, boolean ownApproval, List<String> noPlugins, List<PatchLayer> extra,
                          PrintWriter err) {
        try {
            List<PatchLayer> layers = new ArrayList<>(DefaultProfile.layers(home, profile, patches, false,
                    AgentLaunch.class.getClassLoader()));
            if (profile == null) layers.add(1, BundledPlugins.layer(home));
            layers.addAll(extra);
            if (!noPlugins.isEmpty()) layers.add(BundledPlugins.disabled(noPlugins));
            layers.add(flagLayer(ownApproval && !yes));
            return AgentBoot.start(layers, AgentLaunch.class.getClassLoader());
        } catch (LoaderException e) {
            err.println(format(texts, "message.error", e.getMessage()));
            return null;
        }
    }

    /** The flag-derived patch layer, applied last (like DSH's flag patches). */
    private PatchLayer flagLayer(boolean withoutApproval) {
        var rows = JsJson.nodes().arrayNode();
        var session = rows.addObject().put("id", "session");
        session.putObject("config").put("root", home.resolve(SessionHome.SESSIONS).toString())
                .put("compression", "zstd").put("writeBatchMaxDelayMs", 200);
        var llm = rows.addObject().put("id", "llm-deepseek");
        var llmConfig = llm.putObject("config")
                .put("dialect", "openai-compatible".equals(route) ? "openai-compatible" : "deepseek")
                .put("provider", route).put("apiKeyEnv", "DEEPSEEK_API_KEY");
        if (baseUrl != null) llmConfig.put("baseUrl", baseUrl).put("apiKeyRequired", false);
        if (withoutApproval) rows.addObject().put("id", "approval").put("disabled", true);
        else rows.addObject().put("id", "approval").putObject("config").put("yes", yes);
        return PatchLayer.parse("dsh4j flags", rows.toString());
    }

    /**
     * Checks {@code --no-plugin} names; on an unknown one prints it with the bundled ids on {@code err}.
     *
     * @return 0, or the usage exit code
     */
    public static int checkNoPlugins(ResourceBundle texts, List<String> noPlugins, PrintWriter err) {
        String unknown = BundledPlugins.unknown(noPlugins);
        if (unknown == null) return 0;
        err.println(format(texts, "message.error", format(texts, "message.badNoPlugin", unknown,
                String.join(", ", BundledPlugins.ids()))));
        return ExitCodes.USAGE;
    }

    /** The extra layers of {@code --deliberation} / {@code --auto-review} ({@code --auto-review} mounts the plugin too). */
    public static List<PatchLayer> deliberationLayers(boolean deliberation, boolean autoReview) {
        return deliberation || autoReview ? List.of(io.dsh4j.deliberation.DeliberationBundle.layer(autoReview)) : List.of();
    }

    /** One line of a tool result's text, for a one-line display. */
    public static String resultText(io.dsh4j.session.event.EventPayload.ToolResult r) {
        for (io.dsh4j.message.ContentBlock b : r.message().result().content()) {
            if (b instanceof io.dsh4j.message.ContentBlock.Text t) return t.text();
        }
        return "";
    }

    static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    static String format(ResourceBundle texts, String key, Object... args) {
        Locale locale = texts.getLocale();
        return new MessageFormat(texts.getString(key), locale).format(args);
    }
}
