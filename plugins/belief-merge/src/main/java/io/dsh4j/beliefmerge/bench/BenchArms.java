package io.dsh4j.beliefmerge.bench;

import io.dsh4j.beliefmerge.core.BeliefMerge;
import io.dsh4j.beliefmerge.core.Branch;
import io.dsh4j.beliefmerge.core.SemanticAlignment;
import io.dsh4j.beliefmerge.core.CancelSignal;
import io.dsh4j.beliefmerge.core.MergeOptions;
import io.dsh4j.beliefmerge.core.MergeOutcome;
import io.dsh4j.beliefmerge.core.ModelReply;
import io.dsh4j.beliefmerge.core.Packer;
import io.dsh4j.beliefmerge.core.Renderer;
import io.dsh4j.beliefmerge.core.Slot;
import io.dsh4j.beliefmerge.core.Surface;
import io.dsh4j.beliefmerge.core.TextModel;
import io.dsh4j.message.json.JsJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The five systems under test (spec §11.2), all held to the same token budget: nothing, one branch,
 * concatenation, the heuristic merge (no model at all) and the merge fed a perfect extraction (a
 * ceiling, not a result).
 */
public final class BenchArms {

    /** An arm's context text and its token cost. */
    public record Arm(String name, String text, int tokens) {}

    private BenchArms() {}

    /** Keeps whole lines while they fit in {@code 4 × budget} characters (each line charged one newline). */
    public static String truncateToBudget(String text, int budgetTokens) {
        int maxChars = Math.max(0, budgetTokens) * 4;
        if (text.length() <= maxChars) return text;
        List<String> out = new ArrayList<>();
        int used = 0;
        for (String line : text.split("\n", -1)) {
            if (used + line.length() + 1 > maxChars) break;
            out.add(line);
            used += line.length() + 1;
        }
        return String.join("\n", out);
    }

    /** The floor: no context at all. */
    public static Arm none() {
        return new Arm("none", "", 0);
    }

    /** The first branch's text alone, cut to the budget by whole lines. {@code branches} must not be empty. */
    public static Arm single(List<Surface> branches, int budget) {
        Surface first = branches.getFirst();
        String text = truncateToBudget(BenchScoring.branchText(first), budget);
        return new Arm("single:" + first.id(), text, Packer.estimateTokens(text));
    }

    /** Every branch under a {@code ### <id>} heading, blank-line separated, cut to the budget by whole lines. */
    public static Arm concat(List<Surface> branches, int budget) {
        List<String> parts = new ArrayList<>();
        for (Surface b : branches) parts.add("### " + b.id() + "\n" + BenchScoring.branchText(b));
        String text = truncateToBudget(String.join("\n\n", parts), budget);
        return new Arm("concat", text, Packer.estimateTokens(text));
    }

    /** The offline merge: heuristic extraction, egalitarian score, no adjudication, no derivation. */
    public static Arm heuristic(List<Surface> branches, int budget) {
        List<Slot> slots = BeliefMerge.mergeSurfaces(branches, MergeOptions.defaults());
        Renderer.Rendered r = Renderer.render(slots, Renderer.Options.defaults().withBudget(budget));
        return new Arm("beliefmerge-heuristic", r.text(), r.tokens());
    }

    /**
     * A model that extracts perfectly from the scenario's ground truth: one Fact slot per key with every
     * branch's opinion (value normalised, quote = the raw value); it settles no adjudication.
     */
    public static TextModel oracleModel(Scenario scenario) {
        Map<String, List<Map<String, Object>>> slots = new LinkedHashMap<>();
        for (Scenario.Fact f : scenario.facts()) {
            Map<String, Object> opinion = new LinkedHashMap<>();
            opinion.put("source", f.branch());
            opinion.put("value", BenchScoring.normalise(f.value()));
            opinion.put("evidence", f.evidence());
            opinion.put("quote", f.value());
            slots.computeIfAbsent(f.key(), k -> new ArrayList<>()).add(opinion);
        }
        List<Map<String, Object>> list = new ArrayList<>();
        slots.forEach((key, opinions) -> {
            Map<String, Object> slot = new LinkedHashMap<>();
            slot.put("key", key);
            slot.put("type", "Fact");
            slot.put("opinions", opinions);
            list.add(slot);
        });
        String alignment = JsJson.stringify(JsJson.mapper().valueToTree(Map.of("slots", list)));
        return (system, user, maxTokens, cancel) -> user.contains("CONFLICT")
                ? new ModelReply.Text("{\"resolutions\": []}") : new ModelReply.Text(alignment);
    }

    /**
     * The pipeline ceiling: the whole pipeline with {@link #oracleModel} (ground-truth alignment, no
     * adjudication), rendered within the budget. Not a result: a real model only approaches it.
     */
    public static Arm oracle(Scenario scenario, int budget) {
        MergeOutcome m = BeliefMerge.mergeSurfacesAligned(scenario.branches(), MergeOptions.defaults(), oracleModel(scenario),
                CancelSignal.NEVER, w -> { });
        Renderer.Rendered r = m.render(Renderer.Options.defaults().withBudget(budget));
        return new Arm("beliefmerge-oracle", r.text(), r.tokens());
    }

    /** The panel in display order. */
    public static List<Arm> all(Scenario scenario, int budget) {
        return all(scenario, budget, null);
    }

    /** The panel, with the semantic arm after the heuristic one when {@code embedder} is given. */
    public static List<Arm> all(Scenario scenario, int budget, SemanticAlignment.Embedder embedder) {
        List<Arm> arms = new ArrayList<>(List.of(none(), single(scenario.branches(), budget), concat(scenario.branches(), budget),
                heuristic(scenario.branches(), budget)));
        if (embedder != null) arms.add(semantic(scenario.branches(), budget, embedder));
        arms.add(oracle(scenario, budget));
        return List.copyOf(arms);
    }

    /**
     * The offline merge with the semantic alignment stage ({@link SemanticAlignment}, default thresholds)
     * between the heuristic extraction and the merge; like the heuristic arm, no adjudication and no
     * derivation.
     */
    public static Arm semantic(List<Surface> branches, int budget, SemanticAlignment.Embedder embedder) {
        MergeOptions o = MergeOptions.defaults();
        List<Branch> extracted = BeliefMerge.extractHeuristic(branches, o.extraction()).branches();
        List<Branch> aligned = SemanticAlignment.align(extracted, embedder, SemanticAlignment.Options.defaults()).branches();
        List<Slot> slots = BeliefMerge.mergeBranches(aligned, o.score());
        Renderer.Rendered r = Renderer.render(slots, Renderer.Options.defaults().withBudget(budget));
        return new Arm("beliefmerge-semantic", r.text(), r.tokens());
    }
}
