package io.dsh4j.tool.builtin;

import io.dsh4j.tool.ToolAgent;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * DSH's observation policy: an agent edits or overwrites a file only after reading it, and only if
 * it has not changed since ({@code FS_NOT_OBSERVED}, {@code FS_STALE_VERSION}). What the agent wrote
 * itself counts as read. Per agent; calls without an agent share one record. Thread-safe.
 */
final class Observations {

    private static final Object NO_AGENT = new Object();

    private final Map<Object, Map<Path, String>> seen = new WeakHashMap<>();

    private Map<Path, String> of(ToolAgent agent) {
        return seen.computeIfAbsent(agent == null ? NO_AGENT : agent, k -> new HashMap<>());
    }

    synchronized void observed(ToolAgent agent, Path path) {
        try {
            of(agent).put(path, TextFiles.version(path));
        } catch (IOException e) {
            of(agent).remove(path);
        }
    }

    /**
     * @throws io.dsh4j.tool.ToolException when {@code path} exists and was not read, or changed since
     */
    synchronized void requireCurrent(ToolAgent agent, Workspace.Target target, String action) {
        String known = of(agent).get(target.path());
        if (known == null) {
            throw FsErrors.of(FsErrors.NOT_OBSERVED, action + " requires reading \"" + target.display()
                    + "\" first — read the file, then retry");
        }
        String now;
        try {
            now = TextFiles.version(target.path());
        } catch (IOException e) {
            now = null;
        }
        if (!known.equals(now)) {
            throw FsErrors.of(FsErrors.STALE_VERSION, "\"" + target.display()
                    + "\" changed since it was read — re-read the file, then retry");
        }
    }
}
