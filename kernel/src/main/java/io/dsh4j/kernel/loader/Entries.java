package io.dsh4j.kernel.loader;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.config.ConfigValidationException;
import io.dsh4j.kernel.config.Issue;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a {@link Composition} into validated {@link EntryRow}s, collecting every problem — field
 * types, duplicate ids, unknown plugin names, configs failing their schema — each located by file,
 * row and field, before anything is mounted.
 */
final class Entries {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Composition composition;
    private final PluginCatalog catalog;
    private final List<Problem> problems = new ArrayList<>();
    private final Map<String, String> seenIds = new HashMap<>();

    private Entries(Composition composition, PluginCatalog catalog) {
        this.composition = composition;
        this.catalog = catalog;
    }

    /** The validated rows, top level first; throws with every problem found. */
    static List<EntryRow> read(Composition composition, PluginCatalog catalog) {
        Entries reader = new Entries(composition, catalog);
        List<EntryRow> rows = reader.readList(composition.liveRows(), null, false, null);
        if (!reader.problems.isEmpty()) {
            int n = reader.problems.size();
            throw new LoaderException(n + (n == 1 ? " problem" : " problems") + " in the composed entries",
                    reader.problems);
        }
        return rows;
    }

    /**
     * @param listSource the file that set the list: the group's {@code config} source ({@code null} at
     *     the root, whose rows PatchLayer checked are mappings)
     */
    private List<EntryRow> readList(JsonNode list, String parent, boolean parentDisabled, String listSource) {
        List<EntryRow> rows = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode node = list.get(i);
            if (!node.isObject()) {
                problems.add(new Problem(listSource == null ? "(root)" : listSource, parent,
                        parent == null ? null : "config." + i,
                        "a group's entries must be mappings, not a " + PatchLayer.kind(node)));
                continue;
            }
            EntryRow row = readRow(node, parent, parentDisabled);
            if (row != null) {
                rows.add(row);
            }
        }
        return rows;
    }

    private EntryRow readRow(JsonNode node, String parent, boolean parentDisabled) {
        String source = composition.insertedBy(node);
        String id = Composition.text(node.get("id"));
        if (node.has("id") && id == null) {
            problems.add(new Problem(composition.sourceOf(node, "id"), null, "id", "must be a string"));
            return null;
        }
        if (id == null) {
            id = HexFormat.of().formatHex(RANDOM.generateSeed(4));
        }
        String firstSource = seenIds.putIfAbsent(id, source);
        if (firstSource != null) {
            problems.add(new Problem(source, id, "id", "duplicate loader entry id (first defined in " + firstSource + ")"));
        }
        int before = problems.size();
        boolean group = flag(node, id, "group");
        boolean disabled = flag(node, id, "disabled");
        String name = Composition.text(node.get("name"));
        if (node.has("name") && name == null) {
            problems.add(new Problem(composition.sourceOf(node, "name"), id, "name", "must be a string"));
        } else if (name == null) {
            if (group) {
                name = EntryRow.GROUP;
            } else {
                problems.add(new Problem(source, id, "name", "missing: every entry names its plugin"));
            }
        }
        List<String> inject = injections(node, id);
        Map<String, String> isolate = isolation(node, id);
        Map<String, JsonNode> intercept = new LinkedHashMap<>();
        JsonNode interceptNode = node.get("intercept");
        if (interceptNode != null && !interceptNode.isNull()) {
            if (interceptNode.isObject()) {
                interceptNode.properties().forEach(e -> intercept.put(e.getKey(), e.getValue()));
            } else {
                problems.add(new Problem(composition.sourceOf(node, "intercept"), id, "intercept", "must be a mapping"));
            }
        }
        JsonNode config = node.has("config") ? node.get("config") : MissingNode.getInstance();
        String configSource = composition.sourceOf(node, "config");
        boolean enabled = !disabled && !parentDisabled;
        List<EntryRow> children = List.of();
        if (group) {
            if (!config.isMissingNode() && !config.isNull() && !config.isArray()) {
                problems.add(new Problem(configSource, id, "config", "a group's config must be a list of entries"));
            } else if (config.isArray()) {
                children = readList(config, id, !enabled, configSource);
            }
        } else if (name != null && enabled) {
            checkPlugin(name, config, id, node, configSource);
        }
        if (problems.size() > before) {
            return null;
        }
        return new EntryRow(id, name, config, disabled, group, inject, isolate, intercept, children, parent, source,
                configSource);
    }

    private void checkPlugin(String name, JsonNode config, String id, JsonNode node, String configSource) {
        if (!catalog.knows(name)) {
            problems.add(new Problem(composition.sourceOf(node, "name"), id, "name",
                    "unknown plugin \"" + name + "\"" + suggestion()));
            return;
        }
        Plugin<?> plugin = catalog.resolve(name).orElse(null);
        if (plugin == null) {
            return;
        }
        try {
            plugin.config().resolve(config);
        } catch (ConfigValidationException e) {
            for (Issue issue : e.issues()) {
                String field = issue.path().isEmpty() ? "config" : "config." + issue.pathText();
                problems.add(new Problem(configSource, id, field, issue.message()));
            }
        } catch (RuntimeException e) {
            problems.add(new Problem(configSource, id, "config", "invalid config: " + e.getMessage()));
        }
    }

    private String suggestion() {
        return catalog.names().isEmpty() ? " (no plugins are installed)"
                : " (known: " + String.join(", ", catalog.names()) + ")";
    }

    private boolean flag(JsonNode node, String id, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return false;
        }
        if (!value.isBoolean()) {
            problems.add(new Problem(composition.sourceOf(node, field), id, field,
                    "must be true or false, not " + value));
            return false;
        }
        return value.booleanValue();
    }

    private List<String> injections(JsonNode node, String id) {
        JsonNode value = node.get("inject");
        List<String> names = new ArrayList<>();
        if (value == null || value.isNull()) {
            return names;
        }
        if (value.isArray()) {
            for (JsonNode n : value) {
                if (n.isTextual()) {
                    names.add(n.textValue());
                } else {
                    problems.add(new Problem(composition.sourceOf(node, "inject"), id, "inject",
                            "service names must be strings, not " + n));
                }
            }
        } else if (value.isObject()) {
            value.properties().forEach(e -> names.add(e.getKey()));
        } else {
            problems.add(new Problem(composition.sourceOf(node, "inject"), id, "inject",
                    "must be a list of service names"));
        }
        return names;
    }

    private Map<String, String> isolation(JsonNode node, String id) {
        Map<String, String> isolate = new LinkedHashMap<>();
        JsonNode value = node.get("isolate");
        if (value == null || value.isNull()) {
            return isolate;
        }
        if (!value.isObject()) {
            problems.add(new Problem(composition.sourceOf(node, "isolate"), id, "isolate", "must be a mapping"));
            return isolate;
        }
        for (Map.Entry<String, JsonNode> e : value.properties()) {
            JsonNode v = e.getValue();
            if (v.isBoolean() && v.booleanValue()) {
                isolate.put(e.getKey(), null);
            } else if (v.isTextual()) {
                isolate.put(e.getKey(), v.textValue());
            } else if (!(v.isBoolean() || v.isNull())) {
                problems.add(new Problem(composition.sourceOf(node, "isolate"), id, "isolate." + e.getKey(),
                        "must be true or a realm label"));
            }
        }
        return isolate;
    }
}
