package io.dsh4j.beliefmerge.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.message.json.JsStrings;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Issue 17 (a 10 MB message through the whole {@code merge} command): each stage rewritten to copy and
 * allocate less gives exactly what the definition it replaces gives — key normalisation lower-casing code
 * point by code point, sentence splitting trimming before it copies, the decision of a one-value state,
 * the derivation labels of slots without routes, the trust check without a table when nothing has a
 * premise, and a slot's rendered length summed from its parts — on random texts and on slots with mixed
 * keys, values, evidence, sources, trust labels, routes, resolutions and derivation labels.
 */
class LongMessageStageProperties {

    // ---- texts

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.of("a", "Z", "Ab", "42", " ", "\t", "\n", "\u3000", ".", "!", "?", "。", "！", "？", "；", ";", "-", "_",
                        "`", "**", "\u03A3", "\u03C3", "\u0130", "I", "\u0307", "\u00C0", "\u00DF", "\u00B5", "\u0130x", "O\u03A3",
                        "\u03A3a", "\u0391\u03A3 ", "\uD835\uDC00", "\uD801\uDC00", "\uD83D\uDE00", "\uD800", "\uDC00", "决定",
                        "端口", "\u0663", "\u2167", "\u01C5", "\u1E9E", "K", "\u212A", "\u00A0", "\uFEFF", "Ǆ", "ǅ", "ǆ", "Ω", "Ж")
                .list().ofMaxSize(20).map(parts -> String.join("", parts));
    }

    /** {@code Keys.normalize}'s word normalisation as it was: the whole text lower-cased first. */
    static String referenceNormalizeWords(String text) {
        String lower = JsStrings.toLowerCase(text);
        StringBuilder out = new StringBuilder(lower.length());
        boolean pendingSpace = false;
        for (int i = 0; i < lower.length(); ) {
            int cp = lower.codePointAt(i);
            i += Character.charCount(cp);
            if (!JsStrings.isLetterOrNumber(cp)) {
                pendingSpace = true;
            } else {
                if (pendingSpace && !out.isEmpty()) out.append(' ');
                pendingSpace = false;
                out.appendCodePoint(cp);
            }
        }
        return out.toString();
    }

    static String referenceBag(String text) {
        List<String> words = new ArrayList<>();
        for (String w : referenceNormalizeWords(text).split(" ", -1)) {
            if (w.length() >= 2) words.add(w);
        }
        words.sort(null);
        return String.join(" ", words);
    }

    @Property(tries = 3000)
    void keys_normalise_as_the_whole_text_lower_casing_does(@ForAll("texts") String text) {
        assertThat(Keys.normalize(text, Keys.Strategy.EXACT)).isEqualTo(referenceNormalizeWords(text));
        assertThat(Keys.normalize(text, Keys.Strategy.BAG)).isEqualTo(referenceBag(text));
    }

    @Property(tries = 1000)
    void keys_normalise_any_text_as_before(@ForAll String text) {
        assertThat(Keys.normalize(text, Keys.Strategy.EXACT)).isEqualTo(referenceNormalizeWords(text));
    }

    /** {@code splitSentences} as it was: each piece copied, then trimmed. */
    static List<String> referenceSplit(String text) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (".!?。！？；;".indexOf(text.charAt(i)) >= 0) {
                String t = JsStrings.trim(text.substring(start, i + 1));
                if (!t.isEmpty()) out.add(t);
                start = i + 1;
            }
        }
        String t = JsStrings.trim(text.substring(start));
        if (!t.isEmpty()) out.add(t);
        return out;
    }

    @Property(tries = 3000)
    void sentences_split_as_copying_then_trimming_does(@ForAll("texts") String text) {
        assertThat(HeuristicExtractor.splitSentences(text)).isEqualTo(referenceSplit(text));
    }

    // ---- slots

    @Provide
    Arbitrary<List<Slot>> slots() {
        Arbitrary<List<List<String>>> routes = Arbitraries.of(List.<List<String>>of(), List.<List<String>>of(), List.of(List.of("k1")),
                List.of(List.of("k2", "k3")), List.of(List.of("k9")), List.of(List.of("k1"), List.of("k4")), List.of(List.of("k5", "k5")));
        Arbitrary<Claim> claim = Combinators.combine(
                        Arbitraries.of("k1", "k2", "k3", "k4", "k5", "k6"), Arbitraries.of("assert", "refute", "x"),
                        Arbitraries.integers().between(0, 5), Arbitraries.of("a", "bb", "b", "ccc", "a b", "决定 x", ""),
                        Arbitraries.of("s0", "s1", "a, b", "", "s1"), Arbitraries.of(Trust.class).injectNull(0.3),
                        Arbitraries.of(SlotType.class).injectNull(0.5), routes)
                .as((k, v, e, t, src, trust, type, r) -> new Claim(k, v, e, t, src, trust, type, r));
        Arbitrary<Branch> branch = Combinators.combine(claim.list().ofMaxSize(8), Arbitraries.of(Trust.class).injectNull(0.2))
                .as((claims, trust) -> new Branch("b", trust, claims));
        Arbitrary<Resolution.Outcome> outcome = Arbitraries.of(Resolution.Outcome.class).injectNull(0.4);
        return Combinators.combine(branch.list().ofMinSize(1).ofMaxSize(3), outcome, Arbitraries.of(true, false))
                .as((branches, o, derive) -> {
                    List<Slot> merged = new ArrayList<>();
                    for (Slot s : BeliefMerge.mergeBranches(branches, Score.EGALITARIAN)) {
                        boolean tie = s.decision() instanceof Decision.Disputed;
                        merged.add(o != null && tie ? s.withResolution(new Resolution(s.key(), o, s.decision().tied().getFirst(),
                                "if a, b", List.of(), "why", false, false)) : s);
                    }
                    return derive ? Derivations.propagate(merged).slots() : merged;
                });
    }

    @Property(tries = 3000)
    void a_slots_rendered_length_is_the_length_of_its_rendering(@ForAll("slots") List<Slot> slots) {
        for (Slot slot : slots) assertThat(Renderer.renderedLength(slot)).as(slot.key()).isEqualTo(Renderer.renderSlot(slot).length());
    }

    @Property(tries = 2000)
    void the_trust_check_reports_what_it_reported_with_a_table_for_every_merge(@ForAll("slots") List<Slot> slots) {
        assertThat(TrustCheck.check(slots)).isEqualTo(referenceCheck(slots));
    }

    @Property(tries = 2000)
    void derivations_label_as_before_with_and_without_routes_keys_in_any_order(@ForAll("slots") List<Slot> slots,
                                                                               @ForAll boolean reversed, @ForAll boolean repeated) {
        List<Slot> input = new ArrayList<>(slots);
        if (reversed) java.util.Collections.reverse(input);
        if (repeated && !input.isEmpty()) input.add(input.getFirst());
        assertThat(Derivations.propagate(input)).isEqualTo(referencePropagate(input));
    }

    @Property(tries = 3000)
    void a_decision_is_the_per_value_scoring_s(@ForAll("slots") List<Slot> slots) {
        for (Slot slot : slots) {
            for (Score score : Score.values()) {
                assertThat(score.select(slot.state())).isEqualTo(referenceSelect(score, slot.state()));
            }
        }
    }

    // ---- the definitions replaced

    private static final Derivation AXIOM = new Derivation(Derivation.Status.AXIOM, List.of(), List.of(), null, null);
    private static final Derivation UNASSERTED_FREE = new Derivation(Derivation.Status.UNASSERTED, List.of(),
            List.of(Derivations.NOT_SETTLED), null, null);

    /**
     * The IN set: the least set holding every asserted key that has no route or a route whose premises
     * are all IN. Found by counting each route's premises not yet IN and releasing the routes that wait
     * on a key when it becomes IN (issue 17: the earlier sweep over every slot until nothing changed was
     * quadratic on a long chain of derivations); the least fixpoint does not depend on the order.
     */
    private static Set<String> referenceFixpoint(List<Slot> slots, Map<String, List<List<String>>> routes, Set<String> asserted) {
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


    /** {@code Derivations.propagate} as it was: key, route and premise tables for every merge. */
    static Derivations.Result referencePropagate(List<Slot> slots) {
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
        Set<String> in = referenceFixpoint(slots, routes, asserted);
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
                d = new Derivation(Derivation.Status.UNASSERTED, r, List.of(Derivations.NOT_SETTLED), null, null);
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
        return new Derivations.Result(out, inCount, retracted, List.copyOf(unknown), derived);
    }

    /** {@code TrustCheck.check} as it was: the trust of every slot by key, for every merge. */
    static TrustCheck.Report referenceCheck(List<Slot> slots) {
        Map<String, Trust> trustByKey = new HashMap<>();
        for (Slot s : slots) trustByKey.put(s.key(), TrustCheck.slotTrust(s));
        List<TrustCheck.Violation> violations = new ArrayList<>();
        for (Slot slot : slots) {
            if (slot.presentedValues().isEmpty()) continue;
            List<Claim> supporters = TrustCheck.supporters(slot);
            if (supporters.isEmpty()) {
                violations.add(new TrustCheck.Violation(slot.key(), "unsupported",
                        "presented values have no supporting claims to derive trust from"));
                continue;
            }
            long unlabelled = supporters.stream().filter(c -> c.trust() == null).count();
            if (unlabelled > 0) {
                violations.add(new TrustCheck.Violation(slot.key(), "unlabelled",
                        unlabelled + " supporting claim(s) carry no trust label"));
            }
            Trust presented = Trust.UNTRUSTED;
            for (Claim c : supporters) {
                Trust t = Trust.orUntrusted(c.trust());
                if (t.compareTo(presented) > 0) presented = t;
            }
            Trust ceiling = Derivations.trustCeiling(slot, trustByKey::get);
            if (ceiling != null && presented.compareTo(ceiling) > 0) {
                violations.add(new TrustCheck.Violation(slot.key(), "derivation-ceiling",
                        "presented trust " + presented.level() + " exceeds the weakest premise " + ceiling.level()));
            }
        }
        return new TrustCheck.Report(violations);
    }

    /** {@code Score.select} as it was: per-value tables for every state. */
    static Decision referenceSelect(Score score, SlotState state) {
        Map<String, List<SlotItem>> perValue = state.perValue();
        if (perValue.isEmpty()) return Decision.Empty.INSTANCE;
        List<String> values = new ArrayList<>(perValue.keySet());
        List<int[]> scores = new ArrayList<>(values.size());
        for (String value : values) scores.add(score == Score.EGALITARIAN ? new int[] {Score.egalitarian(perValue.get(value))} : Score.elitist(perValue.get(value)));
        int[] best = null;
        for (int[] s : scores) {
            if (best == null || compare(score, s, best) > 0) best = s;
        }
        List<String> winners = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            if (compare(score, scores.get(i), best) == 0) winners.add(values.get(i));
        }
        return winners.size() == 1 ? new Decision.Resolved(winners.getFirst()) : new Decision.Disputed(winners);
    }

    private static int compare(Score score, int[] a, int[] b) {
        if (score == Score.EGALITARIAN) return Integer.compare(a[0], b[0]);
        int n = Math.max(a.length, b.length);
        for (int i = 0; i < n; i++) {
            if (i >= a.length) return -1;
            if (i >= b.length) return 1;
            if (a[i] != b[i]) return Integer.compare(a[i], b[i]);
        }
        return 0;
    }
}
