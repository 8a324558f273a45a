package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import java.util.List;

/**
 * The tool's result (spec §1.3–§1.4): the canonical value {@code {branches: BranchOutcome[]}} and its
 * compact rendered text, one text block for the model.
 *
 * @param branches the outcomes in input branch order
 */
public record DeliberationOutput(List<BranchOutcome> branches) {

    public DeliberationOutput {
        branches = List.copyOf(branches);
    }

    /** The canonical value. */
    public ObjectNode toJson() {
        ObjectNode o = JsJson.nodes().objectNode();
        ArrayNode a = o.putArray("branches");
        for (BranchOutcome b : branches) a.add(b.toJson());
        return o;
    }

    /** The compact JSON text of the rendered outcomes: the tool's single model-facing text block. */
    public String renderedText() {
        ObjectNode o = JsJson.nodes().objectNode();
        ArrayNode a = o.putArray("branches");
        for (BranchOutcome b : branches) a.add(b.renderedJson());
        return JsJson.stringify(o);
    }
}
