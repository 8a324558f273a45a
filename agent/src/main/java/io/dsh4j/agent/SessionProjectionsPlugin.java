package io.dsh4j.agent;

import io.dsh4j.kernel.Plugin;

/**
 * {@code @deepseek-ai/dsh-session-projections}: provides {@link SessionProjections} and drives it with
 * every {@code session/event}; a disposed session's cells are dropped.
 */
public final class SessionProjectionsPlugin {

    /** The plugin. */
    public static final Plugin<com.fasterxml.jackson.databind.JsonNode> PLUGIN = Plugin.named("session-projections")
            .setup((ctx, config) -> {
                SessionProjections projections = new SessionProjections();
                ctx.events().on(AgentEvents.SESSION_EVENT, projections::accept);
                ctx.events().on(AgentEvents.SESSION_DISPOSED, projections::forget);
                ctx.provide(SessionProjections.KEY, projections);
            });

    private SessionProjectionsPlugin() {}
}
