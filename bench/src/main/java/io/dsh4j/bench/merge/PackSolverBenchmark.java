package io.dsh4j.bench.merge;

import io.dsh4j.beliefmerge.core.Claim;
import io.dsh4j.beliefmerge.core.PackWeights;
import io.dsh4j.beliefmerge.core.Packer;
import io.dsh4j.beliefmerge.core.Renderer;
import io.dsh4j.beliefmerge.core.Slot;
import io.dsh4j.beliefmerge.core.SlotItem;
import io.dsh4j.beliefmerge.core.SlotState;
import io.dsh4j.beliefmerge.core.SlotType;
import io.dsh4j.beliefmerge.core.Score;
import io.dsh4j.beliefmerge.core.Trust;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The partial-enumeration knapsack alone, 1,126 content tokens (the default 1,200 budget minus header
 * and notice): the pruned production solver against the plain transcription of spec §9.3 that it
 * must equal. Slots are heuristic-like: all Facts, one source, evidence 1–4, rendered costs of 12–60
 * tokens. Read {@code plain / pruned} as the speed-up the pruning buys.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PackSolverBenchmark {

    @Param({"30", "100", "200"})
    public int slots;

    @Param({"pruned", "plain"})
    public String solver;

    private List<Slot> input;
    private int[] cost;

    @Setup(Level.Trial)
    public void build() {
        Random rnd = new Random(7);
        input = new ArrayList<>();
        cost = new int[slots];
        for (int i = 0; i < slots; i++) {
            int evidence = 1 + rnd.nextInt(4);
            String text = "Sentence " + i + " " + "w".repeat(rnd.nextInt(180));
            Claim c = new Claim(String.format("sentence %04d", i), "assert", evidence, text, "branch-a", Trust.EXTERNAL, null, List.of());
            SlotState state = SlotState.of(new SlotItem("assert", "branch-a", evidence));
            Slot s = new Slot(c.key(), SlotType.FACT, state, Score.EGALITARIAN.select(state), List.of(c));
            input.add(s);
            cost[i] = Packer.estimateTokens(Renderer.renderSlot(s));
        }
    }

    @Benchmark
    public Packer.Packing pack() {
        return solver.equals("plain")
                ? Packer.packPlain(input, cost, 1126, PackWeights.defaults(), null, Packer.Algorithm.PARTIAL)
                : Packer.pack(input, cost, 1126, PackWeights.defaults(), null, Packer.Algorithm.PARTIAL);
    }
}
