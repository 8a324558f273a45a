package io.dsh4j.tool.builtin;

import java.io.IOException;

/**
 * Starts the process of a {@code bash} call once its arguments have passed every check: the builder
 * holds the command line ({@code setsid bash -c <command>}), the directory (inside the working
 * directory), the environment and closed stdin. {@link #START} starts it; an embedder may wrap it (a
 * sandbox) or refuse it by throwing a {@link io.dsh4j.tool.ToolException}, which becomes the call's
 * error result before anything ran. Called on the tool body's thread, once per call.
 */
@FunctionalInterface
public interface CommandLauncher {

    /** Starts the process as built. */
    CommandLauncher START = ProcessBuilder::start;

    /**
     * Starts {@code command}; the returned process's output streams are drained by the tool.
     *
     * @throws IOException when the process cannot be started (the call's error result)
     */
    Process start(ProcessBuilder command) throws IOException;
}
