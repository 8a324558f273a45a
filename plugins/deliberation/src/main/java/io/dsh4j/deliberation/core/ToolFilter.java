package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import java.util.List;

/**
 * A child's tool boundary (spec §2.3 {@code capabilityFilter}, §12.2).
 *
 * @param allow the tools kept, {@code null} for no allowlist; an empty list keeps none
 * @param deny  the tools removed, always including the deliberation tool itself
 */
public record ToolFilter(List<String> allow, List<String> deny) {

    public ToolFilter {
        allow = allow == null ? null : List.copyOf(allow);
        deny = List.copyOf(deny);
    }

    /** {@code {allow?, deny}}. */
    public ObjectNode toJson() {
        ObjectNode o = JsJson.nodes().objectNode();
        if (allow != null) {
            ArrayNode a = o.putArray("allow");
            allow.forEach(a::add);
        }
        ArrayNode d = o.putArray("deny");
        deny.forEach(d::add);
        return o;
    }
}
