package io.dsh4j.kernel.loader;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The entry list that patch layers compose (spec §2.3, §2.4), with where every row and field came
 * from. Built by {@link #compose}; the patch algorithm is DSH's {@code applyEntryPatches}:
 *
 * <ol>
 *   <li>an {@code insert} patch appends its rows to the root list, or — with an {@code id} — to that
 *       group row's {@code config} list; inserted rows are indexed at once, so later patches (and later
 *       layers) can target them;
 *   <li>any other patch needs an {@code id}; its {@code name}, if present, is a guard (a mismatch skips
 *       the patch); every other field replaces the row's value wholesale ({@code config} is not merged);
 *   <li>a patch that cannot apply is a warning, never an error.
 * </ol>
 */
public final class Composition {

    private static final YAMLMapper DUMP = YAMLMapper.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .build();

    /** Where one row and each of its fields came from. */
    record Origin(String insertedBy, Map<String, String> fieldSources, Set<String> patchedBy) {
        String sourceOf(String field) {
            return fieldSources.getOrDefault(field, insertedBy);
        }
    }

    private final ArrayNode rows;
    private final Map<JsonNode, Origin> origins;
    private final List<String> warnings;

    private Composition(ArrayNode rows, Map<JsonNode, Origin> origins, List<String> warnings) {
        this.rows = rows;
        this.origins = origins;
        this.warnings = List.copyOf(warnings);
    }

    /** Applies {@code layers}, in order, over the empty root list. */
    public static Composition compose(List<PatchLayer> layers) {
        ArrayNode data = JsonNodeFactory.instance.arrayNode();
        Map<JsonNode, Origin> origins = new IdentityHashMap<>();
        Map<String, ObjectNode> index = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        for (PatchLayer layer : layers) {
            for (ObjectNode original : layer.patches()) {
                apply(layer.label(), original.deepCopy(), data, index, origins, warnings);
            }
        }
        return new Composition(data, origins, warnings);
    }

    private static void apply(String label, ObjectNode patch, ArrayNode data, Map<String, ObjectNode> index,
                              Map<JsonNode, Origin> origins, List<String> warnings) {
        String id = text(patch.get("id"));
        JsonNode insert = patch.get("insert");
        if (insert != null && !insert.isNull()) { // a list of mappings: PatchLayer checked it
            ArrayNode target = data;
            if (id != null) {
                ObjectNode group = index.get(id);
                if (group == null) {
                    warnings.add("[" + label + "] patch insert: entry \"" + id + "\" not found");
                    return;
                }
                if (!group.path("group").asBoolean(false)) {
                    warnings.add("[" + label + "] patch insert: entry \"" + id + "\" is not a group");
                    return;
                }
                if (!group.path("config").isArray()) {
                    group.set("config", JsonNodeFactory.instance.arrayNode());
                }
                target = (ArrayNode) group.get("config");
                origins.get(group).patchedBy().add(label);
            }
            for (JsonNode row : insert) {
                target.add(row);
            }
            indexRows(insert, label, index, origins);
            return;
        }
        if (id == null) {
            warnings.add("[" + label + "] patch: id is required for non-insert patches");
            return;
        }
        ObjectNode row = index.get(id);
        if (row == null) {
            warnings.add("[" + label + "] patch: entry \"" + id + "\" not found");
            return;
        }
        String name = text(patch.get("name"));
        if (name != null && !name.equals(text(row.get("name")))) {
            warnings.add("[" + label + "] patch: name mismatch for \"" + id + "\" (expected \""
                    + text(row.get("name")) + "\", got \"" + name + "\"), skipping");
            return;
        }
        Origin origin = origins.get(row);
        for (Map.Entry<String, JsonNode> field : patch.properties()) {
            String key = field.getKey();
            if (key.equals("id") || key.equals("name") || key.equals("insert")) {
                continue;
            }
            row.set(key, field.getValue());
            origin.fieldSources().put(key, label);
            origin.patchedBy().add(label);
            if (key.equals("config") && row.path("group").asBoolean(false) && field.getValue().isArray()) {
                indexRows(field.getValue(), label, index, origins);
            }
        }
    }

    private static void indexRows(JsonNode rows, String label, Map<String, ObjectNode> index,
                                  Map<JsonNode, Origin> origins) {
        for (JsonNode row : rows) {
            if (!row.isObject()) {
                continue;
            }
            origins.putIfAbsent(row, new Origin(label, new LinkedHashMap<>(), new LinkedHashSet<>()));
            String id = text(row.get("id"));
            if (id != null) {
                index.put(id, (ObjectNode) row);
            }
            if (row.path("group").asBoolean(false) && row.path("config").isArray()) {
                indexRows(row.get("config"), label, index, origins);
            }
        }
    }

    static String text(JsonNode node) {
        return node != null && node.isTextual() ? node.textValue() : null;
    }

    /** The composed rows (a copy). */
    public ArrayNode rows() {
        return rows.deepCopy();
    }

    /** The warnings of skipped patches, {@code [<layer>] <what>}, in order. */
    public List<String> warnings() {
        return warnings;
    }

    /** The file that last set {@code field} of {@code row} (the inserting file if none overrode it). */
    String sourceOf(JsonNode row, String field) {
        Origin origin = origins.get(row);
        return origin == null ? "(unknown)" : origin.sourceOf(field);
    }

    /** The file that inserted {@code row}. */
    String insertedBy(JsonNode row) {
        Origin origin = origins.get(row);
        return origin == null ? "(unknown)" : origin.insertedBy();
    }

    /** The live rows (for the entry reader in this package; not to be modified). */
    ArrayNode liveRows() {
        return rows;
    }

    /**
     * The composed list as YAML, like DSH's {@code --dump-config}: each run of top-level rows from the
     * same file (and patched by the same layers) is preceded by {@code # == <file>[, patched by …]}.
     */
    public String dump() {
        StringBuilder out = new StringBuilder();
        String current = null;
        ArrayNode group = JsonNodeFactory.instance.arrayNode();
        for (JsonNode row : rows) {
            Origin origin = origins.get(row);
            String label = origin == null ? "(unknown)" : origin.insertedBy();
            if (origin != null && !origin.patchedBy().isEmpty()) {
                List<String> others = origin.patchedBy().stream().filter(l -> !l.equals(origin.insertedBy())).toList();
                if (!others.isEmpty()) {
                    label += ", patched by " + String.join(", ", others);
                }
            }
            if (!label.equals(current)) {
                flush(out, current, group);
                group = JsonNodeFactory.instance.arrayNode();
                current = label;
            }
            group.add(row);
        }
        flush(out, current, group);
        return out.length() == 0 ? "[]\n" : out.toString();
    }

    private static void flush(StringBuilder out, String label, ArrayNode group) {
        if (label == null || group.isEmpty()) {
            return;
        }
        try {
            out.append("# == ").append(label).append('\n').append(DUMP.writeValueAsString(group));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot render the composed entries", e);
        }
    }
}
