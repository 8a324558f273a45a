package io.dsh4j.app.serve;

import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.web.WebRoutes;
import java.util.Objects;
import java.util.Optional;

/**
 * The console server's view of the agent runtime's route table ({@link WebRoutes}, spec §6.1:
 * exact, then longest prefix, then the fallback; a duplicate path or a second fallback is
 * refused). The console adds only what the server needs around it: who may reach a route
 * ({@link Access}, carried by the registered handler) and the exchange type ({@link WebExchange})
 * that its handlers receive. Registrations are effects of the owning context, so they go when it goes.
 * Thread-safe.
 */
public final class ConsoleRoutes {

    /** How a route's path matches. */
    public enum Kind { EXACT, PREFIX }

    /** Who may reach a route: any client that passes the trust fence, or loopback clients only. */
    public enum Access { TRUSTED_HOST, LOOPBACK }

    /** What the server registers in the runtime's table: the console handler and its access. */
    record Registered(Access access, RouteHandler handler) implements io.dsh4j.web.RouteHandler {
        Registered {
            Objects.requireNonNull(access, "access");
            Objects.requireNonNull(handler, "handler");
        }

        @Override
        public void handle(Object exchange) throws Exception {
            handler.handle((WebExchange) exchange);
        }
    }

    /** A matched route: its kind ({@code null} for the fallback), path, access and handler. */
    public record Route(Kind kind, String path, Access access, RouteHandler handler) {
        /** Whether this is the fallback (whose POSTs are not RPC). */
        public boolean isFallback() {
            return kind == null;
        }
    }

    /** Removes a route again; idempotent. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    private final WebRoutes routes;
    private final Context owner;

    /**
     * @param routes the runtime's table, shared with any plugin that registers routes
     * @param owner  the context whose effects the console's own routes are
     */
    public ConsoleRoutes(WebRoutes routes, Context owner) {
        this.routes = routes;
        this.owner = owner;
    }

    /** The runtime's table. */
    public WebRoutes table() {
        return routes;
    }

    /**
     * Registers a route.
     *
     * @throws IllegalStateException when the path is taken
     * @throws IllegalArgumentException when it does not start with {@code /}
     */
    public Registration register(Kind kind, String path, Access access, RouteHandler handler) {
        EffectHandle h = routes.register(owner, kind == Kind.EXACT ? WebRoutes.Kind.EXACT : WebRoutes.Kind.PREFIX, path,
                new Registered(access, handler));
        return h::dispose;
    }

    /** Registers a route reachable through the trust fence. */
    public Registration register(Kind kind, String path, RouteHandler handler) {
        return register(kind, path, Access.TRUSTED_HOST, handler);
    }

    /**
     * Claims the fallback.
     *
     * @throws IllegalStateException when another handler holds it
     */
    public Registration registerFallback(Access access, RouteHandler handler) {
        EffectHandle h = routes.registerFallback(owner, new Registered(access, handler));
        return h::dispose;
    }

    /**
     * The route for a request path, or empty (404). A route some plugin registered with a plain
     * {@link io.dsh4j.web.RouteHandler} is reachable from loopback only and receives the
     * {@link WebExchange}.
     */
    public Optional<Route> match(String path) {
        return routes.match(path).map(m -> {
            Kind kind = m.kind() == null ? null : m.kind() == WebRoutes.Kind.EXACT ? Kind.EXACT : Kind.PREFIX;
            if (m.handler() instanceof Registered r) return new Route(kind, m.path(), r.access(), r.handler());
            io.dsh4j.web.RouteHandler plain = m.handler();
            return new Route(kind, m.path(), Access.LOOPBACK, plain::handle);
        });
    }
}
