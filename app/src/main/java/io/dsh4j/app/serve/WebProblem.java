package io.dsh4j.app.serve;

/**
 * A request the handler refuses with a definite HTTP status (405, 413, 415, …) and a short reason
 * for the body. Any other exception from a handler is answered 400 (spec §6.1).
 */
public final class WebProblem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;

    public WebProblem(int status, String reason) {
        super(reason);
        this.status = status;
    }

    /** The HTTP status to answer with. */
    public int status() {
        return status;
    }
}
