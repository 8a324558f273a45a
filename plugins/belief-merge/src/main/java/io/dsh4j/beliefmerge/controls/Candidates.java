package io.dsh4j.beliefmerge.controls;

import io.dsh4j.beliefmerge.core.Texts;
import io.dsh4j.message.json.JsStrings;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Candidate ranking, selection and the list format (spec §1.8). Pure and thread-safe.
 */
public final class Candidates {

    /** Resolved ids (first-seen order, de-duplicated) and one error per token that did not resolve. */
    public record Selection(List<String> ids, List<String> errors) {
        public Selection {
            ids = List.copyOf(ids);
            errors = List.copyOf(errors);
        }
    }

    /** The display cap of a list. */
    public static final int LIST_LIMIT = 20;

    private Candidates() {}

    /**
     * Keeps candidates not excluded, filtered by a non-blank query on {@code "<title> <id> <workspace>"}
     * (lower-case substring), stably sorted by {@code mtime} descending (unknown counts as 0, so the
     * host's newest-first order survives), capped at {@code limit}.
     */
    public static List<Candidate> rank(List<Candidate> all, String query, Collection<String> exclude, int limit) {
        Set<String> excluded = new LinkedHashSet<>();
        for (String e : exclude) {
            if (e != null && !e.isEmpty()) excluded.add(e);
        }
        String q = query == null || JsStrings.isBlank(query) ? null : JsStrings.toLowerCase(JsStrings.trim(query));
        List<Candidate> out = new ArrayList<>();
        for (Candidate c : all) {
            if (excluded.contains(c.id())) continue;
            if (q != null) {
                String hay = JsStrings.toLowerCase((c.title() == null ? "" : c.title()) + " " + c.id() + " "
                        + (c.workspace() == null ? "" : c.workspace()));
                if (!hay.contains(q)) continue;
            }
            out.add(c);
        }
        out.sort(Comparator.comparingLong((Candidate c) -> c.mtime() == null ? 0 : c.mtime()).reversed());
        return List.copyOf(out.subList(0, Math.min(Math.max(0, limit), out.size())));
    }

    /**
     * Resolves each token (trimmed; empty skipped): an exact id; else, all digits, a 1-based number into
     * {@code numbered}; else a unique id prefix; errors name the token otherwise.
     *
     * @param candidates the ids and prefixes are resolved against these
     * @param numbered   what {@code #N} numbers refer to — the list the user last saw (spec §13.4 Q6:
     *                   the original always indexed the unfiltered list, so "#2" after a filtered list
     *                   could name another session than the one shown)
     */
    public static Selection resolve(List<String> inputs, List<Candidate> candidates, List<Candidate> numbered, Texts texts) {
        LinkedHashSet<String> ids = new LinkedHashSet<>();
        List<String> errors = new ArrayList<>();
        for (String raw : inputs) {
            String tok = raw == null ? "" : JsStrings.trim(raw);
            if (tok.isEmpty()) continue;
            if (candidates.stream().anyMatch(c -> c.id().equals(tok))) {
                ids.add(tok);
            } else if (tok.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
                long n = tok.length() > 9 ? Long.MAX_VALUE : Long.parseLong(tok);
                if (n >= 1 && n <= numbered.size()) ids.add(numbered.get((int) n - 1).id());
                else errors.add(texts.format("select.outOfRange", tok, numbered.size()));
            } else {
                List<Candidate> matches = candidates.stream().filter(c -> c.id().startsWith(tok)).toList();
                if (matches.size() == 1) ids.add(matches.getFirst().id());
                else if (matches.isEmpty()) errors.add(texts.format("select.noMatch", tok));
                else errors.add(texts.format("select.ambiguous", tok, matches.size()));
            }
        }
        return new Selection(List.copyOf(ids), errors);
    }

    /** {@code ?} when unknown, else minutes, hours or days since {@code mtime}, rounded. */
    public static String ageLabel(Long mtime, long now) {
        if (mtime == null) return "?";
        long s = Math.max(0, Math.round((now - mtime) / 1000.0));
        if (s < 3600) return Math.round(s / 60.0) + "m";
        if (s < 86400) return Math.round(s / 3600.0) + "h";
        return Math.round(s / 86400.0) + "d";
    }

    /** {@code ?} for unknown or ≤ 0, else {@code <b>B}, {@code <k>K} or one-decimal {@code M}. */
    public static String formatBytes(Long b) {
        if (b == null || b <= 0) return "?";
        if (b < 1024) return b + "B";
        if (b < 1024 * 1024) return Math.round(b / 1024.0) + "K";
        return String.format(Locale.ROOT, "%.1fM", b / (1024.0 * 1024.0));
    }

    /**
     * The list: an optional header line, then {@code No sessions found.} or a column line and one row per
     * candidate ({@code *} on current ones, number, id, age, size, title cut to 46 units), then a note on
     * the current selection.
     */
    public static String format(List<Candidate> candidates, List<String> current, long now, String header, Texts texts) {
        List<String> lines = new ArrayList<>();
        if (header != null) lines.add(header);
        if (candidates.isEmpty()) {
            lines.add(texts.format("list.none"));
            return String.join("\n", lines);
        }
        lines.add(texts.format("list.columns"));
        for (int i = 0; i < candidates.size(); i++) {
            Candidate c = candidates.get(i);
            String title = c.title() == null || c.title().isEmpty() ? texts.format("list.untitled") : c.title();
            if (title.length() > 46) title = title.substring(0, 46);
            lines.add((current.contains(c.id()) ? "*" : " ") + pad(Integer.toString(i + 1), 3, true) + "  " + pad(c.id(), 39, false)
                    + " " + pad(ageLabel(c.mtime(), now), 3, true) + " " + pad(formatBytes(c.bytes()), 5, true) + "  " + title);
        }
        if (!current.isEmpty()) {
            lines.add("");
            lines.add(texts.format("list.currentNote", current.size()));
        }
        return String.join("\n", lines);
    }

    private static String pad(String s, int width, boolean right) {
        if (s.length() >= width) return s;
        String fill = " ".repeat(width - s.length());
        return right ? fill + s : s + fill;
    }
}
