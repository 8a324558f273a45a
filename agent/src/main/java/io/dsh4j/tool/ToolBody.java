package io.dsh4j.tool;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The body of a tool: runs one accepted call and returns its canonical JSON value (checked against
 * {@link ToolOutput#schema()}).
 *
 * <p>Runs on a virtual thread and may block. It must observe {@code exec.signal()} and return (or
 * throw) once its own work has stopped: the runtime waits for it even after an abort, it cannot
 * kill it. A thrown {@link ToolException} becomes an error result carrying its name and code; any
 * other throwable becomes {@code Error: <message>} without a code. Never return {@code null}.
 */
@FunctionalInterface
public interface ToolBody {
    JsonNode execute(JsonNode args, ToolRunContext exec) throws Exception;
}
