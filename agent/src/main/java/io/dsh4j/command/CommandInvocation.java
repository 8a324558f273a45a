package io.dsh4j.command;

import io.dsh4j.agent.Agent;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import java.util.List;

/**
 * One invocation: {@code rawInput} is the text after the name, including the separating whitespace.
 */
public record CommandInvocation(String commandId, Agent agent, String rawInput, List<ContentBlock> attachments,
                                Signal signal) {
    public CommandInvocation {
        attachments = List.copyOf(attachments);
    }
}
