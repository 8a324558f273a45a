package io.dsh4j.sessionquery;

import io.dsh4j.agent.LiveSessions;
import io.dsh4j.kernel.Plugin;

/** {@code @deepseek-ai/dsh-session-query}: {@link SessionQuery} over the live sessions and their store. */
public final class SessionQueryPlugin {

    /** The plugin. */
    public static final Plugin<com.fasterxml.jackson.databind.JsonNode> PLUGIN = Plugin.named("session-query")
            .inject(LiveSessions.KEY)
            .setup((ctx, config) -> {
                LiveSessions live = ctx.require(LiveSessions.KEY);
                ctx.provide(SessionQuery.KEY, new SessionQuery(live, live.store().orElse(null)));
            });

    private SessionQueryPlugin() {}
}
