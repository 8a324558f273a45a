package io.dsh4j.beliefmerge.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The merge pipeline (spec §2): extract (joint alignment, else the heuristic), merge per slot with full
 * provenance, adjudicate ties, label derivations. Rendering is {@link MergeOutcome#render}; the trust
 * check ({@link TrustCheck}) is the caller's gate before injecting anything.
 *
 * <p>Every failure has a landing place: alignment failures fall back to the heuristic with one warning,
 * adjudication failures leave ties disputed with one warning. Pure apart from model calls; thread-safe.
 */
public final class BeliefMerge {

    private BeliefMerge() {}

    /**
     * Merges extracted branches (spec §2.4): claims without a trust label take their branch's (else
     * UNTRUSTED); claims are grouped by key, keys sorted; per key one state per source (sorted), folded
     * by the provenance-keeping streaming merge; the slot type is the first claim's type, else Fact.
     */
    public static List<Slot> mergeBranches(List<Branch> branches, Score score) {
        // grouped by hashing, then the keys sorted once (String order, as a TreeMap keeps them): cheaper
        // than a tree's comparisons on every claim of a long session
        int claimCount = 0;
        for (Branch branch : branches) claimCount += branch.claims().size();
        // sized for every claim at once: no rehashing while a long session's claims arrive (the keys are
        // sorted below, so the table's order does not matter)
        Map<String, List<Claim>> byKey = HashMap.newHashMap(claimCount);
        for (Branch branch : branches) {
            Trust fallback = Trust.orUntrusted(branch.trust());
            for (Claim claim : branch.claims()) {
                Claim labelled = claim.trust() != null ? claim : claim.withTrust(fallback);
                byKey.computeIfAbsent(labelled.key(), k -> new ArrayList<>()).add(labelled);
            }
        }
        String[] keys = byKey.keySet().toArray(new String[0]);
        Arrays.sort(keys);
        List<Slot> slots = new ArrayList<>(keys.length);
        for (String key : keys) {
            List<Claim> claims = byKey.get(key);
            List<SlotState> states;
            if (claims.size() == 1) {
                // one claim, one source, one item: the grouping below gives exactly this (issue 17: most
                // keys of a long message have one claim, and a tree map and a tree set each cost more)
                Claim c = claims.getFirst();
                states = List.of(SlotState.singleton(c.value(), c.sourceId(), c.evidence()));
            } else if (oneSource(claims)) {
                // one source: the grouping below gives one state of every claim's item (issue 17: the repeated
                // sentences of one long session)
                List<SlotItem> items = new ArrayList<>(claims.size());
                for (Claim c : claims) items.add(new SlotItem(c.value(), c.sourceId(), c.evidence()));
                states = List.of(SlotState.of(items));
            } else {
                Map<String, List<SlotItem>> perSource = new TreeMap<>();
                for (Claim c : claims) {
                    perSource.computeIfAbsent(c.sourceId(), s -> new ArrayList<>())
                            .add(new SlotItem(c.value(), c.sourceId(), c.evidence()));
                }
                states = perSource.values().stream().map(SlotState::of).toList();
            }
            Merge.Result merged = Merge.streaming(states, score);
            SlotType type = claims.getFirst().slotType() == null ? SlotType.FACT : claims.getFirst().slotType();
            slots.add(new Slot(key, type, merged.state(), merged.decision(), claims));
        }
        return slots;
    }

    private static boolean oneSource(List<Claim> claims) {
        String first = claims.getFirst().sourceId();
        for (Claim c : claims) {
            if (!c.sourceId().equals(first)) return false;
        }
        return true;
    }

    /** The heuristic branches of the surfaces, and the total redaction count. */
    public record Extracted(List<Branch> branches, int redacted) {}

    /** Heuristic extraction of every surface (spec §2.3.3 step 3). */
    public static Extracted extractHeuristic(List<Surface> surfaces, HeuristicExtractor.Options options) {
        List<Branch> branches = new ArrayList<>();
        int redacted = 0;
        for (Surface s : surfaces) {
            HeuristicExtractor.Extraction x = HeuristicExtractor.extract(s.messages(), s.id(), options);
            redacted += x.redacted();
            branches.add(new Branch(s.id(), s.effectiveTrust(), x.claims()));
        }
        return new Extracted(branches, redacted);
    }

    /**
     * The heuristic path alone (spec §2.3.3 {@code mergeSurfaces}): no adjudication and no derivation.
     * MergeBench's heuristic arm uses it.
     */
    public static List<Slot> mergeSurfaces(List<Surface> surfaces, MergeOptions options) {
        return mergeBranches(extractHeuristic(surfaces, options.extraction()).branches(), options.score());
    }

    /**
     * The whole pipeline. With a {@code model}, joint alignment is tried first; on any failure one
     * warning {@code …LLM alignment failed, using heuristic fallback: <why>} is issued and the heuristic
     * runs. Ties are adjudicated when a model is given and {@code options.adjudicate()}; derivation
     * runs last.
     *
     * @param model  the model, or {@code null} for the offline path (no call at all)
     * @param onWarn receives each warning line; must not throw
     */
    public static MergeOutcome mergeSurfacesAligned(List<Surface> surfaces, MergeOptions options, TextModel model,
                                                    CancelSignal cancel, Consumer<String> onWarn) {
        return mergeSurfacesAligned(surfaces, options, model, null, cancel, onWarn);
    }

    /**
     * An offline stage between the heuristic extraction and the merge (the rung between the heuristic
     * and the model on the ladder): it rewrites heuristic branches, e.g. puts paraphrases under one key.
     * It runs only when the heuristic runs; a throw is warned once and the heuristic branches are kept.
     */
    public interface BranchStage {
        /** The stage's name, for the mode ({@code heuristic+<name>}) and warnings. */
        String name();

        /** The branches rewritten; must keep every claim's source, evidence, text and trust. */
        List<Branch> apply(List<Branch> branches, CancelSignal cancel);
    }

    /**
     * As {@link #mergeSurfacesAligned(List, MergeOptions, TextModel, CancelSignal, Consumer)}, with an
     * offline {@code stage} (or {@code null}) applied to the heuristic branches; the mode is then
     * {@code heuristic+<stage name>}.
     */
    public static MergeOutcome mergeSurfacesAligned(List<Surface> surfaces, MergeOptions options, TextModel model,
                                                    BranchStage stage, CancelSignal cancel, Consumer<String> onWarn) {
        Texts texts = Texts.of(options.locale());
        List<Slot> slots = null;
        String mode = "heuristic";
        int redacted = 0;
        if (model != null) {
            try {
                Alignment.Aligned aligned = Alignment.align(surfaces, model, options.alignment(), cancel);
                redacted = aligned.redacted();
                slots = mergeBranches(aligned.branches(), options.score());
                mode = "llm";
            } catch (RuntimeException e) {
                onWarn.accept(texts.format("warn.alignmentFailed", e.getMessage() == null ? e.toString() : e.getMessage()));
            }
        }
        if (slots == null) {
            Extracted x = extractHeuristic(surfaces, options.extraction());
            redacted = x.redacted();
            List<Branch> branches = x.branches();
            if (stage != null) {
                try {
                    branches = stage.apply(branches, cancel);
                    mode = "heuristic+" + stage.name();
                } catch (RuntimeException e) {
                    onWarn.accept(texts.format("warn.stageFailed", stage.name(), e.getMessage() == null ? e.toString() : e.getMessage()));
                }
            }
            slots = mergeBranches(branches, options.score());
        }
        MergeOutcome.AdjudicationSummary adjudication = MergeOutcome.AdjudicationSummary.none();
        boolean hasTies = slots.stream().anyMatch(s -> s.decision() instanceof Decision.Disputed);
        if (options.adjudicate() && model != null && hasTies) {
            Adjudication.Outcome r = Adjudication.adjudicate(slots, model, options.adjudication(), cancel, texts);
            slots = r.slots();
            adjudication = new MergeOutcome.AdjudicationSummary(r.mode(), r.conflicts(), r.resolved(), r.orderSensitive(),
                    r.error());
            if (r.error() != null) onWarn.accept(texts.format("warn.adjudicationFailed", r.error()));
        }
        Derivations.Result derivation = Derivations.propagate(slots);
        return new MergeOutcome(derivation.slots(), mode, redacted, adjudication, derivation);
    }
}
