package io.dsh4j.agent.subagent;

/** DSH's {@code SubagentDepthError}: {@code subagent depth <n> exceeds maxDepth <m>} (spec §6.5 step 2). */
public final class SubagentDepthException extends RuntimeException {

    private final long depth;
    private final long maxDepth;

    public SubagentDepthException(long depth, long maxDepth) {
        super("subagent depth " + depth + " exceeds maxDepth " + maxDepth);
        this.depth = depth;
        this.maxDepth = maxDepth;
    }

    public long depth() {
        return depth;
    }

    public long maxDepth() {
        return maxDepth;
    }
}
