package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code tool-deliberation} configuration, resolved (spec §2.1–§2.5). Build it with
 * {@link #resolve(JsonNode)} from the raw configuration a loader hands over; every default is stated
 * in {@link ConfigResolver}. Immutable and thread-safe.
 *
 * @param routes   by name, in configuration order
 * @param profiles by name, in configuration order
 */
public record DeliberationConfig(String freshProvider, String forkProvider, String midForkProvider, int maxRecentSteps,
                                 String toolName, long maxBranches, long maxDepth, long branchTimeoutMs, Map<String, Route> routes,
                                 Map<String, CapabilityProfile> profiles, AutoReviewConfig autoReview, boolean debug) {

    /** The name of the tool plugin. */
    public static final String PLUGIN_NAME = "tool-deliberation";
    /** Default tool name. */
    public static final String DEFAULT_TOOL_NAME = "deliberate";
    /** {@code DEFAULT_MAX_RECENT_STEPS}. */
    public static final int DEFAULT_MAX_RECENT_STEPS = 8;
    /** {@code DEFAULT_BRANCH_TIMEOUT_MS}: 10 minutes. */
    public static final long DEFAULT_BRANCH_TIMEOUT_MS = 600_000;
    /** {@code MAX_TIMER_DELAY_MS}: 2^31 − 1. */
    public static final long MAX_TIMER_DELAY_MS = 2_147_483_647L;
    /** The code of a manual branch's deadline. */
    public static final String BRANCH_TIMEOUT_CODE = "DELIBERATION_BRANCH_TIMEOUT";
    /** The code of the automatic review's deadline. */
    public static final String AUTO_REVIEW_TIMEOUT_CODE = "DELIBERATION_AUTO_REVIEW_TIMEOUT";

    public DeliberationConfig {
        Objects.requireNonNull(freshProvider, "freshProvider");
        Objects.requireNonNull(forkProvider, "forkProvider");
        Objects.requireNonNull(midForkProvider, "midForkProvider");
        Objects.requireNonNull(toolName, "toolName");
        routes = Collections.unmodifiableMap(new LinkedHashMap<>(routes));
        profiles = Collections.unmodifiableMap(new LinkedHashMap<>(profiles));
        Objects.requireNonNull(autoReview, "autoReview");
    }

    /**
     * {@code resolveConfig}: validates in the documented order and applies the defaults.
     *
     * @throws ConfigException naming the first problem, prefixed {@code tool-deliberation: }
     */
    public static DeliberationConfig resolve(JsonNode raw) {
        return ConfigResolver.resolve(raw);
    }

    /** The configuration the package ships in its bundle layer (spec §2.6). */
    public static DeliberationConfig bundle() {
        return resolve(bundleJson());
    }

    /** The bundle row's configuration as raw JSON. */
    public static ObjectNode bundleJson() {
        ObjectNode c = JsJson.nodes().objectNode().put("freshProvider", "spawn").put("forkProvider", "fork")
                .put("midForkProvider", "mid-fork-step").put("maxRecentSteps", 8).put("maxBranches", 3).put("maxDepth", 1)
                .put("branchTimeoutMs", DEFAULT_BRANCH_TIMEOUT_MS);
        c.putArray("routes").addObject().put("name", "same").put("description", "inherit the Primary provider, model and token ceiling");
        var profiles = c.putArray("capabilityProfiles");
        ObjectNode reason = profiles.addObject().put("name", "reason-only")
                .put("description", "no inherited model-facing tools; reason only from projected context");
        reason.putArray("allow");
        ObjectNode read = profiles.addObject().put("name", "read-only")
                .put("description", "inspect the workspace with read/grep/glob; no command execution or file mutation");
        read.putArray("allow").add("read").add("grep").add("glob");
        c.putObject("autoReview").put("enabled", false).put("scope", "tool-bearing-turns").put("provider", "mid-fork-current-turn")
                .put("route", "same").put("capability", "read-only").put("publish", "updates-only").put("timeoutMs", 300_000);
        return c;
    }

    /** {@code recentStepProviderName(prefix, K)}: {@code <prefix>-<K>}. */
    public String familyProvider(int k) {
        if (k < 1 || k > Window.MAX_RECENT_STEPS) throw new IllegalArgumentException("recent-steps provider K must be 1 through 32");
        return midForkProvider + "-" + k;
    }

    /** The providers the tool needs before it mounts: fresh, fork, then {@code <prefix>-1..<prefix>-maxRecentSteps}. */
    public List<String> requiredProviders() {
        List<String> out = new ArrayList<>();
        out.add(freshProvider);
        out.add(forkProvider);
        for (int k = 1; k <= maxRecentSteps; k++) out.add(familyProvider(k));
        return out;
    }

    /** The provider a branch starts (spec §4.1 step 8); masked review by the projected, not the requested, window. */
    public String providerFor(Role role, HistoryWindow window) {
        return switch (role.history()) {
            case FRESH -> freshProvider;
            case FORK -> forkProvider;
            case MID_FORK -> familyProvider(Objects.requireNonNull(window, "window").projectedSteps());
        };
    }
}
