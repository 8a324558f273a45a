package io.dsh4j.tool.builtin;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;

/**
 * The two arguments DSH's mutating file tools also take — {@code sandbox_permissions} and
 * {@code justification}, a one-shot escalation request — accepted so that recorded calls validate.
 * dsh4j has no wider mode to escalate to: the working directory is the boundary either way.
 */
final class FileProperties {

    private FileProperties() {}

    static void addEscalation(ObjectNode properties, String what) {
        ObjectNode mode = Args.property("string", "A wider sandbox mode for this " + what
                + " (accepted for compatibility; dsh4j always confines it to the working directory).");
        mode.set("enum", JsJson.nodes().arrayNode().add("workspace-write").add("danger-full-access"));
        properties.set("sandbox_permissions", mode);
        properties.set("justification", Args.property("string", "Why the wider mode would be needed (accepted for compatibility)."));
    }
}
