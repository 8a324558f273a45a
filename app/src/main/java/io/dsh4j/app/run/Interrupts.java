package io.dsh4j.app.run;

import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/** Ctrl-C for {@code dsh4j run}: the first cancels the turn, the second exits at once. */
final class Interrupts {

    private Interrupts() {}

    /** Installs the handler; the returned action restores the previous one. */
    static Runnable install(Runnable first, Runnable second) {
        AtomicInteger count = new AtomicInteger();
        Signal sigint = new Signal("INT");
        SignalHandler previous = Signal.handle(sigint, s -> {
            if (count.incrementAndGet() == 1) {
                Thread.ofVirtual().start(first);
            } else {
                second.run();
            }
        });
        return () -> Signal.handle(sigint, previous);
    }
}
