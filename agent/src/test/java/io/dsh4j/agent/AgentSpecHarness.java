package io.dsh4j.agent;

import io.dsh4j.kernel.Context;

/** The booted runtime of {@link LoopHarness}, for tests of packages that build on agents. */
public final class AgentSpecHarness implements AutoCloseable {

    private final LoopHarness h = new LoopHarness();

    public Context root() {
        return h.root;
    }

    @Override
    public void close() {
        h.close();
    }
}
