package io.dsh4j.command;

/**
 * Runs one invocation. It never sends anything to the model itself; it may schedule model work with
 * {@code invocation.agent().followup/steer/inject}. A throw (or an abort) settles as {@code error}.
 */
@FunctionalInterface
public interface CommandHandler {
    CommandResult handle(CommandInvocation invocation) throws Exception;
}
