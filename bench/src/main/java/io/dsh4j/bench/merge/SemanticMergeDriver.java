package io.dsh4j.bench.merge;

import io.dsh4j.beliefmerge.bench.BenchArms;
import io.dsh4j.beliefmerge.bench.MergeBench;
import io.dsh4j.beliefmerge.bench.Scenario;
import io.dsh4j.beliefmerge.bench.ScenarioGenerator;
import io.dsh4j.beliefmerge.core.BeliefMerge;
import io.dsh4j.beliefmerge.core.CancelSignal;
import io.dsh4j.beliefmerge.core.MergeOptions;
import io.dsh4j.beliefmerge.core.MergeOutcome;
import io.dsh4j.beliefmerge.core.Renderer;
import io.dsh4j.beliefmerge.core.SemanticAlignment;
import io.dsh4j.beliefmerge.core.SourceMessage;
import io.dsh4j.beliefmerge.core.Surface;
import io.dsh4j.beliefmerge.core.Trust;
import io.dsh4j.beliefmerge.embedding.EmbeddingCache;
import io.dsh4j.beliefmerge.embedding.MiniLm;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Belief-merge's offline semantic alignment stage, measured (issue 14): MergeBench with the semantic
 * arm beside the heuristic and oracle arms; the cost of one merge with the model cold (first use in
 * the process, load included), with an empty cache and with a warm cache; and the live plugin's warm
 * re-merge of two branches of 100 slots each after one new message (the per-turn case; target under
 * 100 ms, reported, not asserted).
 *
 * <pre>{@code java -cp bench/target/benchmarks.jar io.dsh4j.bench.merge.SemanticMergeDriver [rounds]}</pre>
 *
 * <p>Wall time on a shared machine; run it under {@code nice} and read medians.
 */
public final class SemanticMergeDriver {

    private SemanticMergeDriver() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        // 1. the model cold: the first embedding of the process loads it
        long t0 = System.nanoTime();
        MiniLm.instance().embed(List.of("warming the model"));
        double loadMs = ms(System.nanoTime() - t0);
        System.out.printf(Locale.ROOT, "model load + first embedding: %.0f ms (loads: %d)%n", loadMs, MiniLm.loads());

        // 2. MergeBench with the semantic arm (one shared in-memory cache, as the live plugin's)
        EmbeddingCache shared = new EmbeddingCache(MiniLm.instance(), MiniLm.MODEL_ID, MiniLm.DIMENSIONS, null, System.err::println);
        for (int budget : new int[] {400, 1200}) {
            MergeBench.Report r = MergeBench.run(new MergeBench.Args(5, 10, 2, budget, 2), shared);
            System.out.printf(Locale.ROOT, "%nMergeBench 5 seeds, 10 topics, 2 branches, budget %d%n", budget);
            System.out.println("| arm | local | bridge | unambig | both | tokens |");
            System.out.println("|---|---|---|---|---|---|");
            for (MergeBench.Row row : r.rows()) {
                if (!row.arm().startsWith("beliefmerge") && !row.arm().equals("concat")) continue;
                System.out.printf(Locale.ROOT, "| %s | %.0f%% | %.0f%% | %.0f%% | %.1f | %.0f |%n", row.arm(), 100 * row.local(),
                        100 * row.bridge(), 100 * row.unambiguous(), row.ambiguous(), row.tokens());
            }
        }

        // 3. cost per MergeBench merge: empty cache (every claim embedded) and warm cache
        Scenario s = ScenarioGenerator.generate(new ScenarioGenerator.Options(1, 2, 10, 2, 18));
        double[] cold = new double[rounds];
        double[] warm = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            EmbeddingCache fresh = new EmbeddingCache(MiniLm.instance(), MiniLm.MODEL_ID, MiniLm.DIMENSIONS, null, System.err::println);
            long a = System.nanoTime();
            BenchArms.semantic(s.branches(), 400, fresh);
            cold[i] = ms(System.nanoTime() - a);
            long b = System.nanoTime();
            BenchArms.semantic(s.branches(), 400, fresh);
            warm[i] = ms(System.nanoTime() - b);
        }
        long heuristicStart = System.nanoTime();
        for (int i = 0; i < rounds; i++) BenchArms.heuristic(s.branches(), 400);
        double heuristic = ms(System.nanoTime() - heuristicStart) / rounds;
        System.out.printf(Locale.ROOT, "%nper MergeBench merge (seed 1, %d claims' keys): empty cache median %.1f ms, warm median %.2f ms,"
                + " heuristic arm alone %.2f ms%n", distinctKeys(s.branches()), median(cold), median(warm), heuristic);

        // 4. the live re-merge: 2 x 100 slots, warm, one new message per round
        List<List<SourceMessage>> branches = List.of(messages("a", 100), messages("b", 100));
        EmbeddingCache cache = new EmbeddingCache(MiniLm.instance(), MiniLm.MODEL_ID, MiniLm.DIMENSIONS, null, System.err::println);
        BeliefMerge.BranchStage stage = SemanticAlignment.stage(cache, SemanticAlignment.Options.defaults());
        MergeOutcome first = merge(branches, stage);
        System.out.printf(Locale.ROOT, "%nlive re-merge input: %d slots after alignment, %d texts embedded to warm up%n",
                first.slots().size(), cache.misses());
        double[] remerge = new double[rounds];
        double[] remergeCpu = new double[rounds];
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int i = 0; i < rounds; i++) {
            List<SourceMessage> a = new ArrayList<>(branches.get(0));
            a.add(SourceMessage.text("user", "A brand new remark number " + i + " about the " + NOUNS[i % NOUNS.length] + " rollout.", "user"));
            int before = cache.misses();
            long cpu = threads.getCurrentThreadCpuTime();
            long t = System.nanoTime();
            MergeOutcome m = merge(List.of(a, branches.get(1)), stage);
            m.render(Renderer.Options.defaults());
            remerge[i] = ms(System.nanoTime() - t);
            remergeCpu[i] = ms(threads.getCurrentThreadCpuTime() - cpu);
            if (cache.misses() - before != 1) throw new IllegalStateException("expected exactly one new embedding, got " + (cache.misses() - before));
        }
        System.out.printf(Locale.ROOT, "warm re-merge of 2 x 100 slots + 1 new message (merge, semantic stage, render): median %.1f ms,"
                + " p90 %.1f ms, min %.1f ms over %d rounds (target < 100 ms); CPU time of the merging thread median %.1f ms"
                + " (the one new embedding runs on ONNX Runtime's threads)%n", median(remerge), pct(remerge, 0.9),
                Arrays.stream(remerge).min().orElse(0), rounds, median(remergeCpu));
        System.out.printf(Locale.ROOT, "model loads in this process: %d%n", MiniLm.loads());
    }

    static final String[] NOUNS = {"billing", "search", "ingest", "auth", "payments", "reporting", "gateway", "scheduler",
        "mailer", "profile", "catalog", "inventory", "metrics", "audit", "export", "import", "session", "upload", "thumbnail", "webhook"};
    static final String[] FACTS = {"runs on %s", "keeps its state in %s", "retries %s times", "is owned by the %s team",
        "ships every %s", "logs to %s", "pages on %s"};
    static final String[] VALUES = {"postgres", "redis", "three", "platform", "tuesday", "stdout", "call", "kafka", "five", "core",
        "friday", "a file", "slack", "sqlite"};

    /** 100 distinct user sentences for one branch: services × facts, values differing by branch. */
    static List<SourceMessage> messages(String branch, int n) {
        List<SourceMessage> out = new ArrayList<>();
        int offset = branch.equals("a") ? 0 : 3;
        for (int i = 0; i < n; i++) {
            String noun = NOUNS[i % NOUNS.length];
            String fact = FACTS[(i / NOUNS.length) % FACTS.length];
            String value = VALUES[(i + offset) % VALUES.length];
            out.add(SourceMessage.text(i % 3 == 0 ? "assistant" : "user",
                    "The " + noun + " service " + String.format(Locale.ROOT, fact, value) + ".", i % 3 == 0 ? "model" : "user"));
        }
        return out;
    }

    static MergeOutcome merge(List<List<SourceMessage>> branches, BeliefMerge.BranchStage stage) {
        List<Surface> surfaces = new ArrayList<>();
        for (int i = 0; i < branches.size(); i++) surfaces.add(new Surface("branch-" + (char) ('a' + i), branches.get(i), Trust.EXTERNAL));
        return BeliefMerge.mergeSurfacesAligned(surfaces, MergeOptions.defaults(), null, stage, CancelSignal.NEVER, w -> { });
    }

    static int distinctKeys(List<Surface> surfaces) {
        return (int) BeliefMerge.extractHeuristic(surfaces, MergeOptions.defaults().extraction()).branches().stream()
                .flatMap(b -> b.claims().stream()).map(c -> c.key()).distinct().count();
    }

    static double ms(long nanos) {
        return nanos / 1e6;
    }

    static double median(double[] v) {
        return pct(v, 0.5);
    }

    static double pct(double[] v, double p) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[Math.min(s.length - 1, (int) Math.floor(p * (s.length - 1) + 0.5))];
    }
}
