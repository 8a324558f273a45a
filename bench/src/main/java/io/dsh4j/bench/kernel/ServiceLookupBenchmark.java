package io.dsh4j.bench.kernel;

import io.dsh4j.kernel.CallerBound;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Fiber;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.ServiceKey;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of one service lookup: {@code require} from the fiber that injects the service, from a child
 * fiber three levels below it (the fiber walk), and from an agent-like derived context; {@code get}
 * (the optional, strict store read); and {@code require} of a caller-bound service, which allocates
 * the caller's view.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ServiceLookupBenchmark {

    static final ServiceKey<String> PLAIN = ServiceKey.of("plain", String.class);
    static final ServiceKey<Bound> BOUND = ServiceKey.of("bound", Bound.class);

    /** A caller-bound service's view. */
    public record Bound(Context caller) {}

    Kernel kernel;
    Context injecting;
    Context grandchild;
    Context derived;

    @Setup(Level.Trial)
    public void setUp() {
        kernel = Kernel.create((level, source, message, error) -> { });
        Context root = kernel.root();
        root.provide(PLAIN, "value");
        root.provide(ServiceKey.of("bound", Object.class), (CallerBound<Bound>) Bound::new);
        AtomicReference<Context> deepest = new AtomicReference<>();
        Plugin<?> leaf = Plugin.named("leaf").setup((ctx, config) -> deepest.set(ctx));
        Plugin<?> middle = Plugin.named("middle").setup((ctx, config) -> ctx.plugin(leaf));
        Fiber top = root.plugin(Plugin.named("top").inject(PLAIN, BOUND).setup((ctx, config) -> ctx.plugin(middle)));
        kernel.awaitIdle();
        injecting = top.context();
        grandchild = deepest.get();
        derived = grandchild.extend(io.dsh4j.kernel.ContextKey.of("agent", String.class), "a")
                .extend(io.dsh4j.kernel.ContextKey.of("tag", String.class), "t");
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        kernel.close();
    }

    @Benchmark
    public String requireInjected() {
        return injecting.require(PLAIN);
    }

    @Benchmark
    public String requireFromGrandchild() {
        return grandchild.require(PLAIN);
    }

    @Benchmark
    public String requireFromDerivedContext() {
        return derived.require(PLAIN);
    }

    @Benchmark
    public Object getOptional() {
        return grandchild.get(PLAIN).orElse(null);
    }

    @Benchmark
    public Bound requireCallerBound() {
        return grandchild.require(BOUND);
    }
}
