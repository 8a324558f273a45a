package io.dsh4j.web;

import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Effect;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.ServiceKey;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The route table of {@code ctx.webServer} (spec sessions-llm-http §6.1) without a server: exact and
 * prefix routes (a duplicate path throws), one fallback owner. {@link #match} orders exact, then the
 * longest prefix ({@code p} matches {@code p} and {@code p/…}), then the fallback. Registrations are
 * effects on the caller's fiber, so a route disappears with its plugin. Thread-safe.
 */
public final class WebRoutes {

    /** The service key. */
    public static final ServiceKey<WebRoutes> KEY = ServiceKey.of("webServer", WebRoutes.class);

    /** The plugin providing an empty table. */
    public static final Plugin<com.fasterxml.jackson.databind.JsonNode> PLUGIN = Plugin.named("webserver-routes")
            .setup((ctx, config) -> ctx.provide(KEY, new WebRoutes()));

    /** How a route matches. */
    public enum Kind { EXACT, PREFIX }

    /** What a request path resolved to. */
    public record Match(Kind kind, String path, RouteHandler handler) {}

    private final Map<String, RouteHandler> exact = new TreeMap<>();
    private final Map<String, RouteHandler> prefix = new TreeMap<>();
    private RouteHandler fallback;

    /**
     * Registers a route through {@code caller}.
     *
     * @throws IllegalStateException {@code route "<path>" is already registered}
     * @throws IllegalArgumentException for a path that does not start with {@code /}
     */
    public EffectHandle register(Context caller, Kind kind, String path, RouteHandler handler) {
        Objects.requireNonNull(handler, "handler");
        if (!path.startsWith("/")) throw new IllegalArgumentException("route path must start with /: " + path);
        String key = kind == Kind.PREFIX && path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        return caller.effect(() -> {
            Map<String, RouteHandler> table = kind == Kind.EXACT ? exact : prefix;
            synchronized (this) {
                if (table.containsKey(key)) throw new IllegalStateException("route \"" + path + "\" is already registered");
                table.put(key, handler);
            }
            return Effect.of(() -> {
                synchronized (this) {
                    table.remove(key, handler);
                }
            });
        }, "webServer.register");
    }

    /** Claims the fallback (single owner). @throws IllegalStateException when it is taken */
    public EffectHandle registerFallback(Context caller, RouteHandler handler) {
        Objects.requireNonNull(handler, "handler");
        return caller.effect(() -> {
            synchronized (this) {
                if (fallback != null) throw new IllegalStateException("the fallback route is already registered");
                fallback = handler;
            }
            return Effect.of(() -> {
                synchronized (this) {
                    if (fallback == handler) fallback = null;
                }
            });
        }, "webServer.registerFallback");
    }

    /** The handler for {@code path} (query string excluded); empty means 404. */
    public synchronized Optional<Match> match(String path) {
        RouteHandler e = exact.get(path);
        if (e != null) return Optional.of(new Match(Kind.EXACT, path, e));
        String best = null;
        for (String p : prefix.keySet()) {
            boolean hit = p.equals("/") || path.equals(p) || path.startsWith(p + "/");
            if (hit && (best == null || p.length() > best.length())) best = p;
        }
        if (best != null) return Optional.of(new Match(Kind.PREFIX, best, prefix.get(best)));
        return fallback == null ? Optional.empty() : Optional.of(new Match(null, path, fallback));
    }
}
