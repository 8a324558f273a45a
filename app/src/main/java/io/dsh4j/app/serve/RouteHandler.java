package io.dsh4j.app.serve;

/** Answers the requests of one route. May be called on many threads at once. */
@FunctionalInterface
public interface RouteHandler {

    /**
     * Answers one request. Throwing {@link WebProblem} answers its status; any other exception is
     * answered 400 (or the response is cut when it had started) and logged.
     */
    void handle(WebExchange exchange) throws Exception;
}
