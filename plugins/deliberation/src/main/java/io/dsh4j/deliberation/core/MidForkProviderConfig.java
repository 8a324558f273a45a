package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@code subagent-mid-fork-in-process} plugin's configuration (spec §2.7): which mid-fork
 * providers to register — a family {@code <name>-1..<name>-N}, one fixed-K provider, or one
 * current-turn provider — each with the snapshot ceilings (defaults 65536 characters, 20 images).
 */
public final class MidForkProviderConfig {

    /** The plugin's name. */
    public static final String PLUGIN_NAME = "subagent-mid-fork-in-process";

    private MidForkProviderConfig() {}

    /** One provider to register. */
    public record ProviderSpec(String name, Window window, Mask mask, ProjectionLimits limits) {
        public ProviderSpec {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(window, "window");
            Objects.requireNonNull(mask, "mask");
            Objects.requireNonNull(limits, "limits");
        }

        /** Every mid-fork provider inherits parent context and declares all four capabilities. */
        public ProviderInfo info() {
            return new ProviderInfo(name, true, true, true, true);
        }
    }

    /**
     * The providers a raw configuration registers.
     *
     * @throws ConfigException with the documented message
     */
    public static List<ProviderSpec> resolve(JsonNode raw) {
        JsonNode c = raw == null || raw.isNull() ? io.dsh4j.message.json.JsJson.nodes().objectNode() : raw;
        if (!c.isObject()) throw new ConfigException("mid-fork configuration must be an object");
        JsonNode nameNode = c.get("providerName");
        String name = JsValues.nullish(nameNode) ? "mid-fork-step" : null;
        if (name == null) {
            if (!JsValues.nonBlankString(nameNode)) throw new ConfigException("mid-fork providerName must be non-empty");
            name = nameNode.textValue();
        }
        String windowKind = text(c.get("window"), "recent-steps");
        Mask mask = Mask.of(text(c.get("mask"), Mask.REASONING_ONLY.label()))
                .orElseThrow(() -> new ConfigException("mid-fork mask must be reasoning-only or action-only"));
        ProjectionLimits limits = new ProjectionLimits(positive(c.get("maxSnapshotChars"), ProjectionLimits.DEFAULTS.maxSnapshotChars(),
                "mid-fork maxSnapshotChars must be a positive safe integer"),
                positive(c.get("maxSnapshotImages"), ProjectionLimits.DEFAULTS.maxSnapshotImages(),
                        "mid-fork maxSnapshotImages must be a positive safe integer"));
        boolean hasK = !JsValues.nullish(c.get("recentSteps"));
        boolean hasMax = !JsValues.nullish(c.get("maxRecentSteps"));
        switch (windowKind) {
            case "current-turn" -> {
                if (hasK || hasMax) throw new ConfigException("mid-fork current-turn window cannot configure recentSteps or maxRecentSteps");
                return List.of(new ProviderSpec(name, new Window.CurrentTurn(), mask, limits));
            }
            case "recent-steps" -> {
                if (hasK && hasMax) throw new ConfigException("mid-fork recent-steps config must choose recentSteps or maxRecentSteps, not both");
                if (hasK) return List.of(new ProviderSpec(name, new Window.RecentSteps(k(c.get("recentSteps"), "recentSteps")), mask, limits));
                int max = hasMax ? k(c.get("maxRecentSteps"), "maxRecentSteps") : DeliberationConfig.DEFAULT_MAX_RECENT_STEPS;
                List<ProviderSpec> out = new ArrayList<>();
                for (int i = 1; i <= max; i++) out.add(new ProviderSpec(name + "-" + i, new Window.RecentSteps(i), mask, limits));
                return out;
            }
            default -> throw new ConfigException("mid-fork window must be recent-steps or current-turn");
        }
    }

    /** The shipped recent-Step family ({@code mid-fork-step-1..8}). */
    public static List<ProviderSpec> bundleFamily() {
        return resolve(io.dsh4j.message.json.JsJson.parse("{\"providerName\":\"mid-fork-step\",\"window\":\"recent-steps\",\"maxRecentSteps\":8,"
                + "\"mask\":\"reasoning-only\",\"maxSnapshotChars\":65536,\"maxSnapshotImages\":20}"));
    }

    /** The shipped automatic-review provider ({@code mid-fork-current-turn}). */
    public static List<ProviderSpec> bundleCurrentTurn() {
        return resolve(io.dsh4j.message.json.JsJson.parse("{\"providerName\":\"mid-fork-current-turn\",\"window\":\"current-turn\","
                + "\"mask\":\"reasoning-only\",\"maxSnapshotChars\":65536,\"maxSnapshotImages\":20}"));
    }

    private static int k(JsonNode v, String field) {
        if (!JsValues.safeInteger(v) || JsValues.longOf(v) < 1) throw new ConfigException("mid-fork " + field + " must be a positive safe integer");
        if (JsValues.longOf(v) > Window.MAX_RECENT_STEPS) throw new ConfigException("mid-fork " + field + " must be no greater than " + Window.MAX_RECENT_STEPS);
        return (int) JsValues.longOf(v);
    }

    private static long positive(JsonNode v, long fallback, String message) {
        if (JsValues.nullish(v)) return fallback;
        if (!JsValues.safeInteger(v) || JsValues.longOf(v) < 1) throw new ConfigException(message);
        return JsValues.longOf(v);
    }

    private static String text(JsonNode v, String fallback) {
        if (JsValues.nullish(v)) return fallback;
        return v.isTextual() ? v.textValue() : JsValues.string(v);
    }
}
