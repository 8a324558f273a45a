package io.dsh4j.app.serve;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The web server's route table (spec §6.1): exact routes, prefix routes ({@code p} matches
 * {@code p} and {@code p/…}) and one fallback. A request is matched exact first, then by the
 * longest prefix, then the fallback; without one it is 404. Registering a path twice, or a second
 * fallback, is refused. Each route says who may reach it ({@link Access}). Thread-safe: routes may
 * be registered and removed while requests are matched.
 *
 * <p>This is the console's own seam until the agent runtime's route service ({@code io.dsh4j.web})
 * lands; it has the same semantics so that the switch is a change of adapter, not of behaviour.
 */
public final class RouteTable {

    /** How a route's path matches. */
    public enum Kind { EXACT, PREFIX }

    /** Who may reach a route: any client that passes the trust fence, or loopback clients only. */
    public enum Access { TRUSTED_HOST, LOOPBACK }

    /** A registered route. */
    public record Route(Kind kind, String path, Access access, RouteHandler handler) {
        public Route {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(access, "access");
            Objects.requireNonNull(handler, "handler");
            if (path == null || !path.startsWith("/")) throw new IllegalArgumentException("a route path starts with '/': " + path);
            if (kind == Kind.PREFIX && path.length() > 1 && path.endsWith("/")) {
                throw new IllegalArgumentException("a prefix route path does not end with '/': " + path);
            }
        }
    }

    /** Removes a route (or the fallback) again; idempotent. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    private final Map<String, Route> exact = new ConcurrentHashMap<>();
    private final Map<String, Route> prefix = new ConcurrentHashMap<>();
    private final AtomicReference<Route> fallback = new AtomicReference<>();

    /**
     * Registers a route.
     *
     * @throws IllegalStateException when a route of the same kind already has this path
     */
    public Registration register(Route route) {
        Map<String, Route> table = route.kind() == Kind.EXACT ? exact : prefix;
        if (table.putIfAbsent(route.path(), route) != null) {
            throw new IllegalStateException("duplicate " + route.kind().name().toLowerCase(java.util.Locale.ROOT)
                    + " route: " + route.path());
        }
        return () -> table.remove(route.path(), route);
    }

    /** Registers a route reachable through the trust fence. */
    public Registration register(Kind kind, String path, RouteHandler handler) {
        return register(new Route(kind, path, Access.TRUSTED_HOST, handler));
    }

    /**
     * Claims the fallback.
     *
     * @throws IllegalStateException when another handler holds it
     */
    public Registration registerFallback(Access access, RouteHandler handler) {
        Route route = new Route(Kind.PREFIX, "/", access, handler);
        if (!fallback.compareAndSet(null, route)) throw new IllegalStateException("the fallback route is already claimed");
        return () -> fallback.compareAndSet(route, null);
    }

    /** Whether {@code route} is the fallback (whose POSTs are not RPC). */
    public boolean isFallback(Route route) {
        return fallback.get() == route;
    }

    /** The route for a request path, or empty (404). */
    public Optional<Route> match(String path) {
        Route r = exact.get(path);
        if (r != null) return Optional.of(r);
        String p = path;
        while (true) {
            r = prefix.get(p);
            if (r != null) return Optional.of(r);
            int slash = p.lastIndexOf('/');
            if (slash <= 0) break;
            p = p.substring(0, slash);
        }
        if (!path.equals("/")) {
            r = prefix.get("/");
            if (r != null) return Optional.of(r);
        }
        return Optional.ofNullable(fallback.get());
    }
}
