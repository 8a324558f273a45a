package io.dsh4j.web;

import java.io.IOException;

/**
 * The request and response of one HTTP exchange as a plugin's {@link RouteHandler} sees it: the
 * server passes an object of this type (the console's exchange is one), so a plugin can serve a route
 * without knowing the server. Header names are case-insensitive.
 */
public interface RouteExchange {

    /** The method, upper case ({@code GET}). */
    String method();

    /** The decoded request path, starting with {@code /}. */
    String path();

    /** The first value of a query parameter, or {@code null}. */
    String query(String name);

    /** The first value of a request header, or {@code null}. */
    String header(String name);

    /** The peer's IP address as the socket reports it ({@code 127.0.0.1}, {@code ::1}), or {@code null} when unknown. */
    default String remoteAddress() {
        return null;
    }

    /** Sets a response header. */
    void responseHeader(String name, String value);

    /** Sends the whole response. */
    void respond(int status, String contentType, byte[] body) throws IOException;
}
