package io.dsh4j.tool;

import io.dsh4j.kernel.Notification;
import io.dsh4j.kernel.Waterfall;

/**
 * The events of the tool runtime (spec §3.6). All but {@link #CHANGE} are dispatched scoped to the
 * calling agent ({@code Scopes.target(runtime, exec.agent())}): a listener registered through an
 * agent's context hears only that agent's calls, an untagged one hears all.
 */
public final class ToolEvents {

    /** Policy before a call; default {@link PreToolDecision#ALLOW}. Sees unknown tool names too. */
    public static final Waterfall<ToolExecution, PreToolDecision> PRE_EXECUTE = Waterfall.of("tools/pre-execute", ToolExecution.class, PreToolDecision.class);

    /** Around the body (timeouts, sandboxes); default runs the body. Listeners may block. */
    public static final Waterfall<ToolDispatch, ToolExecutionResult> EXECUTE = Waterfall.of("tools/execute", ToolDispatch.class, ToolExecutionResult.class);

    /** Policy after a call; default {@link PostToolDecision#ACCEPT}. Denied calls pass here too. */
    public static final Waterfall<PostExecute, PostToolDecision> POST_EXECUTE = Waterfall.of("tools/post-execute", PostExecute.class, PostToolDecision.class);

    /** The final result of every call, contained (observer failures are logged). */
    public static final Notification<ResultEvent> RESULT = Notification.of("tools/result", ResultEvent.class);

    /** The set of registered tools changed (possibly for one scope only); unfiltered. */
    public static final Notification<Changed> CHANGE = Notification.of("tools/change", Changed.class);

    /** Payload of {@link #POST_EXECUTE}. */
    public record PostExecute(ToolExecution exec, ToolExecutionResult result) {}

    /** Payload of {@link #RESULT}. */
    public record ResultEvent(ToolExecution exec, ToolExecutionResult result) {}

    /** Payload of {@link #CHANGE}. */
    public record Changed() {}

    private ToolEvents() {}
}
