package io.dsh4j.tool.internal;

import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.tool.ToolCodes;
import io.dsh4j.tool.ToolErrorInfo;
import io.dsh4j.tool.ToolException;
import io.dsh4j.tool.ToolExecutionResult;
import io.dsh4j.tool.ToolFailure;
import java.util.List;

/** The canonical failure results of the pipeline (spec §3.4). */
final class Results {

    private Results() {}

    /** {@code Error: <message>}, with {@code {name, code}} when the throwable carries them. */
    static ToolExecutionResult.Failure error(Throwable error) {
        ToolErrorInfo info = error instanceof ToolException te ? te.info() : null;
        return ToolExecutionResult.Failure.of(new ToolFailure(message(error), info));
    }

    /** A denial: {@code Error: <reason>}, no code. */
    static ToolExecutionResult.Failure denied(String reason) {
        return ToolExecutionResult.Failure.of(ToolFailure.of(reason));
    }

    static ToolExecutionResult.Failure abortedBeforeDispatch(ToolExecutionResult prior) {
        return abort(ToolCodes.ABORTED_BEFORE_DISPATCH_MESSAGE, ToolCodes.ABORTED_BEFORE_DISPATCH, prior);
    }

    static ToolExecutionResult.Failure aborted(ToolExecutionResult prior) {
        return abort(ToolCodes.ABORTED_MESSAGE, ToolCodes.ABORTED, prior);
    }

    private static ToolExecutionResult.Failure abort(String message, String code, ToolExecutionResult prior) {
        List<Message.UserMessage> contexts = prior == null ? List.of() : prior.additionalContexts();
        return new ToolExecutionResult.Failure(
                new ToolFailure(message, new ToolErrorInfo(ToolCodes.ABORT_ERROR, code)),
                List.of(new ContentBlock.Text("Error: " + message)), null, contexts);
    }

    /** A throwable's message as DSH shows it; never empty of meaning. */
    static String message(Throwable error) {
        String message = error.getMessage();
        if (message == null) {
            return error.getClass().getSimpleName();
        }
        return message;
    }

    /** Policy feedback's text; non-text blocks as {@code [<type> content]}. */
    static String feedbackMessage(List<ContentBlock> feedback) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < feedback.size(); i++) {
            if (i > 0) {
                text.append('\n');
            }
            text.append(feedback.get(i) instanceof ContentBlock.Text t ? t.text() : "[" + feedback.get(i).type() + " content]");
        }
        return text.isEmpty() ? "tool result blocked by post-execute policy" : text.toString();
    }
}
