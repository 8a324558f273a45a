package io.dsh4j.agent;

import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.EventFilter;
import io.dsh4j.llm.AdapterRegistry;
import io.dsh4j.prompt.SystemPrompt;
import io.dsh4j.tool.ToolRuntime;
import java.util.Objects;

/**
 * What the loop runs on: the agent loop's context (events are dispatched from it), the receiver base
 * of agent events, the prompt, the model routes, the tools and {@code maxParallelToolCalls}.
 */
record LoopServices(Context loopCtx, EventFilter base, SystemPrompt prompt, AdapterRegistry llm, ToolRuntime tools,
                    int maxParallelToolCalls) {
    LoopServices {
        Objects.requireNonNull(loopCtx, "loopCtx");
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(prompt, "prompt");
        Objects.requireNonNull(llm, "llm");
        Objects.requireNonNull(tools, "tools");
    }
}
