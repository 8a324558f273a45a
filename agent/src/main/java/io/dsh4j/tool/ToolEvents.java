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
    public static final Waterfall<ToolExecution, PreToolDecision> PRE_EXECUTE = Waterfall.named("tools/pre-execute");

    /** Around the body (timeouts, sandboxes); default runs the body. Listeners may block. */
    public static final Waterfall<ToolDispatch, ToolExecutionResult> EXECUTE = Waterfall.named("tools/execute");

    /** Policy after a call; default {@link PostToolDecision#ACCEPT}. Denied calls pass here too. */
    public static final Waterfall<PostExecute, PostToolDecision> POST_EXECUTE = Waterfall.named("tools/post-execute");

    /** The final result of every call, contained (observer failures are logged). */
    public static final Notification<ResultEvent> RESULT = Notification.named("tools/result");

    /** The set of registered tools changed (possibly for one scope only); unfiltered. */
    public static final Notification<Changed> CHANGE = Notification.named("tools/change");

    /** Payload of {@link #POST_EXECUTE}. */
    public record PostExecute(ToolExecution exec, ToolExecutionResult result) {}

    /** Payload of {@link #RESULT}. */
    public record ResultEvent(ToolExecution exec, ToolExecutionResult result) {}

    /** Payload of {@link #CHANGE}. */
    public record Changed() {}

    private ToolEvents() {}
}
