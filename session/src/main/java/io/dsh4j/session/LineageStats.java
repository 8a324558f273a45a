package io.dsh4j.session;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Stats across session lineages: children point at their parent by {@code parentSession}; a fork
 * child's first {@code seedLength} events are its parent's and are counted once (each log adds its
 * {@link SessionStats#ownTotals()}). Pure function of its input; thread-safe.
 */
public final class LineageStats {

    private LineageStats() {}

    /**
     * The totals of every lineage, keyed by its root session id (a session whose parent is not among
     * {@code logs} is a root), in the order the roots appear in {@code logs}.
     */
    public static Map<String, StatsTotals> byRoot(Collection<SessionStats> logs) {
        Map<String, SessionStats> byId = new HashMap<>();
        for (SessionStats s : logs) byId.put(s.sessionId(), s);
        Map<String, StatsTotals> out = new LinkedHashMap<>();
        for (SessionStats s : logs) {
            String root = rootOf(s, byId);
            out.merge(root, s.ownTotals(), StatsTotals::plus);
        }
        return out;
    }

    /** The ids of a lineage, root first, children after their parent (breadth-first). */
    public static List<String> members(String rootId, Collection<SessionStats> logs) {
        Map<String, List<String>> children = new HashMap<>();
        for (SessionStats s : logs) {
            if (s.parentSession() != null) children.computeIfAbsent(s.parentSession(), k -> new ArrayList<>()).add(s.sessionId());
        }
        List<String> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        out.add(rootId);
        seen.add(rootId);
        for (int i = 0; i < out.size(); i++) {
            for (String c : children.getOrDefault(out.get(i), List.of())) if (seen.add(c)) out.add(c);
        }
        return out;
    }

    private static String rootOf(SessionStats s, Map<String, SessionStats> byId) {
        Set<String> seen = new HashSet<>();
        SessionStats at = s;
        while (at.parentSession() != null && byId.containsKey(at.parentSession()) && seen.add(at.sessionId())) {
            at = byId.get(at.parentSession());
        }
        return at.sessionId();
    }
}
