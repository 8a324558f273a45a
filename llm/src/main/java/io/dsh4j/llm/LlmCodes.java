package io.dsh4j.llm;

/**
 * The failure codes this module produces ({@link io.dsh4j.message.LlmFailure#code()}). Provider-neutral
 * codes first, then the HTTP adapter's. {@code HTTP_<status>} codes are built by
 * {@link #http(int)}; a provider's own {@code finish_reason} (e.g. {@code content_filter}) becomes its
 * upper-cased name. The module README explains the cause of each.
 */
public final class LlmCodes {

    private LlmCodes() { }

    public static final String CONTEXT_WINDOW_EXCEEDED = "CONTEXT_WINDOW_EXCEEDED";
    public static final String QUOTA = "QUOTA";
    public static final String EMPTY_RESPONSE = "EMPTY_RESPONSE";
    public static final String INVALID_CREDENTIAL = "INVALID_CREDENTIAL";
    public static final String MISSING_CREDENTIAL = "MISSING_CREDENTIAL";
    public static final String UNSUPPORTED_CONTENT = "UNSUPPORTED_CONTENT";
    public static final String UNSUPPORTED_REASONING_EFFORT = "UNSUPPORTED_REASONING_EFFORT";
    public static final String NO_ADAPTER = "NO_ADAPTER";
    public static final String DUPLICATE_ADAPTER = "DUPLICATE_ADAPTER";
    /** An adapter threw, or returned without a finish chunk; the registry's normalisation. */
    public static final String UNKNOWN = "UNKNOWN";

    public static final String AUTH = "AUTH";
    public static final String INVALID_REQUEST = "INVALID_REQUEST";
    public static final String RATE_LIMIT = "RATE_LIMIT";
    public static final String SERVER = "SERVER";
    public static final String TRANSPORT = "TRANSPORT";
    public static final String ABORTED = "ABORTED";
    public static final String TIMEOUT = "TIMEOUT";
    public static final String STREAM_CLOSED = "STREAM_CLOSED";
    public static final String MALFORMED_RESPONSE = "MALFORMED_RESPONSE";
    /** An SSE event or line exceeded {@code maxEventBytes}. */
    public static final String EVENT_TOO_LARGE = "EVENT_TOO_LARGE";
    /** The response exceeded {@code maxResponseBytes} (a never-ending or runaway stream). */
    public static final String RESPONSE_TOO_LARGE = "RESPONSE_TOO_LARGE";

    /** {@code HTTP_<status>} for a status no other rule maps. */
    public static String http(int status) {
        return "HTTP_" + status;
    }
}
