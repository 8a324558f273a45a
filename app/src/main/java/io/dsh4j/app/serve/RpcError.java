package io.dsh4j.app.serve;

/** A failed RPC call: one of DSH's error codes (spec §6.3: {@code bad-request}, {@code session-not-found}, {@code internal}) and a message. */
final class RpcError extends Exception {
    private static final long serialVersionUID = 1L;

    private final String code;

    RpcError(String code, String message) {
        super(message);
        this.code = code;
    }

    String code() {
        return code;
    }
}
