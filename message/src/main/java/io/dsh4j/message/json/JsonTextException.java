package io.dsh4j.message.json;

/**
 * JSON text that cannot be read: invalid syntax, invalid UTF-8, trailing content, or a value beyond a
 * {@link JsonLimits} cap. The message says what is wrong and, when known, at which character.
 */
public final class JsonTextException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final long offset;

    /**
     * @param message what is wrong
     * @param offset  character or byte offset inside the text where the problem was seen, or -1
     * @param cause   the underlying parser failure, or {@code null}
     */
    public JsonTextException(String message, long offset, Throwable cause) {
        super(message, cause);
        this.offset = offset;
    }

    /** Offset inside the parsed text where the problem was seen, or -1 when unknown. */
    public long offset() {
        return offset;
    }
}
