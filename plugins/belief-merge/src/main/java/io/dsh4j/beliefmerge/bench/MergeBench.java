package io.dsh4j.beliefmerge.bench;

import io.dsh4j.beliefmerge.core.Texts;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The MergeBench driver (spec §11.4): seeds 1..N, one scenario per seed, every arm scored, means per arm.
 * It scores the rendered text, so it measures information retention, not downstream use.
 */
public final class MergeBench {

    /**
     * Most seeds one run accepts: a seed costs tens of milliseconds, so this bounds a run to about a
     * minute instead of letting a mistyped count run for days.
     */
    public static final int MAX_SEEDS = 1000;

    /**
     * Driver arguments (defaults 5 seeds, 8 topics, 2 branches, budget 1200, 2 conflicts).
     *
     * @throws IllegalArgumentException naming the option when a value is out of range: seeds 1..{@link #MAX_SEEDS},
     *     topics 1..the topic pool's size (16; a larger count would be silently cut to the pool), branches 2..26,
     *     budget and conflicts not negative
     */
    public record Args(int seeds, int topics, int branches, int budget, int conflicts) {
        public Args {
            if (seeds < 1 || seeds > MAX_SEEDS) throw new IllegalArgumentException("--seeds must be between 1 and " + MAX_SEEDS + ", not " + seeds);
            int pool = TopicPool.TOPICS.size();
            if (topics < 1 || topics > pool) {
                throw new IllegalArgumentException("--topics must be between 1 and " + pool + " (the topic pool's size), not " + topics);
            }
            if (branches < 2 || branches > 26) throw new IllegalArgumentException("--branches must be between 2 and 26");
            if (budget < 0) throw new IllegalArgumentException("--budget must not be negative");
            if (conflicts < 0) throw new IllegalArgumentException("--conflicts must not be negative");
        }

        public static Args defaults() {
            return new Args(5, 8, 2, 1200, 2);
        }
    }

    /** One scenario's size. */
    public record ScenarioSummary(long seed, int questions, int local, int bridge, int facts) {}

    /**
     * Means over seeds for one arm; rates are fractions 0..1.
     *
     * @param ambiguous keys where both values appear ("both")
     * @param conflicts keys asserted twice
     */
    public record Row(String arm, double local, double bridge, double bestSingleBridge, double bridgeGain, double unambiguous,
                      double ambiguous, double conflicts, double invented, double tokens, double tokensPerQuestion) {}

    /** The whole run. */
    public record Report(Args args, List<ScenarioSummary> scenarios, List<Row> rows) {}

    private MergeBench() {}

    /** Runs every seed and arm. Deterministic. */
    public static Report run(Args a) {
        return run(a, null);
    }

    /**
     * As {@link #run(Args)}, with the semantic arm ({@link BenchArms#semantic}) after the heuristic one
     * when {@code embedder} is not {@code null}.
     */
    public static Report run(Args a, io.dsh4j.beliefmerge.core.SemanticAlignment.Embedder embedder) {
        Map<String, List<double[]>> perArm = new LinkedHashMap<>();
        List<ScenarioSummary> scenarios = new ArrayList<>();
        for (int seed = 1; seed <= a.seeds(); seed++) {
            Scenario s = ScenarioGenerator.generate(new ScenarioGenerator.Options(seed, a.branches(), a.topics(), a.conflicts(), 18));
            scenarios.add(new ScenarioSummary(seed, s.questions().size(), s.local().size(), s.bridge().size(), s.facts().size()));
            BenchScoring.Coverage bestBridge = BenchScoring.bestSingleBranch(s.bridge(), s.branches());
            for (BenchArms.Arm arm : BenchArms.all(s, a.budget(), embedder)) {
                BenchScoring.Coverage all = BenchScoring.coverage(s.questions(), arm.text());
                BenchScoring.Coverage local = BenchScoring.coverage(s.local(), arm.text());
                BenchScoring.Coverage bridge = BenchScoring.coverage(s.bridge(), arm.text());
                BenchScoring.ConflictResolution cr = BenchScoring.conflictResolution(s, arm.text());
                double[] m = {local.rate(), bridge.rate(), bestBridge.rate(), bridge.rate() - bestBridge.rate(), cr.rate(),
                        cr.ambiguous(), cr.total(), BenchScoring.faithfulness(s, arm.text()).rate(), arm.tokens(),
                        all.total() == 0 ? 0 : (double) arm.tokens() / all.total()};
                perArm.computeIfAbsent(arm.name(), k -> new ArrayList<>()).add(m);
            }
        }
        List<Row> rows = new ArrayList<>();
        perArm.forEach((name, runs) -> rows.add(new Row(name, mean(runs, 0), mean(runs, 1), mean(runs, 2), mean(runs, 3),
                mean(runs, 4), mean(runs, 5), mean(runs, 6), mean(runs, 7), mean(runs, 8), mean(runs, 9))));
        return new Report(a, scenarios, rows);
    }

    private static double mean(List<double[]> runs, int i) {
        double sum = 0;
        for (double[] r : runs) sum += r[i];
        return runs.isEmpty() ? 0 : sum / runs.size();
    }

    /** The human-readable table with its legend, in the given language. */
    public static String table(Report r, Locale locale) {
        Texts t = Texts.of(locale);
        int bridgeTotal = r.scenarios().stream().mapToInt(ScenarioSummary::bridge).sum();
        int localTotal = r.scenarios().stream().mapToInt(ScenarioSummary::local).sum();
        StringBuilder sb = new StringBuilder();
        sb.append('\n').append(t.format("bench.title")).append('\n').append("=".repeat(100)).append('\n');
        sb.append(t.format("bench.setup", r.args().seeds(), r.args().branches(), r.args().topics(), r.args().budget())).append('\n');
        sb.append(t.format("bench.questions", localTotal, bridgeTotal)).append("\n\n");
        sb.append(padEnd("arm", 24)).append(padStart("local", 9)).append(padStart("bridge", 9)).append(padStart("best 1", 9))
                .append(padStart("GAIN", 9)).append(padStart("unambig", 9)).append(padStart("both", 7)).append(padStart("invent", 9))
                .append(padStart("tokens", 9)).append(padStart("tok/ques", 10)).append('\n');
        sb.append("-".repeat(100)).append('\n');
        for (Row row : r.rows()) {
            boolean conflicts = row.conflicts() != 0;
            sb.append(padEnd(row.arm(), 24))
                    .append(padStart(pct(row.local()), 9)).append(padStart(pct(row.bridge()), 9))
                    .append(padStart(pct(row.bestSingleBridge()), 9))
                    .append(padStart((row.bridgeGain() >= 0 ? "+" : "") + pct(row.bridgeGain()), 9))
                    .append(padStart(conflicts ? pct(row.unambiguous()) : "\u2014", 9))
                    .append(padStart(conflicts ? toFixed(row.ambiguous(), 1) : "\u2014", 7))
                    .append(padStart(pct(row.invented()), 9))
                    .append(padStart(Long.toString(Math.round(row.tokens())), 9))
                    .append(padStart(Long.toString(Math.round(row.tokensPerQuestion())), 10)).append('\n');
        }
        sb.append("-".repeat(100)).append("\n\n").append(t.format("bench.legend")).append('\n');
        return sb.toString();
    }

    private static String pct(double rate) {
        return toFixed(rate * 100, 0) + "%";
    }

    /** JavaScript's {@code toFixed}: the exact binary value, a half rounded towards +∞. */
    static String toFixed(double x, int digits) {
        BigDecimal d = new BigDecimal(x);
        return d.setScale(digits, x >= 0 ? RoundingMode.HALF_UP : RoundingMode.HALF_DOWN).toPlainString();
    }

    private static String padEnd(String s, int w) {
        return s.length() >= w ? s : s + " ".repeat(w - s.length());
    }

    private static String padStart(String s, int w) {
        return s.length() >= w ? s : " ".repeat(w - s.length()) + s;
    }
}
