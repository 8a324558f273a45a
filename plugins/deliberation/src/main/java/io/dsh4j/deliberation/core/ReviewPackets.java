package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsStrings;
import io.dsh4j.message.json.JsonTextException;
import io.dsh4j.message.json.LosslessJsonException;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Review packets (spec §5): the per-role JSON schemas, hard validation, the textual fallback parse
 * and the compact rendering. Packets are JSON trees kept in the key order they were received, so
 * lengths and renderings are JavaScript's {@code JSON.stringify} byte for byte. Stateless.
 */
public final class ReviewPackets {

    /** The whole packet's compact JSON may be at most this long (UTF-16 units); no per-item or count cap. */
    public static final int MAX_REVIEW_PACKET_CHARS = 10_000;
    /** Packet statuses. */
    public static final List<String> STATUSES = List.of("update", "no_update");
    /** Item kinds. */
    public static final List<String> KINDS = List.of("observation", "conclusion", "assumption", "unknown", "possible_error", "suggestion");
    /** Item certainties. */
    public static final List<String> CERTAINTIES = List.of("certain", "likely", "uncertain");

    private static final Set<String> PACKET_KEYS = Set.of("role", "status", "items");
    private static final Set<String> ITEM_KEYS = Set.of("kind", "certainty", "content");

    private ReviewPackets() {}

    /**
     * {@code validReviewPacket} (spec §5.2): closed keys, a valid role and status, compact JSON at most
     * {@value #MAX_REVIEW_PACKET_CHARS} characters, {@code no_update} exactly without items,
     * {@code update} with at least one closed, valid, non-blank item, no two contents equal after
     * trim and lower-casing. The status check coerces as JavaScript's {@code String()} does (so
     * {@code ["update"]} passes and is then read as an update), which the original's verdicts record.
     * The role is not matched against a branch here. Never throws.
     */
    public static boolean valid(JsonNode value) {
        if (value == null || !value.isObject()) return false;
        for (Iterator<String> it = value.fieldNames(); it.hasNext(); ) if (!PACKET_KEYS.contains(it.next())) return false;
        JsonNode role = value.get("role");
        if (role == null || !role.isTextual() || Role.of(role.textValue()).isEmpty()) return false;
        if (!STATUSES.contains(JsValues.string(value.get("status")))) return false;
        if (compactLength(value) > MAX_REVIEW_PACKET_CHARS) return false;
        JsonNode status = value.get("status");
        JsonNode items = value.get("items");
        if (status.isTextual() && status.textValue().equals("no_update")) return items == null;
        if (items == null || !items.isArray() || items.isEmpty()) return false;
        Set<String> seen = new HashSet<>();
        for (JsonNode item : items) {
            if (!item.isObject()) return false;
            for (Iterator<String> it = item.fieldNames(); it.hasNext(); ) if (!ITEM_KEYS.contains(it.next())) return false;
            if (!oneOf(item.get("kind"), KINDS) || !oneOf(item.get("certainty"), CERTAINTIES)) return false;
            JsonNode content = item.get("content");
            if (!JsValues.nonBlankString(content)) return false;
            if (!seen.add(JsStrings.toLowerCase(JsStrings.trim(content.textValue())))) return false;
        }
        return true;
    }

    private static boolean oneOf(JsonNode v, List<String> allowed) {
        return v != null && v.isTextual() && allowed.contains(v.textValue());
    }

    /** The length of {@code JSON.stringify(value)}, or {@link Integer#MAX_VALUE} when it has none. */
    static int compactLength(JsonNode value) {
        try {
            return JsJson.stringify(value).length();
        } catch (LosslessJsonException e) {
            return Integer.MAX_VALUE;
        }
    }

    /**
     * {@code parseTextualReviewPacket} (spec §5.3): the packet a child wrote as its final text instead
     * of calling the capture tool. Only text and reasoning blocks are allowed; the text blocks joined and
     * JS-trimmed (at most {@value #MAX_REVIEW_PACKET_CHARS} characters) must be exactly one JSON value
     * that {@link #valid} accepts. Prose or a code fence around it means none. Never throws.
     *
     * @param output the child's final content, or {@code null}
     */
    public static Optional<JsonNode> parseTextual(List<ContentBlock> output) {
        if (output == null || output.isEmpty()) return Optional.empty();
        StringBuilder joined = new StringBuilder();
        for (ContentBlock b : output) {
            switch (b) {
                case ContentBlock.Text t -> joined.append(t.text());
                case ContentBlock.Reasoning r -> {
                    // reasoning is ignored
                }
                default -> {
                    return Optional.empty();
                }
            }
        }
        String text = JsStrings.trim(joined.toString());
        if (text.isEmpty() || text.length() > MAX_REVIEW_PACKET_CHARS) return Optional.empty();
        JsonNode parsed;
        try {
            parsed = JsJson.parse(text);
        } catch (JsonTextException e) {
            return Optional.empty();
        }
        return valid(parsed) ? Optional.of(parsed) : Optional.empty();
    }

    /** {@code renderReviewPacket} (spec §5.4): the packet's compact JSON exactly as received. */
    public static String render(JsonNode packet) {
        return JsJson.stringify(packet);
    }

    /**
     * The JSON Schema of a role's packet (spec §5.1): the {@code outputSchema} sent with each child start
     * request. Closed objects, {@code const} role, {@code enum}s, descriptions, {@code required} lists.
     */
    public static ObjectNode outputSchema(Role role) {
        JsonNodeFactory f = JsJson.nodes();
        ObjectNode item = f.objectNode().put("type", "object");
        ObjectNode ip = item.putObject("properties");
        enumProperty(ip.putObject("kind"), KINDS,
                "What this item contributes to the decision; use one item rather than empty category fields.");
        enumProperty(ip.putObject("certainty"), CERTAINTIES,
                "The child's own epistemic self-report, not a verified probability.");
        ip.putObject("content").put("type", "string")
                .put("description", "One compressed, decision-relevant statement; no hidden reasoning or transcript.");
        item.putArray("required").add("kind").add("certainty").add("content");
        item.put("additionalProperties", false);

        ObjectNode schema = f.objectNode().put("type", "object");
        ObjectNode p = schema.putObject("properties");
        p.putObject("role").put("type", "string").put("const", role.label());
        enumProperty(p.putObject("status"), STATUSES, "Use no_update only when nothing decision-relevant was found.");
        ObjectNode items = p.putObject("items").put("type", "array")
                .put("description", "Sparse, compressed items; omit them for no_update and never add empty placeholders.");
        items.set("items", item);
        schema.putArray("required").add("role").add("status");
        schema.put("additionalProperties", false);
        return schema;
    }

    /** {@code oneOf} the three role packet schemas (the packet inside the tool's output schema). */
    public static ObjectNode valueSchema() {
        ObjectNode o = JsJson.nodes().objectNode();
        ArrayNode one = o.putArray("oneOf");
        for (Role r : Role.values()) one.add(outputSchema(r));
        return o;
    }

    private static void enumProperty(ObjectNode p, List<String> values, String description) {
        p.put("type", "string");
        ArrayNode e = p.putArray("enum");
        values.forEach(e::add);
        p.put("description", description);
    }
}
