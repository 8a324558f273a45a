package io.dsh4j.kernel.loader;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One patch list ({@code cordis.patch.yml}): a bundle's, the profile's, the home's or an overlay's.
 *
 * <p>A patch file is a top-level YAML list of mappings. An empty or comments-only file is an error
 * (it is not a list); {@code []} is the empty layer. Files are capped at {@link #MAX_BYTES}.
 *
 * @param label where the layer came from (a file path or a bundle name), used in warnings and errors
 * @param patches the patch objects, in order
 */
public record PatchLayer(String label, List<ObjectNode> patches) {

    /** Largest patch file read (a configuration, not data). */
    public static final long MAX_BYTES = 4L * 1024 * 1024;

    static final YAMLMapper YAML = new YAMLMapper(YAMLFactory.builder().build());

    /**
     * @throws LoaderException naming {@code label} and the patch when an {@code insert} is not a list
     *     of mappings (DSH fails on it too)
     */
    public PatchLayer {
        patches = List.copyOf(patches);
        for (int i = 0; i < patches.size(); i++) {
            checkInsert(label, i + 1, patches.get(i).get("insert"));
        }
    }

    private static void checkInsert(String label, int position, JsonNode insert) {
        if (insert == null || insert.isNull()) {
            return;
        }
        if (!insert.isArray()) {
            throw new LoaderException(new Problem(label, null, null,
                    "entry " + position + ": insert must be a list of entry rows, not a " + kind(insert)));
        }
        for (int j = 0; j < insert.size(); j++) {
            if (!insert.get(j).isObject()) {
                throw new LoaderException(new Problem(label, null, null, "entry " + position + ": insert item "
                        + (j + 1) + " must be a mapping (an entry row), not a " + kind(insert.get(j))));
            }
        }
    }

    /**
     * Reads the patch file at {@code file}.
     *
     * @throws LoaderException naming the file (and line) when it is missing, too large, malformed,
     *     not a list, or holds a non-mapping entry or an {@code insert} that is not a list of mappings
     */
    public static PatchLayer read(Path file) {
        String label = file.toAbsolutePath().normalize().toString();
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new LoaderException(new Problem(label, null, null,
                        "patch file is larger than " + MAX_BYTES + " bytes"));
            }
            return parse(label, Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new LoaderException(new Problem(label, null, null, "no such file"));
        } catch (IOException e) {
            throw new LoaderException(new Problem(label, null, null, "cannot read: " + e.getMessage()));
        }
    }

    /** Parses patch-file text; {@code label} names it in errors. */
    public static PatchLayer parse(String label, String yaml) {
        rejectExpressions(label, yaml);
        JsonNode tree;
        try {
            tree = YAML.readTree(yaml);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": ";
            throw new LoaderException(new Problem(label, null, null, "malformed YAML: " + where + e.getOriginalMessage()));
        }
        if (tree == null || tree.isMissingNode() || !tree.isArray()) {
            String got = tree == null || tree.isMissingNode() ? "an empty document" : "a " + kind(tree);
            throw new LoaderException(new Problem(label, null, null,
                    "must be a top-level YAML array of loader patch entries, not " + got));
        }
        List<ObjectNode> patches = new ArrayList<>();
        for (int i = 0; i < tree.size(); i++) {
            JsonNode entry = tree.get(i);
            if (!entry.isObject()) {
                throw new LoaderException(new Problem(label, null, null,
                        "entry " + (i + 1) + " must be a mapping (a loader patch entry), not a " + kind(entry)));
            }
            patches.add((ObjectNode) entry);
        }
        return new PatchLayer(label, patches);
    }

    /** {@code !!js} expressions are DSH's JavaScript hook; dsh4j does not evaluate JavaScript. */
    private static void rejectExpressions(String label, String yaml) {
        try (JsonParser p = YAML.getFactory().createParser(yaml)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                String tag = p.getTypeId() instanceof String s ? s : null;
                if (tag != null && tag.endsWith(":js")) {
                    JsonLocation at = p.currentTokenLocation();
                    throw new LoaderException(new Problem(label, null, null, "line " + at.getLineNr()
                            + ": !!js expressions are not supported by dsh4j; write the value literally"));
                }
            }
        } catch (IOException e) {
            // Malformed YAML: the tree parse that follows reports it with its location.
        }
    }

    static String kind(JsonNode node) {
        return switch (node.getNodeType()) {
            case ARRAY -> "list";
            case OBJECT -> "mapping";
            case STRING -> "string";
            case NUMBER -> "number";
            case BOOLEAN -> "boolean";
            case NULL -> "null";
            default -> node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
