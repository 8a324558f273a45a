package io.dsh4j.deliberation.core.run;

/** Waiting for a thread to end whatever interrupts arrive meanwhile. */
final class Joins {

    private Joins() {}

    /**
     * Joins {@code t}, running {@code onInterrupt} at each interrupt and restoring the interrupt
     * status before returning.
     */
    static void joinUninterruptibly(Thread t, Runnable onInterrupt) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
                onInterrupt.run();
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
