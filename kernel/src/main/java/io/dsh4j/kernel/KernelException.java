package io.dsh4j.kernel;

import java.util.Objects;

/**
 * A misuse of the kernel, with a stable {@link Code}. Messages are DSH's literal texts (spec
 * Appendix A), so that logs and tests read the same as the original's.
 */
public final class KernelException extends IllegalStateException {

    /** Stable error codes. */
    public enum Code {
        /** An effect, listener or child plugin registered on a disposed or unloading fiber. */
        INACTIVE_EFFECT,
        /** A service read from a context whose fibers never injected it. */
        SERVICE_WITHOUT_INJECT,
        /** A service read from a fiber that injects it but is not loaded with it. */
        SERVICE_INACTIVE,
        /** A service write where nothing was provided. */
        SET_WITHOUT_PROVIDE,
        /** A service write from a fiber other than the provider. */
        SET_FROM_OTHER_FIBER,
        /** A second provider for an occupied service slot. */
        DUPLICATE_SERVICE,
        /** Something that is not a plugin was passed as one. */
        INVALID_PLUGIN,
        /**
         * A service key or event type whose name this kernel already knows with another type: one
         * name, one type (not a DSH error; Java's typed keys make it detectable).
         */
        TYPE_CONFLICT
    }

    private final Code code;

    public KernelException(Code code, String message) {
        super(message);
        this.code = Objects.requireNonNull(code, "code");
    }

    public Code code() {
        return code;
    }

    /** The {@link Code#INACTIVE_EFFECT} error: {@code cannot create effect on inactive context}. */
    public static KernelException inactiveEffect() {
        return new KernelException(Code.INACTIVE_EFFECT, "cannot create effect on inactive context");
    }
}
