package io.dsh4j.kernel.loader;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * One validated entry row (spec §2.1).
 *
 * @param id the stable identifier, unique in the tree
 * @param name the plugin specifier ({@code cordis:group} for a group row)
 * @param config the raw plugin config ({@code MissingNode} when absent); for a group, unused
 * @param disabled whether the row itself is disabled (an enclosing group's flag is applied on top)
 * @param group whether this is a group row
 * @param inject extra required services
 * @param isolate services isolated for this row's subtree: {@code null} value = private realm, a
 *     string = realm shared by that label
 * @param intercept per-service intercept configs for this row's context
 * @param children the rows of a group, in order
 * @param parent the id of the enclosing group, or {@code null} at the root
 * @param source the file that inserted the row
 * @param configSource the file that last set its {@code config}
 */
public record EntryRow(String id, String name, JsonNode config, boolean disabled, boolean group,
                       List<String> inject, Map<String, String> isolate, Map<String, JsonNode> intercept,
                       List<EntryRow> children, String parent, String source, String configSource) {

    /** The specifier of the built-in group plugin. */
    public static final String GROUP = "cordis:group";

    public EntryRow {
        inject = List.copyOf(inject);
        isolate = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(isolate));
        intercept = Map.copyOf(intercept);
        children = List.copyOf(children);
    }

    /** Whether a change from {@code before} to this row needs a new fiber (not just a config update). */
    boolean replaces(EntryRow before) {
        return !name.equals(before.name) || group != before.group || !inject.equals(before.inject)
                || !isolate.equals(before.isolate) || !intercept.equals(before.intercept)
                || !java.util.Objects.equals(parent, before.parent);
    }
}
