package io.dsh4j.bench.merge;

import io.dsh4j.beliefmerge.core.BeliefMerge;
import io.dsh4j.beliefmerge.core.Branch;
import io.dsh4j.beliefmerge.core.Claim;
import io.dsh4j.beliefmerge.core.Renderer;
import io.dsh4j.beliefmerge.core.Score;
import io.dsh4j.beliefmerge.core.Slot;
import io.dsh4j.beliefmerge.core.SlotType;
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
 * The belief-merge hot path — {@code mergeBranches} (per-slot provenance-keeping merge) followed by
 * {@code Renderer.render} (partial-enumeration knapsack, stable-first layout, serialisation) at the
 * default 1200-token budget — for 2, 8 and 32 branches over 10, 100 and 1,000 slot keys.
 *
 * <p>Input (fixed seed): every branch opines on a key with probability {@code min(1, 4/branches)}
 * (two-branch profiles opine on every key), with one of three values, a random evidence level, the
 * key's type cycling through the seven slot types, and a claim text of 20–180 characters, so slot
 * costs vary like real sentences. Read the score as milliseconds per whole merge-and-render.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MergePackRenderBenchmark {

    @Param({"2", "8", "32"})
    public int branches;

    @Param({"10", "100", "1000"})
    public int slots;

    private List<Branch> input;

    @Setup(Level.Trial)
    public void build() {
        Random rnd = new Random(20261130L);
        double share = Math.min(1.0, 4.0 / branches);
        input = new ArrayList<>();
        for (int b = 0; b < branches; b++) {
            String source = "branch-" + b;
            List<Claim> claims = new ArrayList<>();
            for (int s = 0; s < slots; s++) {
                if (branches > 2 && rnd.nextDouble() >= share) continue;
                String value = "v" + rnd.nextInt(3);
                claims.add(new Claim(String.format("topic.%04d", s), value, 1 + rnd.nextInt(4),
                        "Branch " + b + " holds that topic " + s + " is " + value + " " + "x".repeat(rnd.nextInt(160)) + ".",
                        source, Trust.EXTERNAL, SlotType.values()[s % SlotType.values().length], List.of()));
            }
            input.add(new Branch(source, Trust.EXTERNAL, claims));
        }
    }

    @Benchmark
    public Renderer.Rendered mergePackRender() {
        List<Slot> merged = BeliefMerge.mergeBranches(input, Score.EGALITARIAN);
        return Renderer.render(merged, Renderer.Options.defaults());
    }
}
