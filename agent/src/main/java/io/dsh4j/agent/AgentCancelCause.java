package io.dsh4j.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.TurnEndReason;
import java.util.Objects;

/** Why an agent's activity was cancelled (spec kernel-and-agent §5.8). The first cause wins. */
public sealed interface AgentCancelCause {

    /** {@code {kind:'user'}}: the person at the keyboard (Ctrl-C). */
    record User() implements AgentCancelCause {}

    /** {@code {kind:'parent'}}: the delegating agent. */
    record Parent() implements AgentCancelCause {}

    /** {@code {kind:'hook', reason}}: a plugin acting on its own policy. */
    record Hook(String reason) implements AgentCancelCause {
        public Hook {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** {@code {kind:'disposed'}}: the agent is being disposed; never latches a wake. */
    record Disposed() implements AgentCancelCause {}

    /** The user cause. */
    AgentCancelCause USER = new User();

    /** The {@code kind}. */
    default String kind() {
        return switch (this) {
            case User u -> "user";
            case Parent p -> "parent";
            case Hook h -> "hook";
            case Disposed d -> "disposed";
        };
    }

    /** The cause as a {@code turn/end} abort reason. */
    default TurnEndReason.AbortCause toAbortCause() {
        ObjectNode json = JsJson.nodes().objectNode().put("kind", kind());
        String reason = this instanceof Hook h ? h.reason() : null;
        if (reason != null) json.put("reason", reason);
        return new TurnEndReason.AbortCause(kind(), reason, json);
    }

    /** The cause carried by an abort reason object, or {@link User} for one that is not a cause. */
    static AgentCancelCause of(Object reason) {
        return reason instanceof AgentCancelCause c ? c : USER;
    }
}
