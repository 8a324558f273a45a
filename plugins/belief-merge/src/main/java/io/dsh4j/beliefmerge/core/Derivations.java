package io.dsh4j.beliefmerge.core;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * JTMS-style derivation labels (spec §7): which conclusions still stand when the merge leaves a premise
 * unestablished. Runs after adjudication. Pure and thread-safe.
 *
 * <p>Deviation (spec §13.4 Q11): the original labelled a slot {@code founded} from its routes alone, even
 * when the slot itself was a standing tie; here a slot the merge did not settle is {@code unasserted}
 * whatever its routes, so {@code founded} always means "in the IN set".
 */
public final class Derivations {

    /** The sentence recorded as the unmet condition of an unasserted slot. */
    public static final String NOT_SETTLED = "the merge did not settle this slot";

    /**
     * The labelled slots and the summary of spec §7.4.
     *
     * @param slots           the slots in input order, each with a derivation
     * @param inCount         axioms plus founded slots
     * @param retracted       the retracted keys, sorted
     * @param unknownPremises premises that name no slot, sorted
     * @param derivedCount    slots that declared at least one route
     */
    public record Result(List<Slot> slots, int inCount, List<String> retracted, List<String> unknownPremises,
                         int derivedCount) {
        public Result {
            slots = List.copyOf(slots);
            retracted = List.copyOf(retracted);
            unknownPremises = List.copyOf(unknownPremises);
        }

        /** The number of retracted slots. */
        public int retractedCount() {
            return retracted.size();
        }
    }

    private Derivations() {}

    /**
     * The IN set: the least set holding every asserted key that has no route or a route whose premises
     * are all IN. Found by counting each route's premises not yet IN and releasing the routes that wait
     * on a key when it becomes IN (issue 17: the earlier sweep over every slot until nothing changed was
     * quadratic on a long chain of derivations); the least fixpoint does not depend on the order.
     */
    private static Set<String> leastFixpoint(List<Slot> slots, Map<String, List<List<String>>> routes, Set<String> asserted) {
        Set<String> in = new HashSet<>();
        ArrayDeque<String> ready = new ArrayDeque<>();
        Map<String, List<Integer>> waiting = new HashMap<>();
        List<String> owner = new ArrayList<>();
        List<int[]> missing = new ArrayList<>();
        Set<String> registered = new HashSet<>();
        for (Slot slot : slots) {
            String key = slot.key();
            if (!asserted.contains(key) || !registered.add(key)) continue;
            List<List<String>> r = routes.get(key);
            boolean free = r.isEmpty();
            for (List<String> route : r) {
                Set<String> premises = new LinkedHashSet<>(route);
                if (premises.isEmpty()) free = true;
                if (free) break;
                int id = owner.size();
                owner.add(key);
                missing.add(new int[] {premises.size()});
                for (String p : premises) waiting.computeIfAbsent(p, x -> new ArrayList<>()).add(id);
            }
            if (free && in.add(key)) ready.add(key);
        }
        while (!ready.isEmpty()) {
            List<Integer> released = waiting.remove(ready.poll());
            if (released == null) continue;
            for (int id : released) {
                if (--missing.get(id)[0] == 0 && in.add(owner.get(id))) ready.add(owner.get(id));
            }
        }
        return in;
    }

    private static final Derivation AXIOM = new Derivation(Derivation.Status.AXIOM, List.of(), List.of(), null, null);
    private static final Derivation UNASSERTED_FREE = new Derivation(Derivation.Status.UNASSERTED, List.of(),
            List.of(NOT_SETTLED), null, null);

    /** Labels every slot by least fixpoint: cycles without outside support never become IN. */
    public static Result propagate(List<Slot> slots) {
        if (withoutRoutesAndSorted(slots)) {
            // no slot rests on a premise and no key repeats (the heuristic merge's slots, issue 17): the IN
            // set is the asserted slots, each an axiom, and no key, route or premise table is needed
            List<Slot> out = new ArrayList<>(slots.size());
            int inCount = 0;
            for (Slot slot : slots) {
                boolean isAsserted = slot.isAsserted();
                if (isAsserted) inCount++;
                out.add(slot.withDerivation(isAsserted ? AXIOM : UNASSERTED_FREE));
            }
            return new Result(out, inCount, List.of(), List.of(), 0);
        }
        Set<String> keys = new HashSet<>();
        Map<String, List<List<String>>> routes = new HashMap<>();
        Set<String> asserted = new HashSet<>();
        Set<String> unknown = new TreeSet<>();
        for (Slot slot : slots) keys.add(slot.key());
        for (Slot slot : slots) {
            List<List<String>> r = Justifications.of(slot);
            routes.put(slot.key(), r);
            if (slot.isAsserted()) asserted.add(slot.key());
            for (List<String> route : r) {
                for (String premise : route) {
                    if (!keys.contains(premise)) unknown.add(premise);
                }
            }
        }
        Set<String> in = leastFixpoint(slots, routes, asserted);
        List<Slot> out = new ArrayList<>(slots.size());
        List<String> retracted = new ArrayList<>();
        int inCount = 0;
        int derived = 0;
        for (Slot slot : slots) {
            List<List<String>> r = routes.get(slot.key());
            boolean isAsserted = asserted.contains(slot.key());
            if (!r.isEmpty()) derived++;
            Derivation d;
            List<String> satisfied = r.isEmpty() ? null : r.stream().filter(in::containsAll).findFirst().orElse(null);
            if (r.isEmpty()) {
                // immutable, so one of each for every slot without a route (issue 17: 250,000 slots)
                d = isAsserted ? AXIOM : UNASSERTED_FREE;
            } else if (satisfied != null && isAsserted) {
                d = new Derivation(Derivation.Status.FOUNDED, r, List.of(), satisfied, null);
            } else if (satisfied != null) {
                d = new Derivation(Derivation.Status.UNASSERTED, r, List.of(NOT_SETTLED), null, null);
            } else {
                Set<String> unmet = new TreeSet<>();
                for (List<String> route : r) {
                    for (String p : route) {
                        if (!in.contains(p)) unmet.add(p);
                    }
                }
                List<String> u = List.copyOf(unmet);
                d = new Derivation(Derivation.Status.RETRACTED, r, u, null,
                        "every supporting route is unmet (" + String.join(", ", u) + ")");
                retracted.add(slot.key());
            }
            if (d.status() == Derivation.Status.AXIOM || d.status() == Derivation.Status.FOUNDED) inCount++;
            out.add(slot.withDerivation(d));
        }
        retracted.sort(null);
        return new Result(out, inCount, retracted, List.copyOf(unknown), derived);
    }

    /** True when no claim of any slot declares a route and the keys ascend strictly (so none repeats). */
    private static boolean withoutRoutesAndSorted(List<Slot> slots) {
        String previous = null;
        for (Slot slot : slots) {
            for (Claim c : slot.claims()) {
                if (!c.derivedFrom().isEmpty()) return false;
            }
            if (previous != null && previous.compareTo(slot.key()) >= 0) return false;
            previous = slot.key();
        }
        return true;
    }

    /**
     * The most a derived slot may be trusted (spec §7.6): per route the weakest premise (meet), across
     * routes the best route (join); {@code null} when the slot declares no route.
     *
     * <p>Deviation (spec §13.4 Q1): {@code trustOfPremise} returns {@code null} for a key that names no slot,
     * and a route through such a premise is ignored here — it supports nothing (the slot is already
     * retracted for it) and so it cannot cap trust either. When no route is left the ceiling is
     * {@code null}. The original counted such a premise as UNTRUSTED, which under EXTERNAL sources made
     * one model typo withhold the whole merged block.
     */
    public static Trust trustCeiling(Slot slot, Function<String, Trust> trustOfPremise) {
        List<List<String>> routes = Justifications.of(slot);
        Trust best = null;
        for (List<String> route : routes) {
            Trust lowest = null;
            boolean known = true;
            for (String premise : new LinkedHashSet<>(route)) {
                Trust t = trustOfPremise.apply(premise);
                if (t == null) {
                    known = false;
                    break;
                }
                lowest = lowest == null ? t : Trust.meet(lowest, t);
            }
            if (!known || lowest == null) continue;
            best = best == null ? lowest : Trust.join(best, lowest);
        }
        return best;
    }
}
