package io.dsh4j.tool;

/** DSH's literal tool error codes and messages (spec §3.4, Appendix A). */
public final class ToolCodes {

    /** The body ran but the call was cancelled: its success is superseded. */
    public static final String ABORTED = "ABORTED";
    /** The body never ran. */
    public static final String ABORTED_BEFORE_DISPATCH = "ABORTED_BEFORE_DISPATCH";
    public static final String UNKNOWN_TOOL = "UNKNOWN_TOOL";
    public static final String INVALID_ARGS = "INVALID_ARGS";
    public static final String INVALID_TOOL_OUTPUT = "INVALID_TOOL_OUTPUT";
    public static final String TOOL_TIMEOUT = "TOOL_TIMEOUT";

    /** Error-info name of the two abort codes. */
    public static final String ABORT_ERROR = "AbortError";

    public static final String ABORTED_MESSAGE = "tool call aborted";
    public static final String ABORTED_BEFORE_DISPATCH_MESSAGE = "tool call aborted before dispatch";

    /** The name reserved for Code Mode's transport; registering or restricting it throws. */
    public static final String RUN_CODE = "run_code";

    private ToolCodes() {}
}
