package io.dsh4j.agent;

import io.dsh4j.message.Message;
import java.util.List;

/** The authoritative decision of {@code agent/pre-step} (spec §5.6). */
public sealed interface PreStepDecision {

    /** The turn ends {@code blocked}, with no step. */
    record Reject() implements PreStepDecision {}

    /** These messages enter the step, each as a durable {@code user/message}, in order. */
    record Enter(List<Message.UserMessage> messages) implements PreStepDecision {
        public Enter {
            messages = List.copyOf(messages);
        }
    }
}
