package io.dsh4j.deliberation.core;

/**
 * The image gate refused a child input (spec §7.1): the child was not started. The message is safe
 * to show (it becomes the branch diagnostic); {@link #stats()} counts what was refused.
 */
public final class UnsupportedChildImageInputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Why the gate refused. */
    public enum Code {
        ASSISTANT_IMAGE_IN_SEED, IMAGE_ROUTE_UNRESOLVED, IMAGE_ROUTE_UNVERIFIED, IMAGE_CAPABILITY_UNKNOWN, IMAGE_INPUT_UNSUPPORTED
    }

    private final Code code;
    private final transient ImageGate.Stats stats;

    UnsupportedChildImageInputException(Code code, ImageGate.Stats stats, String message) {
        super(message);
        this.code = code;
        this.stats = stats;
    }

    public Code code() {
        return code;
    }

    public ImageGate.Stats stats() {
        return stats;
    }

    /** The refusal as a branch start failure. */
    public StartFailure toStartFailure() {
        return new StartFailure.UnsupportedContent(code.name(), getMessage());
    }
}
