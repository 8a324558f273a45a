package io.dsh4j.agent;

import io.dsh4j.kernel.Effect;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.config.ConfigSchema;
import io.dsh4j.kernel.config.Schema;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.SessionHome;
import io.dsh4j.session.SessionStore;
import java.nio.file.Path;

/**
 * The live sessions service as a kernel plugin ({@code @deepseek-ai/dsh-session}): provides
 * {@link LiveSessions#KEY} and turns commits and lifecycle into {@code session/event} (contained),
 * {@code session/created} (a throw vetoes) and {@code session/disposed} (contained).
 */
public final class SessionsPlugin {

    /**
     * @param root                 where session logs go; {@code null}: {@code <home>/sessions} of {@code --home},
     *                             {@code DSH_HOME} or {@code ~/.dsh}
     * @param compression          {@code zstd} (DSH's default) or {@code none}
     * @param writeBatchMaxDelayMs the write-behind window
     * @param persist              {@code false} keeps sessions in memory only
     */
    public record Config(String root, String compression, long writeBatchMaxDelayMs, boolean persist) {
        public static final ConfigSchema<Config> SCHEMA = Schema.object()
                .field("root", Schema.string())
                .field("compression", Schema.oneOf("zstd", "none").defaultValue("zstd"))
                .field("writeBatchMaxDelayMs", Schema.natural().defaultValue(LiveSessions.DEFAULT_WINDOW_MILLIS))
                .field("persist", Schema.bool().defaultValue(true))
                .as(Config.class);
    }

    /** The plugin. */
    public static final Plugin<Config> PLUGIN = Plugin.named("session", Config.SCHEMA).apply((ctx, config) -> {
        SessionStore store = null;
        if (config.persist()) {
            Path root = config.root() != null ? Path.of(config.root()) : SessionHome.resolve(null).sessionsRoot();
            store = SessionStore.open(root, "none".equals(config.compression()) ? LogEncoding.RAW : LogEncoding.ZSTD);
        }
        LiveSessions sessions = new LiveSessions(store, config.writeBatchMaxDelayMs(), WindowScheduler.daemon(),
                System::currentTimeMillis);
        sessions.observe(new SessionObserver() {
            @Override
            public void committed(SessionNotice notice) {
                ctx.events().emitContained(AgentEvents.SESSION_EVENT, notice);
            }

            @Override
            public void created(LiveSession session) {
                ctx.events().emit(AgentEvents.SESSION_CREATED, session);
            }

            @Override
            public void disposed(LiveSession session) {
                ctx.events().emitContained(AgentEvents.SESSION_DISPOSED, session);
            }
        });
        ctx.provide(LiveSessions.KEY, sessions);
        return Effect.of(io.dsh4j.kernel.Disposer.blocking(sessions::close));
    });

    private SessionsPlugin() {}
}
