package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the snapshot's block list (spec §3.5): text appended to a trailing text block, images as
 * their own blocks, so text and images alternate; counts images and their bytes. One per projection.
 */
final class SnapshotWriter {

    private final List<SnapshotBlock> blocks = new ArrayList<>();
    private StringBuilder text;
    int images;
    long imageBytes;

    /** Appends text (an empty string is ignored). */
    void text(String s) {
        if (s.isEmpty()) return;
        if (text == null) text = new StringBuilder();
        text.append(s);
    }

    /** Appends an image evidence entry: its label text, then the image block, then a newline. */
    void image(JsonNode attachment, String source, String callId) {
        images++;
        SnapshotBlock.Image block = new SnapshotBlock.Image(attachment);
        imageBytes += block.bytes();
        text("\n      Image evidence #" + images + "\n      source: " + source + (callId == null ? "" : "\n      callId: " + callId) + "\n");
        flushText();
        blocks.add(block);
        text("\n");
    }

    private void flushText() {
        if (text != null) {
            blocks.add(new SnapshotBlock.Text(text.toString()));
            text = null;
        }
    }

    /** The blocks written so far (ends the current text block). */
    List<SnapshotBlock> blocks() {
        flushText();
        return List.copyOf(blocks);
    }
}
