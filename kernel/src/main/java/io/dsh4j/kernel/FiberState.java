package io.dsh4j.kernel;

/** The lifecycle states of a fiber; {@link #code()} is Cordis's numeric value, kept for diagnostics. */
public enum FiberState {
    /** Not loaded: an injected service is missing (also the state after an unload while still owned). */
    PENDING(0),
    /** Config resolution and plugin code are running. */
    LOADING(1),
    /** Loaded; the services it provides are visible. */
    ACTIVE(2),
    /** The last load threw (config or plugin code); its effects were rolled back. */
    FAILED(3),
    /** Removed; can never restart. */
    DISPOSED(4),
    /** Disposers are running. */
    UNLOADING(5);

    private final int code;

    FiberState(int code) {
        this.code = code;
    }

    /** Cordis's numeric value of this state. */
    public int code() {
        return code;
    }
}
