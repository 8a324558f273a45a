package io.dsh4j.bench.kernel;

import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.NamedEntries;
import io.dsh4j.kernel.ScopedLayers;
import io.dsh4j.kernel.Scopes;
import java.util.SequencedMap;
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

/**
 * Cost of the scoped-layer store a tool registry is built on: {@code merge} — an agent's view of N
 * global entries (10, 100) plus the 5 of its own scope, two of them shadowing global names, as a
 * registry computes it for every model step — and {@code registerAndDispose}, one registration into an
 * agent scope undone at once (the effect, the layer's creation and its reclaim).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ScopedLayersBenchmark {

    /** A registry layer with one named table. */
    static final class Layer implements ScopedLayers.Layer {
        final NamedEntries<String> tools = new NamedEntries<>(IllegalStateException::new);

        @Override
        public boolean isEmpty() {
            return tools.isEmpty();
        }
    }

    @Param({"10", "100"})
    int globals;

    Kernel kernel;
    ScopedLayers<Layer> layers;
    Object agent;
    Context agentContext;
    Context otherAgentContext;

    @Setup(Level.Trial)
    public void setUp() {
        kernel = Kernel.create((level, source, message, error) -> { });
        Context root = kernel.root();
        layers = new ScopedLayers<>(root, scope -> new Layer(), () -> { });
        for (int i = 0; i < globals; i++) {
            String name = "tool" + i;
            layers.register(root, "bench", l -> l.tools.insert(name, name));
        }
        agent = new Object();
        agentContext = Scopes.create(root, agent).context();
        for (int i = 0; i < 5; i++) {
            String name = i < 2 ? "tool" + i : "own" + i; // two shadow global names
            layers.register(agentContext, "bench", l -> l.tools.insert(name, "scoped"));
        }
        otherAgentContext = Scopes.create(root, new Object()).context();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        kernel.close();
    }

    @Benchmark
    public SequencedMap<String, String> merge() {
        return layers.merge(agent, l -> l.tools);
    }

    @Benchmark
    public void registerAndDispose() {
        EffectHandle h = layers.register(otherAgentContext, "bench", l -> l.tools.insert("once", "x"));
        h.dispose();
    }
}
