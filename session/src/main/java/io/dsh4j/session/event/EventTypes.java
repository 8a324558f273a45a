package io.dsh4j.session.event;

import java.util.Set;

/**
 * The 48 event type names DSH knows ({@code KNOWN_SESSION_EVENT_TYPES}), the three surface types,
 * and the legacy names a reader meets. A log holding a type outside {@link #KNOWN} is refused unless
 * that event carries {@code "ignorable": true}.
 */
public final class EventTypes {

    private EventTypes() {}

    /** {@code agent-preset/selected}. */
    public static final String AGENT_PRESET_SELECTED = "agent-preset/selected";
    /** {@code agent/inbox/spliced}. */
    public static final String AGENT_INBOX_SPLICED = "agent/inbox/spliced";
    /** {@code approval/asked}. */
    public static final String APPROVAL_ASKED = "approval/asked";
    /** {@code approval/decided}. */
    public static final String APPROVAL_DECIDED = "approval/decided";
    /** {@code approval/policy}. */
    public static final String APPROVAL_POLICY = "approval/policy";
    /** {@code assistant/chunk}. */
    public static final String ASSISTANT_CHUNK = "assistant/chunk";
    /** {@code assistant/message}. */
    public static final String ASSISTANT_MESSAGE = "assistant/message";
    /** {@code command/done}. */
    public static final String COMMAND_DONE = "command/done";
    /** {@code command/run}. */
    public static final String COMMAND_RUN = "command/run";
    /** {@code compaction/end}. */
    public static final String COMPACTION_END = "compaction/end";
    /** {@code compaction/prune}. */
    public static final String COMPACTION_PRUNE = "compaction/prune";
    /** {@code compaction/start}. */
    public static final String COMPACTION_START = "compaction/start";
    /** {@code compaction/summary}. */
    public static final String COMPACTION_SUMMARY = "compaction/summary";
    /** {@code feedback/record}. */
    public static final String FEEDBACK_RECORD = "feedback/record";
    /** {@code goal/change}. */
    public static final String GOAL_CHANGE = "goal/change";
    /** {@code hook/invoked}. */
    public static final String HOOK_INVOKED = "hook/invoked";
    /** {@code hook/result}. */
    public static final String HOOK_RESULT = "hook/result";
    /** {@code llm/retry}. */
    public static final String LLM_RETRY = "llm/retry";
    /** {@code llm/retry-started}. */
    public static final String LLM_RETRY_STARTED = "llm/retry-started";
    /** {@code permission/preset}. */
    public static final String PERMISSION_PRESET = "permission/preset";
    /** {@code plan/mode}. */
    public static final String PLAN_MODE = "plan/mode";
    /** {@code request/context}. */
    public static final String REQUEST_CONTEXT = "request/context";
    /** {@code request/header}. */
    public static final String REQUEST_HEADER = "request/header";
    /** {@code sandbox/mode}. */
    public static final String SANDBOX_MODE = "sandbox/mode";
    /** {@code schedule/change}. */
    public static final String SCHEDULE_CHANGE = "schedule/change";
    /** {@code session/end-seed}. */
    public static final String SESSION_END_SEED = "session/end-seed";
    /** {@code session/title}. */
    public static final String SESSION_TITLE = "session/title";
    /** {@code session/title-llm-request}. */
    public static final String SESSION_TITLE_LLM_REQUEST = "session/title-llm-request";
    /** {@code step/end}. */
    public static final String STEP_END = "step/end";
    /** {@code step/start}. */
    public static final String STEP_START = "step/start";
    /** {@code subagent/descriptor}. */
    public static final String SUBAGENT_DESCRIPTOR = "subagent/descriptor";
    /** {@code team/member}. */
    public static final String TEAM_MEMBER = "team/member";
    /** {@code team/message/delivered}. */
    public static final String TEAM_MESSAGE_DELIVERED = "team/message/delivered";
    /** {@code team/message/queued}. */
    public static final String TEAM_MESSAGE_QUEUED = "team/message/queued";
    /** {@code team/task}. */
    public static final String TEAM_TASK = "team/task";
    /** {@code todo/write}. */
    public static final String TODO_WRITE = "todo/write";
    /** {@code tool-workflow/agent-end}. */
    public static final String TOOL_WORKFLOW_AGENT_END = "tool-workflow/agent-end";
    /** {@code tool-workflow/agent-start}. */
    public static final String TOOL_WORKFLOW_AGENT_START = "tool-workflow/agent-start";
    /** {@code tool-workflow/run-end}. */
    public static final String TOOL_WORKFLOW_RUN_END = "tool-workflow/run-end";
    /** {@code tool-workflow/run-start}. */
    public static final String TOOL_WORKFLOW_RUN_START = "tool-workflow/run-start";
    /** {@code tool/call}. */
    public static final String TOOL_CALL = "tool/call";
    /** {@code tool/code-dispatch}. */
    public static final String TOOL_CODE_DISPATCH = "tool/code-dispatch";
    /** {@code tool/code-dispatch-start}. */
    public static final String TOOL_CODE_DISPATCH_START = "tool/code-dispatch-start";
    /** {@code tool/result}. */
    public static final String TOOL_RESULT = "tool/result";
    /** {@code turn/end}. */
    public static final String TURN_END = "turn/end";
    /** {@code turn/start}. */
    public static final String TURN_START = "turn/start";
    /** {@code user/message}. */
    public static final String USER_MESSAGE = "user/message";
    /** {@code web/deepseek-search-llm-request}. */
    public static final String WEB_DEEPSEEK_SEARCH_LLM_REQUEST = "web/deepseek-search-llm-request";

    /** Every known type, in DSH's (alphabetical) catalog order. */
    public static final Set<String> KNOWN = Set.of(
            AGENT_PRESET_SELECTED,
            AGENT_INBOX_SPLICED,
            APPROVAL_ASKED,
            APPROVAL_DECIDED,
            APPROVAL_POLICY,
            ASSISTANT_CHUNK,
            ASSISTANT_MESSAGE,
            COMMAND_DONE,
            COMMAND_RUN,
            COMPACTION_END,
            COMPACTION_PRUNE,
            COMPACTION_START,
            COMPACTION_SUMMARY,
            FEEDBACK_RECORD,
            GOAL_CHANGE,
            HOOK_INVOKED,
            HOOK_RESULT,
            LLM_RETRY,
            LLM_RETRY_STARTED,
            PERMISSION_PRESET,
            PLAN_MODE,
            REQUEST_CONTEXT,
            REQUEST_HEADER,
            SANDBOX_MODE,
            SCHEDULE_CHANGE,
            SESSION_END_SEED,
            SESSION_TITLE,
            SESSION_TITLE_LLM_REQUEST,
            STEP_END,
            STEP_START,
            SUBAGENT_DESCRIPTOR,
            TEAM_MEMBER,
            TEAM_MESSAGE_DELIVERED,
            TEAM_MESSAGE_QUEUED,
            TEAM_TASK,
            TODO_WRITE,
            TOOL_WORKFLOW_AGENT_END,
            TOOL_WORKFLOW_AGENT_START,
            TOOL_WORKFLOW_RUN_END,
            TOOL_WORKFLOW_RUN_START,
            TOOL_CALL,
            TOOL_CODE_DISPATCH,
            TOOL_CODE_DISPATCH_START,
            TOOL_RESULT,
            TURN_END,
            TURN_START,
            USER_MESSAGE,
            WEB_DEEPSEEK_SEARCH_LLM_REQUEST);

    /** The surface (message-producing) types: the only ones that may carry {@code surfaceOp} / {@code sourceEventSeqs}. */
    public static final Set<String> SURFACE = Set.of(USER_MESSAGE, ASSISTANT_MESSAGE, TOOL_RESULT);

    /** Removed event: upgraded on read into the equivalent {@code user/message}. */
    public static final String LEGACY_STEERING_MESSAGE = "steering/message";
    /** Removed event: a log holding it is refused. */
    public static final String LEGACY_REQUEST_HEADER_DELTA = "request/header-delta";
    /** Removed event: a log holding it is refused. */
    public static final String LEGACY_MODE_SET = "mode/set";

    /** Whether {@code type} is one of the 48 known types. */
    public static boolean isKnown(String type) {
        return KNOWN.contains(type);
    }

    /** Whether {@code type} is a surface type. */
    public static boolean isSurface(String type) {
        return SURFACE.contains(type);
    }
}
