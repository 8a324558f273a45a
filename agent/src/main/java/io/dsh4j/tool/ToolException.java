package io.dsh4j.tool;

import java.util.Objects;

/**
 * A failure that carries DSH's error identity ({@code HarnessError}): a class {@code name} such as
 * {@code FsError} and a {@code code} such as {@code FS_NOT_FOUND}. Thrown from a tool body it becomes
 * the error result {@code Error: <message>} with {@code error.info = {name, code}}, which the durable
 * {@code tool/result} records as its {@code error}.
 */
public class ToolException extends RuntimeException {

    private final String errorName;
    private final String code;

    public ToolException(String errorName, String code, String message) {
        super(Objects.requireNonNull(message, "message"));
        this.errorName = Objects.requireNonNull(errorName, "errorName");
        this.code = Objects.requireNonNull(code, "code");
    }

    public ToolException(String errorName, String code, String message, Throwable cause) {
        this(errorName, code, message);
        initCause(cause);
    }

    /** Characters of a model-given text (a path, a pattern, a tool name) that an error message quotes. */
    public static final int QUOTED_CHARS = 200;

    /**
     * {@code text} (not null) as an error message quotes it: whole up to {@link #QUOTED_CHARS}
     * characters, else cut there (never inside a surrogate pair) and followed by its length, so a
     * hostile megabyte-long argument is not echoed back to the model.
     */
    public static String quoted(String text) {
        if (text.length() <= QUOTED_CHARS) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(QUOTED_CHARS - 1)) ? QUOTED_CHARS - 1 : QUOTED_CHARS;
        return text.substring(0, end) + "… (" + text.length() + " characters)";
    }

    /** The error class name ({@code ToolArgsError}, {@code FsError}, …). */
    public String errorName() {
        return errorName;
    }

    /** The routable code ({@code INVALID_ARGS}, {@code FS_NOT_FOUND}, …). */
    public String code() {
        return code;
    }

    /** {@code {name, code}} of this failure. */
    public ToolErrorInfo info() {
        return new ToolErrorInfo(errorName, code);
    }
}
