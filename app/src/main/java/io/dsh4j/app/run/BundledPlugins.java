package io.dsh4j.app.run;

import io.dsh4j.kernel.loader.PatchLayer;
import io.dsh4j.message.json.JsJson;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

/**
 * The plugins {@code dsh4j run} and {@code dsh4j chat} mount with the default profile, one line each:
 * a row id (what {@code --no-plugin} and a profile patch name) and the loader specifier the plugin's
 * module provides. Every row gets {@code home} (the resolved {@code --home}) in its config.
 *
 * <p>A row is turned off by {@code --no-plugin ID} (repeatable) or by a patch layer —
 * {@code - id: attention-health\n  disabled: true} in the home's {@code cordis.patch.yml}, a profile's, or a
 * {@code --patch} file.
 */
public final class BundledPlugins {

    /** One bundled plugin: its row id and its loader specifier. */
    public record Bundled(String id, String specifier) {}

    /** The bundled plugins, in mount order. Add one line per plugin. */
    public static final List<Bundled> ALL = List.of(
            new Bundled(io.dsh4j.attention.AttentionHealthPlugin.ROW_ID, io.dsh4j.attention.AttentionHealthPlugin.SPECIFIER),
            new Bundled(io.dsh4j.beliefmerge.BeliefMergePlugin.ROW_ID, io.dsh4j.beliefmerge.BeliefMergePlugin.SPECIFIER));

    private BundledPlugins() {}

    /** The ids of {@link #ALL}. */
    public static List<String> ids() {
        return ALL.stream().map(Bundled::id).toList();
    }

    /** The layer that inserts every bundled row (right after the default bundle). */
    public static PatchLayer layer(Path home) {
        var rows = JsJson.nodes().arrayNode();
        var insert = rows.addObject().putArray("insert");
        for (Bundled b : ALL) {
            insert.addObject().put("id", b.id()).put("name", b.specifier()).putObject("config").put("home", home.toString());
        }
        return PatchLayer.parse("dsh4j bundled plugins", rows.toString());
    }

    /** The layer that disables the rows named by {@code --no-plugin} (applied after every patch). */
    public static PatchLayer disabled(Collection<String> ids) {
        var rows = JsJson.nodes().arrayNode();
        for (String id : ids) rows.addObject().put("id", id).put("disabled", true);
        return PatchLayer.parse("dsh4j --no-plugin", rows.toString());
    }

    /** The first of {@code ids} that names no bundled plugin, or {@code null}. */
    public static String unknown(Collection<String> ids) {
        for (String id : ids) if (!ids().contains(id)) return id;
        return null;
    }
}
