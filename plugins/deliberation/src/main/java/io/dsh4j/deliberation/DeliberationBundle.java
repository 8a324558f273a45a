package io.dsh4j.deliberation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.deliberation.core.DeliberationConfig;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.loader.PatchLayer;
import io.dsh4j.kernel.loader.PluginProvider;
import io.dsh4j.message.json.JsJson;
import java.util.Map;

/**
 * The loader specifiers of the deliberation package ({@value #TOOL_SPECIFIER},
 * {@value #MID_FORK_SPECIFIER}) and its shipped bundle layer (spec deliberation §2.6): the mid-fork
 * family, the current-turn provider and the {@code tool-deliberation} row, with the automatic review
 * on or off.
 */
public final class DeliberationBundle implements PluginProvider {

    /** The tool plugin's specifier. */
    public static final String TOOL_SPECIFIER = "dsh-deliberation";
    /** The mid-fork provider plugin's specifier. */
    public static final String MID_FORK_SPECIFIER = "dsh-deliberation/mid-fork-provider";
    /** The row ids of the bundle. */
    public static final String FAMILY_ROW = "subagent-mid-fork-step-family-in-process";
    public static final String CURRENT_TURN_ROW = "subagent-mid-fork-current-turn-in-process";
    public static final String TOOL_ROW = DeliberationConfig.PLUGIN_NAME;

    @Override
    public Map<String, Plugin<?>> plugins() {
        return Map.of(TOOL_SPECIFIER, DeliberationPlugin.PLUGIN, MID_FORK_SPECIFIER, MidForkProvider.PLUGIN);
    }

    /** The bundle's three rows; {@code autoReview} sets {@code autoReview.enabled} of the tool row. */
    public static PatchLayer layer(boolean autoReview) {
        ArrayNode rows = JsJson.nodes().arrayNode();
        ArrayNode insert = rows.addObject().putArray("insert");
        insert.addObject().put("id", FAMILY_ROW).put("name", MID_FORK_SPECIFIER).putObject("config")
                .put("providerName", "mid-fork-step").put("window", "recent-steps").put("maxRecentSteps", 8).put("mask", "reasoning-only")
                .put("maxSnapshotChars", 65536).put("maxSnapshotImages", 20);
        insert.addObject().put("id", CURRENT_TURN_ROW).put("name", MID_FORK_SPECIFIER).putObject("config")
                .put("providerName", "mid-fork-current-turn").put("window", "current-turn").put("mask", "reasoning-only")
                .put("maxSnapshotChars", 65536).put("maxSnapshotImages", 20);
        ObjectNode config = DeliberationConfig.bundleJson();
        ((ObjectNode) config.get("autoReview")).put("enabled", autoReview);
        insert.addObject().put("id", TOOL_ROW).put("name", TOOL_SPECIFIER).set("config", config);
        return PatchLayer.parse("dsh-deliberation bundle", rows.toString());
    }
}
