package io.dsh4j.deliberation.core.run;

/** The caller's signal was cancelled by the time every branch had settled (spec §1.2 step 3). */
public final class DeliberationAbortedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    DeliberationAbortedException() {
        super("deliberation aborted");
    }
}
