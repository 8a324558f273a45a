package io.dsh4j.app.serve;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The console's files, served from the jar ({@code io/dsh4j/app/serve/console/}) as DSH's
 * {@code frontend-static} serves its SPA (spec §6.1): {@code /} is {@code index.html}; other files
 * that exist are served with a type from a small MIME table (else {@code application/octet-stream});
 * a missing file is an empty 404; a path that tries to leave the folder ({@code ..}, encoded dots,
 * back slashes, NUL) is 403; any method but GET and HEAD is 405. Nothing is fetched at run time.
 * Stateless and thread-safe.
 */
public final class StaticAssets implements RouteHandler {

    static final String ROOT = "io/dsh4j/app/serve/console/";
    private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)*");
    private static final Map<String, String> MIME = Map.of(
            "html", "text/html; charset=utf-8",
            "css", "text/css; charset=utf-8",
            "js", "text/javascript; charset=utf-8",
            "json", "application/json; charset=utf-8",
            "svg", "image/svg+xml",
            "png", "image/png",
            "ico", "image/x-icon",
            "txt", "text/plain; charset=utf-8");

    @Override
    public void handle(WebExchange ex) throws IOException {
        String method = ex.method();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            ex.responseHeader("Allow", "GET, HEAD");
            ex.respond(405, "text/plain; charset=utf-8", new byte[0]);
            return;
        }
        String path = ex.path();
        if (isTraversal(path)) {
            ex.respond(403, "text/plain; charset=utf-8", new byte[0]);
            return;
        }
        String name = path.equals("/") ? "index.html" : path.substring(1);
        if (!SAFE_NAME.matcher(name).matches()) {
            ex.respond(404, "text/plain; charset=utf-8", new byte[0]);
            return;
        }
        byte[] body;
        try (InputStream in = StaticAssets.class.getClassLoader().getResourceAsStream(ROOT + name)) {
            if (in == null) {
                ex.respond(404, "text/plain; charset=utf-8", new byte[0]);
                return;
            }
            body = in.readAllBytes();
        }
        ex.responseHeader("Cache-Control", "no-cache");
        ex.responseHeader("X-Content-Type-Options", "nosniff");
        ex.responseHeader("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
        ex.respond(200, mime(name), method.equals("HEAD") ? new byte[0] : body);
    }

    /** Whether a decoded request path tries to climb out of the asset folder or smuggle a separator. */
    static boolean isTraversal(String path) {
        String lower = path.toLowerCase(Locale.ROOT);
        if (lower.indexOf('\\') >= 0 || lower.indexOf('\u0000') >= 0 || lower.contains("%2e") || lower.contains("%2f")
                || lower.contains("%5c")) {
            return true;
        }
        for (String segment : path.split("/", -1)) if (segment.equals("..") || segment.equals(".")) return true;
        return false;
    }

    static String mime(String name) {
        int dot = name.lastIndexOf('.');
        String ext = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
        return MIME.getOrDefault(ext, "application/octet-stream");
    }
}
