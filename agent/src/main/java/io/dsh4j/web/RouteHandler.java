package io.dsh4j.web;

/**
 * Handles one HTTP request. The exchange type is the server's (the web console brings it); this
 * interface fixes only the routing contract. A throw is the server's 400 (spec sessions-llm-http §6.1).
 */
@FunctionalInterface
public interface RouteHandler {
    void handle(Object exchange) throws Exception;
}
