package io.dsh4j.agent.subagent;

import java.util.Objects;

/**
 * DSH's {@code SubagentError}: a code-carrying failure of the subagent runtime ({@link #NO_PROVIDER},
 * {@link #DUPLICATE_PROVIDER}, {@link #UNSUPPORTED_CAPABILITY}, {@link #CANCELLED}, …).
 */
public class SubagentException extends RuntimeException {

    public static final String NO_PROVIDER = "NO_PROVIDER";
    public static final String DUPLICATE_PROVIDER = "DUPLICATE_PROVIDER";
    public static final String UNSUPPORTED_CAPABILITY = "UNSUPPORTED_CAPABILITY";
    public static final String CANCELLED = "CANCELLED";
    public static final String INVALID_REQUEST = "INVALID_REQUEST";

    private final String code;

    public SubagentException(String code, String message) {
        super(Objects.requireNonNull(message, "message"));
        this.code = Objects.requireNonNull(code, "code");
    }

    public String code() {
        return code;
    }
}
