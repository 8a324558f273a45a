package io.dsh4j.app.serve;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The console's HTTP server: Javalin (Jetty) on one address, every request through the trust fence
 * of spec §6.2 <em>before</em> it is dispatched — the page and static assets included — then through
 * the {@link ConsoleRoutes}. A route marked {@link ConsoleRoutes.Access#LOOPBACK} is re-checked with an
 * empty trust list. An RPC {@code POST} (any route but the fallback) must carry
 * {@code Content-Type: application/json} (415). Refusals are answered before any handler runs:
 * 403 {@code forbidden}, 415, 413.
 *
 * <p>Thread-safe; requests run on virtual threads. {@link #close} stops the server and waits for it.
 */
public final class ConsoleServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ConsoleServer.class);
    private static final List<HandlerType> METHODS = List.of(HandlerType.GET, HandlerType.HEAD, HandlerType.POST,
            HandlerType.PUT, HandlerType.PATCH, HandlerType.DELETE, HandlerType.OPTIONS);

    private final Javalin app;
    private final String host;
    private final ConsoleRoutes routes;
    private final TrustedHosts trusted;
    private final ServerLimits limits;

    private ConsoleServer(String host, int port, ConsoleRoutes routes, TrustedHosts trusted, ServerLimits limits) {
        this.host = host;
        this.routes = routes;
        this.trusted = trusted;
        this.limits = limits;
        this.app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.concurrency.useVirtualThreads = true;
            config.http.maxRequestSize = limits.maxBodyBytes();
            config.http.generateEtags = false;
            config.jetty.modifyHttpConfiguration(http -> {
                http.setRequestHeaderSize(limits.maxHeaderBytes());
                http.setMinRequestDataRate(limits.minRequestDataRate());
                http.setSendServerVersion(false);
            });
            config.jetty.addConnector((server, http) -> {
                ServerConnector c = new ServerConnector(server, new HttpConnectionFactory(http));
                c.setHost(host);
                c.setPort(port);
                c.setIdleTimeout(limits.idleTimeout().toMillis());
                return c;
            });
            for (HandlerType m : METHODS) {
                config.routes.addHttpHandler(m, "/", this::serve);
                config.routes.addHttpHandler(m, "/*", this::serve);
            }
        });
    }

    /**
     * Starts a server.
     *
     * @param host    the address to bind (a loopback address, or one listed in {@code trusted})
     * @param port    the port, 0 for one the system picks
     * @throws IllegalArgumentException when {@code host} is not loopback and not a trusted host, or is a wildcard address
     */
    public static ConsoleServer start(String host, int port, ConsoleRoutes routes, TrustedHosts trusted, ServerLimits limits) {
        checkBindable(host, trusted);
        ConsoleServer s = new ConsoleServer(host, port, routes, trusted, limits);
        s.app.start();
        return s;
    }

    /**
     * Refuses to bind an address that the fence would refuse requests for: a non-loopback address
     * must be a trusted host, and a wildcard address ({@code 0.0.0.0}, {@code ::}) is not supported,
     * as DSH does not support it.
     */
    static void checkBindable(String host, TrustedHosts trusted) {
        Optional<HostAuthority> a = HostAuthority.parse(host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host);
        if (a.isEmpty()) throw new IllegalArgumentException(ServeTexts.get("serve.badHost", host));
        try {
            InetAddress address = InetAddress.getByName(host);
            if (address.isAnyLocalAddress()) throw new IllegalArgumentException(ServeTexts.get("serve.wildcard", host));
            if (address.isLoopbackAddress() && a.get().isLoopback()) return;
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(ServeTexts.get("serve.unknownHost", host));
        }
        if (!trusted.listsHost(a.get().host())) throw new IllegalArgumentException(ServeTexts.get("serve.untrustedBind", host));
    }

    /** The port the server listens on. */
    public int port() {
        return app.port();
    }

    /** The console's address. */
    public URI url() {
        String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return URI.create("http://" + h + ":" + port() + "/");
    }

    @Override
    public void close() {
        app.stop();
    }

    private void serve(Context ctx) {
        TrustFence.Verdict verdict = TrustFence.check(ctx.header("Host"), ctx.header("Sec-Fetch-Site"), ctx.header("Origin"), trusted);
        if (!verdict.passed()) {
            refuse(ctx, 403, "forbidden");
            return;
        }
        String path = ctx.path();
        Optional<ConsoleRoutes.Route> route = routes.match(path);
        if (route.isEmpty()) {
            refuse(ctx, 404, "not found");
            return;
        }
        ConsoleRoutes.Route r = route.get();
        if (r.access() == ConsoleRoutes.Access.LOOPBACK
                && !TrustFence.check(ctx.header("Host"), ctx.header("Sec-Fetch-Site"), ctx.header("Origin"), TrustedHosts.NONE).passed()) {
            refuse(ctx, 403, "forbidden");
            return;
        }
        if (!r.isFallback() && ctx.method() == HandlerType.POST && !isJson(ctx.header("Content-Type"))) {
            refuse(ctx, 415, "unsupported media type: RPC posts are application/json");
            return;
        }
        long length = ctx.req().getContentLengthLong();
        if (length > limits.maxBodyBytes()) {
            refuse(ctx, 413, "request body too large");
            return;
        }
        JavalinExchange exchange = new JavalinExchange(ctx, limits.maxBodyBytes());
        try {
            r.handler().handle(exchange);
        } catch (WebProblem p) {
            if (!ctx.res().isCommitted()) refuse(ctx, p.status(), p.getMessage());
        } catch (Exception | StackOverflowError e) {
            // the stack trace only when debugging: a handler's bug must not flood the terminal per request
            LOG.warn("handler of {} failed on {} {}: {}", r.path(), ctx.method(), path, e.toString());
            LOG.debug("handler failure", e);
            if (!ctx.res().isCommitted()) refuse(ctx, 400, "bad request");
            else exchange.abort();
        }
    }

    static boolean isJson(String contentType) {
        if (contentType == null) return false;
        int semi = contentType.indexOf(';');
        String type = (semi < 0 ? contentType : contentType.substring(0, semi)).trim();
        return type.equalsIgnoreCase("application/json");
    }

    private static void refuse(Context ctx, int status, String reason) {
        ctx.status(status);
        ctx.contentType("text/plain; charset=utf-8");
        ctx.result(reason.getBytes(StandardCharsets.UTF_8));
    }

    /** {@link WebExchange} over a Javalin context. */
    private static final class JavalinExchange implements WebExchange {
        private final Context ctx;
        private final long cap;

        JavalinExchange(Context ctx, long cap) {
            this.ctx = ctx;
            this.cap = cap;
        }

        @Override public String method() { return ctx.method().name(); }
        @Override public String path() { return ctx.path(); }
        @Override public String query(String name) { return ctx.queryParam(name); }
        @Override public String header(String name) { return ctx.header(name); }
        @Override public String remoteAddress() { return ctx.req().getRemoteAddr(); }

        @Override
        public byte[] body() throws IOException {
            try (InputStream in = ctx.req().getInputStream()) {
                byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, cap + 1));
                if (bytes.length > cap) throw new WebProblem(413, "request body too large");
                return bytes;
            }
        }

        @Override
        public void responseHeader(String name, String value) {
            ctx.header(name, value);
        }

        @Override
        public void respond(int status, String contentType, byte[] body) {
            ctx.status(status);
            ctx.contentType(contentType);
            ctx.result(body);
        }

        @Override
        public OutputStream stream(int status, String contentType) throws IOException {
            ctx.status(status);
            ctx.contentType(contentType);
            ctx.res().flushBuffer();
            return ctx.res().getOutputStream();
        }

        void abort() {
            try {
                ctx.res().getOutputStream().close();
            } catch (IOException | RuntimeException e) {
                LOG.debug("closing a failed response", e);
            }
        }
    }
}
