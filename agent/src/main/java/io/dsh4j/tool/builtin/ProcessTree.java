package io.dsh4j.tool.builtin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * Killing a command and everything it started. The command runs as the leader of a process group of
 * its own ({@code setsid}), so one {@code kill -KILL -<pgid>} reaches children that were reparented
 * away from it; descendants still attached are killed one by one as well, for those that started a
 * session of their own. The harness's own process group is never signalled.
 */
final class ProcessTree {

    private ProcessTree() {}

    /** The process group of {@code pid} from {@code /proc}, if readable. */
    static OptionalLong processGroup(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return OptionalLong.of(Long.parseLong(fields[2])); // state ppid pgrp …
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * SIGKILL to the group {@code leader} leads (its pid once {@code setsid} ran; read from
     * {@code /proc} while it lives) and to every descendant still attached. Blocks briefly.
     */
    static void kill(Process leader) {
        List<ProcessHandle> descendants = leader.descendants().toList();
        long group = processGroup(leader.pid()).orElse(leader.pid());
        OptionalLong own = processGroup(ProcessHandle.current().pid());
        if (group > 1 && (own.isEmpty() || own.getAsLong() != group)) {
            try {
                Process kill = new ProcessBuilder("kill", "-KILL", "--", "-" + group)
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                kill.waitFor();
            } catch (IOException e) {
                // fall back to the handles below
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        leader.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
    }
}
