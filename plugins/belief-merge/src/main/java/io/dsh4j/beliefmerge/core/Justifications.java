package io.dsh4j.beliefmerge.core;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Reading premise routes (spec §7.2). Pure and thread-safe. */
public final class Justifications {

    private Justifications() {}

    /**
     * Normalises a raw {@code derivedFrom} value as decoded from JSON (lists, strings, anything else).
     * A flat list with no list element is ONE conjunction of its non-empty strings; a list holding at
     * least one list is a set of alternative routes — each list becomes a route of its non-empty strings
     * (dropped if none), each non-empty string a single-premise route, anything else is ignored.
     * Anything that is not a non-empty list gives no route.
     */
    public static List<List<String>> normalise(Object raw) {
        if (!(raw instanceof List<?> list) || list.isEmpty()) return List.of();
        boolean nested = list.stream().anyMatch(e -> e instanceof List<?>);
        if (!nested) {
            List<String> clean = premisesOf(list);
            return clean.isEmpty() ? List.of() : List.of(clean);
        }
        List<List<String>> out = new ArrayList<>();
        for (Object entry : list) {
            if (entry instanceof String s && !s.isEmpty()) {
                out.add(List.of(s));
            } else if (entry instanceof List<?> route) {
                List<String> clean = premisesOf(route);
                if (!clean.isEmpty()) out.add(clean);
            }
        }
        return List.copyOf(out);
    }

    /**
     * Every route of a slot over all its claims, de-duplicated by the sorted premise set (two branches
     * giving the same route count once), in first-seen order.
     */
    public static List<List<String>> of(Slot slot) {
        List<List<String>> routes = new ArrayList<>();
        Set<List<String>> seen = null;
        for (Claim claim : slot.claims()) {
            for (List<String> route : claim.derivedFrom()) {
                if (seen == null) seen = new HashSet<>();
                List<String> signature = new ArrayList<>(route);
                signature.sort(null);
                if (seen.add(signature)) routes.add(route);
            }
        }
        return routes;
    }

    private static List<String> premisesOf(List<?> list) {
        List<String> out = new ArrayList<>();
        for (Object p : list) {
            if (p instanceof String s && !s.isEmpty()) out.add(s);
        }
        return out;
    }
}
