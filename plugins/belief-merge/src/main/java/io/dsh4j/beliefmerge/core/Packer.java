package io.dsh4j.beliefmerge.core;

import io.dsh4j.beliefmerge.core.internal.Knapsack;
import io.dsh4j.beliefmerge.core.internal.ReferenceKnapsack;
import io.dsh4j.message.json.JsStrings;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Choosing what fits a token budget (spec §9.1–9.4): a monotone submodular utility, a knapsack solver
 * and a cache-aware layout. Arithmetic follows the original operation by operation (same operand order,
 * {@link StrictMath#exp}), because the greedy compares densities with exact equality.
 *
 * <p>Pure and thread-safe.
 */
public final class Packer {

    /** The knapsack solver. */
    public enum Algorithm {
        /** Seed enumeration over all 2-subsets, each completed by density greedy; never worse than {@link #DENSITY}. */
        PARTIAL,
        /** Density greedy alone. */
        DENSITY;

        /** The lower-case name. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A packing: indices selected and dropped (ascending), the selected cost, the set utility and the
     * algorithm that produced the winner ({@code partial} only when a seeded run won).
     */
    public record Packing(List<Integer> selected, List<Integer> dropped, int tokens, double utility,
                          Algorithm algorithm) {
        public Packing {
            selected = List.copyOf(selected);
            dropped = List.copyOf(dropped);
        }
    }

    private Packer() {}

    /** Lexical relevance of a slot to a query, 0..1; 0 without a query or without terms of length ≥ 3. */
    public static double relevance(Slot slot, String query) {
        if (query == null || query.isEmpty()) return 0;
        StringBuilder hay = new StringBuilder(slot.key());
        for (Claim c : slot.claims()) hay.append(' ').append(c.text());
        String haystack = JsStrings.toLowerCase(hay.toString());
        Set<String> terms = new LinkedHashSet<>();
        for (String t : JsStrings.toLowerCase(query).split("[" + JsStrings.WHITE_SPACE_CLASS + "]+", -1)) {
            if (t.length() >= 3) terms.add(t);
        }
        if (terms.isEmpty()) return 0;
        int hits = 0;
        for (String t : terms) {
            if (haystack.contains(t)) hits++;
        }
        return (double) hits / terms.size();
    }

    /** The packing view of trust: the best label among claims of the winner (or of the tied values). */
    public static int trustOf(Slot slot) {
        List<String> shown = slot.decision() instanceof Decision.Resolved r ? List.of(r.winner()) : slot.decision().tied();
        // a list is searched as fast as a set for the usual one or two values, and costs no table per slot
        java.util.Collection<String> values = shown.size() <= 8 ? shown : new HashSet<>(shown);
        int best = -1;
        for (Claim c : slot.claims()) {
            if (values.contains(c.value())) best = Math.max(best, c.trust() == null ? 0 : c.trust().level());
        }
        return Math.max(best, 0);
    }

    /** The value of a slot alone; scaled by the retracted penalty when retracted. Never negative. */
    public static double personalUtility(Slot slot, PackWeights w, String query) {
        double raw = w.typeValueOf(slot.type())
                + w.evidence() * slot.state().maxEvidence()
                + w.corroboration() * slot.state().sources().size()
                + w.trust() * trustOf(slot)
                + w.relevance() * relevance(slot, query);
        return slot.isRetracted() ? raw * w.retractedPenalty() : raw;
    }

    /** The gain of the (n+1)-th slot of a type: {@code cw(t)·(e^(−γn) − e^(−γ(n+1)))}. */
    public static double coverageMarginal(SlotType type, int n, PackWeights w) {
        double cw = w.coverageWeight(type);
        return cw * (StrictMath.exp(-w.gamma() * n) - StrictMath.exp(-w.gamma() * (n + 1)));
    }

    /** {@code Σ personal + Σ_t cw(t)·(1 − e^(−γ·n_t))}, summed in selection order. */
    public static double setUtility(List<Slot> slots, List<Integer> selected, PackWeights w, String query) {
        double[] personal = new double[slots.size()];
        for (int i : selected) personal[i] = personalUtility(slots.get(i), w, query);
        return Knapsack.setUtility(slots, selected, personal, w);
    }

    /** The estimated token count of a text: {@code ceil(UTF-16 length / 4)}. */
    public static int estimateTokens(String text) {
        return estimateTokens(text.length());
    }

    /** The estimated token count of a text of {@code utf16Length} UTF-16 units: {@code ceil(utf16Length / 4)}. */
    public static int estimateTokens(int utf16Length) {
        return (utf16Length + 3) / 4;
    }

    /**
     * Packs slots into {@code budgetTokens} given each slot's cost. Slots costlier than the budget are
     * never selected; when none fits, nothing is selected, utility 0 and the requested algorithm is echoed.
     */
    public static Packing pack(List<Slot> slots, int[] cost, int budgetTokens, PackWeights w, String query,
                               Algorithm algorithm) {
        double[] personal = new double[slots.size()];
        for (int i = 0; i < slots.size(); i++) personal[i] = personalUtility(slots.get(i), w, query);
        return Knapsack.solve(slots, cost, personal, budgetTokens, w, algorithm);
    }

    /**
     * How likely a slot is to persist unchanged across turns: type stability (Constraint/Goal 4,
     * Decision 3, Refuted/Fact 2, Artifact 1, OpenQ 0.5) + 3 if resolved + 0.5·evidence + 0.5·sources
     * + 0.25·trust.
     */
    public static double stabilityScore(Slot slot) {
        double typeStability = switch (slot.type()) {
            case CONSTRAINT, GOAL -> 4;
            case DECISION -> 3;
            case REFUTED, FACT -> 2;
            case ARTIFACT -> 1;
            case OPEN_Q -> 0.5;
        };
        double settled = slot.decision() instanceof Decision.Resolved ? 3 : 0;
        return typeStability + settled + 0.5 * slot.state().maxEvidence() + 0.5 * slot.state().sources().size()
                + 0.25 * trustOf(slot);
    }

    /** The selected indices, most stable first, ties by key — a churning slot invalidates only the tail of a cached prefix. */
    public static List<Integer> layoutForCache(List<Slot> slots, List<Integer> selected) {
        Map<Integer, Double> stability = new LinkedHashMap<>();
        for (int i : selected) stability.put(i, stabilityScore(slots.get(i)));
        List<Integer> out = new ArrayList<>(selected);
        out.sort((a, b) -> {
            int c = Double.compare(stability.get(b), stability.get(a));
            return c != 0 ? c : slots.get(a).key().compareTo(slots.get(b).key());
        });
        return out;
    }

    /** The length of the leading run two layouts share. */
    public static int preservedPrefix(List<?> a, List<?> b) {
        int n = Math.min(a.size(), b.size());
        int i = 0;
        while (i < n && a.get(i).equals(b.get(i))) i++;
        return i;
    }

    /**
     * The plain solver the tuned {@link #pack} is checked against (exact, no caps): a baseline for the
     * equality tests and the bench, not for merges.
     */
    @API(status = API.Status.INTERNAL)
    public static Packing packPlain(List<Slot> slots, int[] cost, int budgetTokens, PackWeights w, String query,
                                    Algorithm algorithm) {
        return ReferenceKnapsack.solve(slots, cost, budgetTokens, w, query, algorithm);
    }
}
