package io.dsh4j.deliberation.core;

/**
 * A {@code deliberate} call the tool refuses before starting any child (spec §1.2); the host turns
 * it into an error tool result whose text is the message.
 */
public final class ArgumentException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    ArgumentException(String message) {
        super(message);
    }
}
