package io.dsh4j.app.chat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.tool.ApprovalOutcome;
import io.dsh4j.tool.ApprovalPolicy;
import io.dsh4j.tool.ToolAgent;
import io.dsh4j.tool.ToolExecution;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Chat's approval policy: a call the policy asks about (bash, write, edit) is put to the user —
 * {@code o} allow once, {@code a} always allow this tool for the rest of the chat, anything else
 * denies. One question at a time (calls that ask are not run in parallel).
 *
 * <p>Each question is logged as DSH's user-approval plugin logs it: {@code approval/asked {id,
 * toolName, callId, reason?}} before asking and exactly one {@code approval/decided {id, outcome}}
 * after ({@code allowed-once}, {@code rejected} or {@code cancelled}; "always" is {@code allowed-once}
 * for that call, and the calls it then lets through ask nothing and log nothing), both log-only
 * events between the call's {@code tool/call} and {@code tool/result}. The runtime turns the outcome
 * into the call's result, so a denial is also the tool's result ({@code the user rejected tool "bash"}).
 */
final class ChatApproval implements ApprovalPolicy {

    /** What the user answered; {@code null}: the question was interrupted (Ctrl-C / end of input). */
    private final Function<String, String> ask;
    private final Function<ToolExecution, String> question;
    private final Set<String> always = ConcurrentHashMap.newKeySet();

    /**
     * @param question the line that asks about a call
     * @param ask shows a question and returns the answer line ({@code null} when interrupted)
     */
    ChatApproval(Function<ToolExecution, String> question, Function<String, String> ask) {
        this.question = question;
        this.ask = ask;
    }

    @Override
    public synchronized ApprovalOutcome request(ToolExecution exec, String reason) {
        if (always.contains(exec.name())) return ApprovalOutcome.ALLOWED_ONCE;
        if (exec.signal().aborted()) return ApprovalOutcome.CANCELLED;
        String id = UUID.randomUUID().toString();
        ToolAgent agent = exec.agent();
        if (agent != null) {
            ObjectNode asked = JsJson.nodes().objectNode().put("id", id).put("toolName", exec.name()).put("callId", exec.callId());
            if (reason != null) asked.put("reason", reason);
            agent.appendEvent(EventTypes.APPROVAL_ASKED, asked);
        }
        ApprovalOutcome outcome = ApprovalOutcome.CANCELLED;
        try {
            String answer = ask.apply(question.apply(exec));
            outcome = answer == null ? ApprovalOutcome.CANCELLED : switch (answer.strip().toLowerCase(Locale.ROOT)) {
                case "o", "once", "y", "yes" -> ApprovalOutcome.ALLOWED_ONCE;
                case "a", "always" -> {
                    always.add(exec.name());
                    yield ApprovalOutcome.ALLOWED_ONCE;
                }
                default -> ApprovalOutcome.REJECTED;
            };
            return outcome;
        } finally {
            if (agent != null) {
                agent.appendEvent(EventTypes.APPROVAL_DECIDED, JsJson.nodes().objectNode().put("id", id).put("outcome", wire(outcome)));
            }
        }
    }

    /** The outcome as DSH writes it in {@code approval/decided}. */
    static String wire(ApprovalOutcome outcome) {
        return outcome.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
