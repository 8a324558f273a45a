package io.dsh4j.message;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * A durable, content-addressed image reference ({@code image} block's {@code attachment}).
 *
 * @param attachmentId       {@code sha256:…} id of the bytes under the DSH home's attachment store
 * @param mediaType          e.g. {@code image/png}
 * @param bytes              size in bytes
 * @param width              pixel width
 * @param height             pixel height
 * @param name               original file name, {@code null} when none
 * @param originalDimensions dimensions before downscaling as recorded, {@code null} when none
 */
public record ImageAttachment(String attachmentId, String mediaType, long bytes, long width, long height,
                              String name, JsonNode originalDimensions) {

    public ImageAttachment {
        Objects.requireNonNull(attachmentId, "attachmentId");
        Objects.requireNonNull(mediaType, "mediaType");
    }
}
