package io.dsh4j.agent.subagent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.AgentRegistry;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.config.ConfigSchema;
import io.dsh4j.kernel.config.Schema;
import io.dsh4j.session.event.SessionEvent;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The shipped in-process providers (spec §6.1, §6.7): {@code spawn} (no seed: the child starts from an
 * empty conversation) and {@code fork} (seed = the parent's log through its last {@code turn/end}; the
 * in-flight turn is left out). Both declare all four capabilities and run on {@link InProcessDriver}.
 */
public final class InProcessProviders {

    /** {@code providerName}. */
    public record Config(String providerName) {
        static ConfigSchema<Config> schema(String defaultName) {
            return Schema.object().field("providerName", Schema.string().defaultValue(defaultName)).as(Config.class);
        }
    }

    /** The spawn provider's default name. */
    public static final String SPAWN = "spawn";
    /** The fork provider's default name. */
    public static final String FORK = "fork";

    /** {@code @deepseek-ai/dsh-subagent-spawn-in-process}. */
    public static final Plugin<Config> SPAWN_PLUGIN = plugin("subagent-spawn-in-process", SPAWN, false, parent -> List.of());

    /** {@code @deepseek-ai/dsh-subagent-fork-in-process}. */
    public static final Plugin<Config> FORK_PLUGIN = plugin("subagent-fork-in-process", FORK, true,
            parent -> InProcessDriver.completedTurnPrefix(parent.session().events()));

    private InProcessProviders() {}

    private static Plugin<Config> plugin(String pluginName, String defaultName, boolean inherits,
                                         Function<io.dsh4j.agent.Agent, List<SessionEvent>> seed) {
        return Plugin.named(pluginName, Config.schema(defaultName))
                .inject(SubagentRuntime.KEY, AgentRegistry.KEY)
                .setup((ctx, config) -> {
                    if (config.providerName().isEmpty()) throw new IllegalArgumentException(pluginName + " providerName must be non-empty");
                    InProcessDriver driver = new InProcessDriver(ctx.require(AgentRegistry.KEY), ctx);
                    ctx.require(SubagentRuntime.KEY).registerProvider(ctx, provider(config.providerName(), inherits, driver, seed));
                });
    }

    /** A provider starting children on {@code driver} with the seed {@code seed} computes from the parent. */
    public static SubagentProvider provider(String name, boolean inheritsParentContext, InProcessDriver driver,
                                            Function<io.dsh4j.agent.Agent, List<SessionEvent>> seed) {
        Objects.requireNonNull(name, "name");
        return new SubagentProvider() {
            @Override public String name() { return name; }
            @Override public SubagentCapabilities capabilities() { return SubagentCapabilities.ALL; }
            @Override public boolean inheritsParentContext() { return inheritsParentContext; }
            @Override
            public SubagentRun start(SubagentStartRequest request, ObjectNode descriptor) {
                return driver.start(request, descriptor, seed.apply(request.parent()));
            }
            @Override public String toString() { return "SubagentProvider[" + name + "]"; }
        };
    }
}
