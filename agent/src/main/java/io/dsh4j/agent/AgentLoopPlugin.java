package io.dsh4j.agent;

import io.dsh4j.kernel.Disposer;
import io.dsh4j.kernel.Effect;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.config.ConfigSchema;
import io.dsh4j.kernel.config.Schema;
import io.dsh4j.prompt.SystemPrompt;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.ToolStepRequest;
import java.util.Set;

/**
 * The agent loop as a kernel plugin ({@code @deepseek-ai/dsh-agent-loop}): provides
 * {@link AgentRegistry#KEY} while sessions, prompt, routes and tools are there, offers the tools
 * visible to each agent to its prompt, and disposes every agent when it unloads.
 */
public final class AgentLoopPlugin {

    /** {@code maxParallelToolCalls} (default 10). */
    public record Config(int maxParallelToolCalls) {
        public static final ConfigSchema<Config> SCHEMA = Schema.object()
                .field("maxParallelToolCalls", Schema.natural().min(1).defaultValue(ToolStepRequest.DEFAULT_MAX_PARALLEL))
                .as(Config.class);
    }

    /** The plugin. */
    public static final Plugin<Config> PLUGIN = Plugin.named("agent-loop", Config.SCHEMA)
            .inject(LiveSessions.KEY, SystemPrompt.KEY, ModelRoutesPlugin.LLM, ToolRuntime.KEY)
            .apply((ctx, config) -> {
                ToolRuntime tools = ctx.require(ToolRuntime.KEY);
                SystemPrompt prompt = ctx.require(SystemPrompt.KEY);
                prompt.tools(assembly -> new SystemPrompt.ToolOffer(tools.schemas(assembly.scope()), Set.of()));
                prompt.variable("provider", c -> c.agent() instanceof Agent a ? a.options().provider() : null);
                prompt.variable("model", c -> c.agent() instanceof Agent a ? a.options().model() : null);
                prompt.variable("cwd", c -> c.agent() instanceof Agent a ? a.session().header().cwd() : null);
                AgentRegistry agents = new AgentRegistry(ctx, listener -> true, ctx.require(LiveSessions.KEY), prompt,
                        ctx.require(ModelRoutesPlugin.LLM), tools, config.maxParallelToolCalls());
                ctx.provide(AgentRegistry.KEY, agents);
                return Effect.of(Disposer.blocking(agents::disposeAll));
            });

    private AgentLoopPlugin() {}
}
