package io.dsh4j.agent;

import io.dsh4j.kernel.Disposer;
import io.dsh4j.kernel.Effect;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.config.ConfigSchema;
import io.dsh4j.kernel.config.Schema;
import io.dsh4j.prompt.SystemPrompt;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.ToolStepRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;

/**
 * The agent loop as a kernel plugin ({@code @deepseek-ai/dsh-agent-loop}): provides
 * {@link AgentRegistry#KEY} while sessions, prompt, routes and tools are there, offers the tools
 * visible to each agent to its prompt, and disposes every agent when it unloads.
 */
public final class AgentLoopPlugin {

    /**
     * {@code maxParallelToolCalls} (default 10) and {@code agents}: agents created when the loop starts
     * (owned by the loop, so roots), disposed when it unloads.
     */
    public record Config(int maxParallelToolCalls, List<ConfiguredAgent> agents) {
        public static final ConfigSchema<Config> SCHEMA = Schema.object()
                .field("maxParallelToolCalls", Schema.natural().min(1).defaultValue(ToolStepRequest.DEFAULT_MAX_PARALLEL))
                .field("agents", Schema.array(Schema.object()
                        .field("id", Schema.string().pattern("^[A-Za-z0-9._-]{1,128}$").required())
                        .field("sessionId", Schema.string().pattern("^[A-Za-z0-9._-]{1,128}$"))
                        .field("resumeSessionId", Schema.string().pattern("^[A-Za-z0-9._-]{1,128}$"))
                        .field("provider", Schema.string())
                        .field("model", Schema.string())
                        .field("maxTokens", Schema.natural().min(1))
                        .field("cwd", Schema.string())))
                .as(Config.class);

        public Config {
            agents = agents == null ? List.of() : List.copyOf(agents);
        }
    }

    /**
     * One row of {@code agents}. A dsh4j agent's id is its session's id, so {@code id} names the session
     * unless {@code sessionId} or {@code resumeSessionId} does — and then they must agree.
     */
    public record ConfiguredAgent(String id, String sessionId, String resumeSessionId, String provider, String model,
                                  Long maxTokens, String cwd) {

        /** The session id of this agent, or a {@link IllegalArgumentException} naming the disagreement. */
        String session() {
            String s = resumeSessionId != null ? resumeSessionId : sessionId != null ? sessionId : id;
            if (!s.equals(id)) {
                throw new IllegalArgumentException("agent-loop config: agents[id=" + id + "]: the agent's id is its session id"
                        + " in dsh4j, so it must equal " + (resumeSessionId != null ? "resumeSessionId" : "sessionId") + " \""
                        + s + "\"");
            }
            if (sessionId != null && resumeSessionId != null) {
                throw new IllegalArgumentException("agent-loop config: agents[id=" + id + "]: give sessionId or resumeSessionId, not both");
            }
            return s;
        }

        AgentOptions options() {
            return new AgentOptions(provider, model, maxTokens, null, null);
        }
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
                for (ConfiguredAgent a : config.agents()) {
                    String session = a.session();
                    try {
                        if (a.resumeSessionId() != null) {
                            agents.resume(session, a.options(), null);
                        } else {
                            String cwd = a.cwd() != null ? a.cwd() : System.getProperty("user.dir");
                            agents.create(new AgentRegistry.CreateRequest(session, cwd, List.of(), a.options(), null));
                        }
                    } catch (IOException e) {
                        agents.disposeAll();
                        throw new UncheckedIOException("agent-loop config: agents[id=" + a.id() + "]: cannot resume session "
                                + session + ": " + e.getMessage(), e);
                    } catch (RuntimeException e) {
                        agents.disposeAll();
                        throw e;
                    }
                }
                return Effect.of(Disposer.blocking(agents::disposeAll));
            });

    private AgentLoopPlugin() {}
}
