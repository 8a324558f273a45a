package io.dsh4j.app.chat;

import io.dsh4j.tool.ApprovalOutcome;
import io.dsh4j.tool.ApprovalPolicy;
import io.dsh4j.tool.ToolExecution;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Chat's approval policy: a call the policy asks about (bash, write, edit) is put to the user —
 * {@code o} allow once, {@code a} always allow this tool for the rest of the chat, anything else
 * denies. One question at a time (calls that ask are not run in parallel). The runtime turns the
 * answer into the call's outcome, so a denial is in the log as the tool's result
 * ({@code the user rejected tool "bash"}).
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
        String answer = ask.apply(question.apply(exec));
        if (answer == null) return ApprovalOutcome.CANCELLED;
        return switch (answer.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "o", "once", "y", "yes" -> ApprovalOutcome.ALLOWED_ONCE;
            case "a", "always" -> {
                always.add(exec.name());
                yield ApprovalOutcome.ALLOWED_ONCE;
            }
            default -> ApprovalOutcome.REJECTED;
        };
    }
}
