package io.dsh4j.bench.kernel;

import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.EventFilter;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.Notification;
import io.dsh4j.kernel.Scopes;
import io.dsh4j.kernel.Waterfall;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Cost of one dispatch to N listeners (1, 10, 100), per mode: raw {@code emit}, contained emit (DSH's
 * notification style, a try/catch per listener), a scoped contained emit (the receiver filter every
 * agent event goes through; half the listeners are tagged with another agent's scope and filtered
 * out), and a waterfall where every listener calls {@code next}. Listeners do trivial work, so the
 * figures are the kernel's overhead. Divide by N for the cost per listener.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EventDispatchBenchmark {

    static final Notification<long[]> NOTE = Notification.of("bench/note", long[].class);
    static final Notification<long[]> SCOPED = Notification.of("bench/scoped", long[].class);
    static final Waterfall<long[], Long> FALL = Waterfall.of("bench/fall", long[].class, Long.class);

    @Param({"1", "10", "100"})
    int listeners;

    Kernel kernel;
    Context root;
    EventFilter scoped;
    final long[] payload = new long[1];

    @Setup(Level.Trial)
    public void setUp() {
        kernel = Kernel.create((level, source, message, error) -> { });
        root = kernel.root();
        Object agent = new Object();
        Object other = new Object();
        Context mine = Scopes.create(root, agent).context();
        Context theirs = Scopes.create(root, other).context();
        for (int i = 0; i < listeners; i++) {
            root.events().on(NOTE, p -> p[0]++);
            root.events().on(FALL, (p, next) -> next.proceed() + 1);
            // for the scoped dispatch: alternate between the agent's own scope and another agent's
            (i % 2 == 0 ? mine : theirs).events().on(SCOPED, p -> p[0]++);
        }
        scoped = Scopes.target(root, null, agent);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        kernel.close();
    }

    @Benchmark
    public long emit() {
        root.events().emit(NOTE, payload);
        return payload[0];
    }

    @Benchmark
    public long emitContained() {
        root.events().emitContained(NOTE, payload);
        return payload[0];
    }

    @Benchmark
    public long emitScopedContained() {
        root.events().to(scoped).emitContained(SCOPED, payload);
        return payload[0];
    }

    @Benchmark
    public void waterfall(Blackhole bh) {
        bh.consume(root.events().waterfall(FALL, payload, () -> 0L));
    }
}
