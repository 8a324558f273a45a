package io.dsh4j.beliefmerge.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * Offline semantic alignment (beyond the original): heuristic claims of different sources that say the
 * same thing in other words land in one slot, and claims that give one topic different values become
 * competing values of one slot — without a model call, from sentence embeddings.
 *
 * <p>The heuristic keys a claim by its normalised sentence. Over the distinct keys this stage links two
 * keys of different sources when (two keys that differ in one short run of words are near duplicates:
 * they become values of one slot when the run ends the sentence, else they stay two claims — never
 * paraphrases)
 * <ul>
 *   <li><b>value</b>: their cosine is at least {@link Options#topicThreshold} and they share a template —
 *       at least {@link Options#minSharedTokens} leading words in common, then one to
 *       {@link Options#maxValueTokens} words that differ on each side, then at most one shared word
 *       ({@code our database engine is postgresql} / {@code … mysql}); the slot key is the template with {@code _} for the value and the
 *       values are the differing words ({@code not …} for a refuted sentence). A template match is always
 *       read as a value question — near synonyms ({@code finished} / {@code done}) become a dispute the
 *       reader sees, never a conflict hidden as agreement;</li>
 *   <li><b>paraphrase</b>: otherwise, their cosine is at least {@link Options#paraphraseThreshold}; the
 *       cluster keeps the smallest key and the claims keep their {@code assert}/{@code refute} values.
 *       Paraphrase clusters are complete-link (every pair above the threshold), so chains cannot drift.</li>
 * </ul>
 * Links are taken strongest first (cosine rounded to 1e-6, ties by the two keys' text), a value cluster
 * only takes keys of its template, and the two kinds never mix — so the result is deterministic for
 * fixed embeddings and thresholds, and independent of branch order.
 *
 * <p>Pure apart from the {@link Embedder}; thread-safe. At most {@link Options#maxKeys} keys (the
 * smallest) are compared, bounding the quadratic pass; the rest stay as the heuristic made them.
 */
public final class SemanticAlignment {

    /** Turns texts into vectors (any length, same for all); must be deterministic per text. */
    @FunctionalInterface
    public interface Embedder {
        float[][] embed(List<String> texts);
    }

    /**
     * The thresholds, one table.
     *
     * @param paraphraseThreshold cosine at which two sentences say the same thing (0.82; measured: {@code never commit the api key} / {@code the api key must never be committed} 0.95, {@code we use postgresql as our database} / {@code our database is postgresql} 0.85)
     * @param topicThreshold      cosine two same-template sentences need to become values of one slot (0: none —
     *                            the values dominate short sentences, so a template match is the evidence;
     *                            measured {@code we deploy on kubernetes} / {@code … lambda} 0.51,
     *                            {@code ci sits on github actions} / {@code … jenkins} below 0.2)
     * @param maxValueTokens      most words a value may have (3)
     * @param minSharedTokens     fewest leading + trailing words a template needs (2)
     * @param maxKeys             most keys compared (1,000)
     */
    public record Options(double paraphraseThreshold, double topicThreshold, int maxValueTokens, int minSharedTokens,
                          int maxKeys) {
        public Options {
            if (!(paraphraseThreshold > 0 && paraphraseThreshold <= 1) || !(topicThreshold >= 0 && topicThreshold <= 1))
                throw new IllegalArgumentException("the paraphrase threshold must be in (0, 1] and the topic threshold in [0, 1]");
            if (maxValueTokens < 1 || minSharedTokens < 1 || maxKeys < 2)
                throw new IllegalArgumentException("maxValueTokens and minSharedTokens must be >= 1 and maxKeys >= 2");
        }

        public static Options defaults() {
            return new Options(0.82, 0.0, 3, 2, 1000);
        }
    }

    /** The placeholder for the value in a template key. */
    public static final String VALUE_MARK = "_";

    /** What the stage did: the rewritten branches, keys embedded, and keys that joined another. */
    public record Aligned(List<Branch> branches, int keys, int valueLinks, int paraphraseLinks) {}

    private SemanticAlignment() {}

    /** The stage as a {@link BeliefMerge.BranchStage} named {@code semantic}. */
    public static BeliefMerge.BranchStage stage(Embedder embedder, Options options) {
        Objects.requireNonNull(embedder, "embedder");
        return new BeliefMerge.BranchStage() {
            @Override
            public String name() {
                return "semantic";
            }

            @Override
            public List<Branch> apply(List<Branch> branches, CancelSignal cancel) {
                return align(branches, embedder, options).branches();
            }
        };
    }

    private enum Kind { NONE, VALUE, PARAPHRASE }

    private record Edge(double cos, int a, int b, Kind kind, String template) {}

    private static final class Cluster {
        final List<Integer> members = new ArrayList<>();
        Kind kind = Kind.NONE;
        String template;
    }

    /** Aligns {@code branches} (heuristic claims keyed by normalised sentence). */
    public static Aligned align(List<Branch> branches, Embedder embedder, Options o) {
        Map<String, Set<String>> sourcesOf = new TreeMap<>();
        for (Branch b : branches) {
            for (Claim c : b.claims()) sourcesOf.computeIfAbsent(c.key(), k -> new LinkedHashSet<>()).add(c.sourceId());
        }
        List<String> keys = new ArrayList<>(sourcesOf.keySet());
        if (keys.size() > o.maxKeys()) keys = keys.subList(0, o.maxKeys());
        if (keys.size() < 2) return new Aligned(branches, keys.size(), 0, 0);
        float[][] raw = embedder.embed(keys);
        if (raw == null || raw.length != keys.size()) throw new IllegalStateException("the embedder returned "
                + (raw == null ? "nothing" : raw.length + " vectors") + " for " + keys.size() + " texts");
        double[][] unit = new double[raw.length][];
        for (int i = 0; i < raw.length; i++) unit[i] = normalise(raw[i], raw[0].length);
        String[][] words = new String[keys.size()][];
        for (int i = 0; i < keys.size(); i++) words[i] = keys.get(i).split(" ");

        List<Edge> edges = new ArrayList<>();
        double[][] cos = new double[keys.size()][keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            for (int j = i + 1; j < keys.size(); j++) {
                double c = Math.round(dot(unit[i], unit[j]) * 1e6) / 1e6;
                cos[i][j] = c;
                cos[j][i] = c;
                if (!crossSource(sourcesOf.get(keys.get(i)), sourcesOf.get(keys.get(j)))) continue;
                if (nearDuplicate(words[i], words[j], o)) {
                    // one or a few words differ: a value question when they end the sentence, else two claims
                    String template = template(words[i], words[j], o);
                    if (template != null && c >= o.topicThreshold()) edges.add(new Edge(c, i, j, Kind.VALUE, template));
                } else if (c >= o.paraphraseThreshold()) {
                    edges.add(new Edge(c, i, j, Kind.PARAPHRASE, null));
                }
            }
        }
        List<String> k = keys;
        edges.sort(Comparator.comparingDouble(Edge::cos).reversed()
                .thenComparing(e -> k.get(e.a())).thenComparing(e -> k.get(e.b())));

        Cluster[] of = new Cluster[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            of[i] = new Cluster();
            of[i].members.add(i);
        }
        int valueLinks = 0;
        int paraphraseLinks = 0;
        for (Edge e : edges) {
            Cluster a = of[e.a()];
            Cluster b = of[e.b()];
            if (a == b) continue;
            if (e.kind() == Kind.VALUE) {
                if (!accepts(a, Kind.VALUE, e.template()) || !accepts(b, Kind.VALUE, e.template())) continue;
                if (!sameTemplateForAll(a, b, words, e.template(), o)) continue;
                join(a, b, of, Kind.VALUE, e.template());
                valueLinks++;
            } else {
                if (!accepts(a, Kind.PARAPHRASE, null) || !accepts(b, Kind.PARAPHRASE, null)) continue;
                if (!completeLink(a, b, cos, o.paraphraseThreshold())) continue;
                join(a, b, of, Kind.PARAPHRASE, null);
                paraphraseLinks++;
            }
        }

        Map<String, String> newKey = new HashMap<>();
        Map<String, String> valueOf = new HashMap<>();
        Set<Cluster> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Cluster c : of) {
            if (c.members.size() < 2 || !seen.add(c)) continue;
            if (c.kind == Kind.PARAPHRASE) {
                String canonical = c.members.stream().map(keys::get).min(Comparator.naturalOrder()).orElseThrow();
                for (int m : c.members) newKey.put(keys.get(m), canonical);
            } else {
                for (int m : c.members) {
                    newKey.put(keys.get(m), c.template);
                    valueOf.put(keys.get(m), middle(words[m], c.template));
                }
            }
        }
        List<Branch> out = new ArrayList<>(branches.size());
        for (Branch b : branches) {
            List<Claim> claims = new ArrayList<>(b.claims().size());
            for (Claim c : b.claims()) {
                String to = newKey.get(c.key());
                if (to == null) {
                    claims.add(c);
                    continue;
                }
                String value = c.value();
                String mid = valueOf.get(c.key());
                if (mid != null) value = "refute".equals(c.value()) ? "not " + mid : mid;
                claims.add(new Claim(to, value, c.evidence(), c.text(), c.sourceId(), c.trust(), c.slotType(), c.derivedFrom()));
            }
            out.add(new Branch(b.id(), b.trust(), claims));
        }
        return new Aligned(out, keys.size(), valueLinks, paraphraseLinks);
    }

    private static boolean crossSource(Set<String> a, Set<String> b) {
        return !(a.size() == 1 && b.size() == 1 && a.equals(b));
    }

    private static boolean accepts(Cluster c, Kind kind, String template) {
        return c.kind == Kind.NONE || (c.kind == kind && Objects.equals(c.template, template));
    }

    private static boolean sameTemplateForAll(Cluster a, Cluster b, String[][] words, String template, Options o) {
        for (Cluster c : List.of(a, b)) {
            for (int m : c.members) {
                String mid = middle(words[m], template);
                if (mid == null || mid.split(" ").length > o.maxValueTokens()) return false;
            }
        }
        return true;
    }

    private static boolean completeLink(Cluster a, Cluster b, double[][] cos, double threshold) {
        for (int x : a.members) {
            for (int y : b.members) {
                if (cos[x][y] < threshold) return false;
            }
        }
        return true;
    }

    private static void join(Cluster a, Cluster b, Cluster[] of, Kind kind, String template) {
        for (int m : b.members) of[m] = a;
        a.members.addAll(b.members);
        a.members.sort(null);
        a.kind = kind;
        a.template = template;
    }

    /** Most words a value template keeps after the value ({@code our cache ttl is _ seconds}). */
    static final int MAX_VALUE_SUFFIX = 1;

    /**
     * Whether two word lists differ only in one run of one to {@code maxValueTokens} words on each side,
     * with at least {@code minSharedTokens} words in common around it.
     */
    static boolean nearDuplicate(String[] x, String[] y, Options o) {
        int p = prefix(x, y);
        int s = suffix(x, y, p);
        int mx = x.length - p - s;
        int my = y.length - p - s;
        return p + s >= o.minSharedTokens() && mx >= 1 && my >= 1 && mx <= o.maxValueTokens() && my <= o.maxValueTokens();
    }

    private static int prefix(String[] x, String[] y) {
        int p = 0;
        while (p < x.length && p < y.length && x[p].equals(y[p])) p++;
        return p;
    }

    private static int suffix(String[] x, String[] y, int p) {
        int s = 0;
        while (s < x.length - p && s < y.length - p && x[x.length - 1 - s].equals(y[y.length - 1 - s])) s++;
        return s;
    }

    /**
     * The value template of two near-duplicate word lists ({@code prefix _ suffix}): the differing run
     * must come after at least {@code minSharedTokens} shared words and be followed by at most
     * {@link #MAX_VALUE_SUFFIX} — a value ends its sentence, a differing subject ({@code the billing
     * service runs on postgres} / {@code the search service …}) does not. {@code null} otherwise.
     */
    static String template(String[] x, String[] y, Options o) {
        if (!nearDuplicate(x, y, o)) return null;
        int p = prefix(x, y);
        int s = suffix(x, y, p);
        if (p < o.minSharedTokens() || s > MAX_VALUE_SUFFIX) return null;
        List<String> t = new ArrayList<>(Arrays.asList(x).subList(0, p));
        t.add(VALUE_MARK);
        t.addAll(Arrays.asList(x).subList(x.length - s, x.length));
        return String.join(" ", t);
    }

    /** The words of {@code w} standing where {@code template} has its mark, or {@code null} when it does not fit. */
    static String middle(String[] w, String template) {
        String[] t = template.split(" ");
        int mark = Arrays.asList(t).indexOf(VALUE_MARK);
        int suffix = t.length - mark - 1;
        if (w.length < mark + suffix + 1) return null;
        for (int i = 0; i < mark; i++) if (!w[i].equals(t[i])) return null;
        for (int i = 0; i < suffix; i++) if (!w[w.length - 1 - i].equals(t[t.length - 1 - i])) return null;
        return String.join(" ", Arrays.asList(w).subList(mark, w.length - suffix));
    }

    private static double[] normalise(float[] v, int dims) {
        if (v == null || v.length != dims || dims == 0) throw new IllegalStateException("the embedder returned vectors of unequal length");
        double n = 0;
        for (float f : v) {
            if (!Float.isFinite(f)) throw new IllegalStateException("the embedder returned a non-finite component");
            n += (double) f * f;
        }
        double len = Math.sqrt(n);
        double[] out = new double[dims];
        for (int i = 0; i < dims; i++) out[i] = len == 0 ? 0 : v[i] / len;
        return out;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * b[i];
        return s;
    }
}
