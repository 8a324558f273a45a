package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;

/** One block of the synthetic snapshot message: text, or an image by its attachment reference (spec §3.5). */
public sealed interface SnapshotBlock {

    /** The block as a DSH content block ({@code {type:'text',text}} or {@code {type:'image',attachment}}). */
    ObjectNode toJson();

    /** Text of the snapshot. */
    record Text(String text) implements SnapshotBlock {
        @Override
        public ObjectNode toJson() {
            return JsJson.nodes().objectNode().put("type", "text").put("text", text);
        }
    }

    /**
     * An image evidence block.
     *
     * @param attachment a copy of the original attachment record (same attachment id; bytes never read)
     */
    record Image(JsonNode attachment) implements SnapshotBlock {
        public Image {
            attachment = attachment.deepCopy();
        }

        @Override
        public ObjectNode toJson() {
            ObjectNode o = JsJson.nodes().objectNode().put("type", "image");
            o.set("attachment", attachment.deepCopy());
            return o;
        }

        /** {@code attachment.mediaType} as text ({@code undefined} when absent, as JavaScript prints it). */
        public String mediaType() {
            return JsValues.string(attachment.get("mediaType"));
        }

        /** {@code attachment.bytes} as a count, 0 when it is not a non-negative integer. */
        public long bytes() {
            JsonNode b = attachment.get("bytes");
            return b != null && JsValues.safeInteger(b) && JsValues.longOf(b) > 0 ? JsValues.longOf(b) : 0;
        }

        /** {@code attachment.bytes} as JavaScript interpolates it into the debug snapshot. */
        public String bytesText() {
            return JsValues.string(attachment.get("bytes"));
        }
    }
}
