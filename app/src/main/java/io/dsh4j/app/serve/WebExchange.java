package io.dsh4j.app.serve;

import java.io.IOException;
import java.io.OutputStream;

/**
 * One HTTP request and its response, as a route handler sees it; the server behind it is not
 * named. Not thread-safe: a handler uses it on the thread that called it.
 */
public interface WebExchange extends io.dsh4j.web.RouteExchange {

    /** The method, upper case ({@code GET}). */
    String method();

    /** The decoded request path, starting with {@code /}. */
    String path();

    /** The first value of a query parameter, or {@code null}. */
    String query(String name);

    /** The first value of a request header, or {@code null}. */
    String header(String name);

    /**
     * The request body, read whole.
     *
     * @throws WebProblem 413 when it is larger than the server's body cap
     */
    byte[] body() throws IOException;

    /** Sets a response header. */
    void responseHeader(String name, String value);

    /** Sends the whole response. */
    void respond(int status, String contentType, byte[] body) throws IOException;

    /** Starts a streamed response (its length unknown) and returns its body; the caller closes it. */
    OutputStream stream(int status, String contentType) throws IOException;
}
