package io.dsh4j.beliefmerge.core;

import java.util.ArrayList;
import java.util.List;

/**
 * The merge shapes of spec §3.6 over the per-branch states of one slot.
 *
 * <p>All methods are pure and thread-safe.
 */
public final class Merge {

    /** A merged state with the decision its score selects. */
    public record Result(SlotState state, Decision decision) {}

    private Merge() {}

    /** The reference semantics: the union of every branch, then {@code select}. */
    public static Result nary(List<SlotState> branches, Score score) {
        SlotState acc = SlotState.empty();
        for (SlotState b : branches) acc = acc.union(b);
        return new Result(acc, score.select(acc));
    }

    /**
     * A left fold: start from the first branch as is, then {@code acc = representation(acc ∪ b)} for
     * every further branch.
     */
    public static Result incremental(List<SlotState> branches, Score score, Representation representation) {
        if (branches.isEmpty()) return new Result(SlotState.empty(), score.select(SlotState.empty()));
        SlotState acc = branches.getFirst();
        for (int i = 1; i < branches.size(); i++) {
            acc = representation.represent(acc.union(branches.get(i)), score);
        }
        return new Result(acc, score.select(acc));
    }

    /** The production path: {@link #incremental} with {@link Representation#JOIN}. */
    public static Result streaming(List<SlotState> branches, Score score) {
        return incremental(branches, score, Representation.JOIN);
    }

    /**
     * True iff every arrival order of the branches gives the n-ary decision. Checks all n! orders, so
     * keep {@code branches} small (the tests use up to 5).
     */
    public static boolean isConfluent(List<SlotState> branches, Score score, Representation representation) {
        String reference = nary(branches, score).decision().key();
        List<Integer> indices = new ArrayList<>();
        for (int i = 0; i < branches.size(); i++) indices.add(i);
        for (List<Integer> order : permutations(indices)) {
            List<SlotState> permuted = order.stream().map(branches::get).toList();
            if (!incremental(permuted, score, representation).decision().key().equals(reference)) return false;
        }
        return true;
    }

    /** Every permutation of the list, in the lexicographic order of positions. */
    public static <T> List<List<T>> permutations(List<T> list) {
        List<List<T>> out = new ArrayList<>();
        if (list.size() <= 1) {
            out.add(List.copyOf(list));
            return out;
        }
        for (int i = 0; i < list.size(); i++) {
            List<T> rest = new ArrayList<>(list);
            T head = rest.remove(i);
            for (List<T> tail : permutations(rest)) {
                List<T> p = new ArrayList<>(tail.size() + 1);
                p.add(head);
                p.addAll(tail);
                out.add(p);
            }
        }
        return out;
    }
}
