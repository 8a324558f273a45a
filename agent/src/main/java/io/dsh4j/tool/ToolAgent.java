package io.dsh4j.tool;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The agent on whose behalf a call runs, as the tool runtime sees it. The agent runtime's
 * {@code Agent} implements it; the object itself is the agent's scope key (spec §1.15), so the tools
 * visible to a call are those visible to {@code Scopes.of(agent.ctx)} = this object.
 *
 * <p>Implementations are thread-safe: tool bodies call {@link #appendEvent} from virtual threads,
 * several at once for parallel-safe calls.
 */
public interface ToolAgent {

    /** The agent's id (its session id). */
    String id();

    /** The session's working directory ({@code header.cwd}), if it has one. */
    Optional<Path> workingDirectory();

    /**
     * Appends a durable, non-surface event to the agent's session (e.g. {@code todo/write}); it lands
     * between the call's {@code tool/call} and {@code tool/result}.
     *
     * @throws RuntimeException if the session rejects it (not lossless JSON, unknown type, closed)
     */
    void appendEvent(String type, JsonNode data);
}
