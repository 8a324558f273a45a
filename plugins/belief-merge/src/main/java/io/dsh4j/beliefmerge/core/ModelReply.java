package io.dsh4j.beliefmerge.core;

import java.util.Objects;

/** What a {@link TextModel} call returned: text, or a failure with a message. */
public sealed interface ModelReply permits ModelReply.Text, ModelReply.Failure {

    /** The model answered with this text (possibly empty). */
    record Text(String text) implements ModelReply {
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * The call failed: a stream error, an abort, truncation at the token cap, no route…
     *
     * @param message what went wrong, for the warning the engine emits
     * @param code    a machine code ({@code MAX_TOKENS}, …) or {@code null}
     */
    record Failure(String message, String code) implements ModelReply {
        public Failure {
            Objects.requireNonNull(message, "message");
        }
    }
}
