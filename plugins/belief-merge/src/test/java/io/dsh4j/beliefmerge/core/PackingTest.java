package io.dsh4j.beliefmerge.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec §9.1–9.4 and §9.7 (checklist items 35–38, 43; tests §10.6). */
class PackingTest {

    static final PackWeights W = PackWeights.defaults();

    /** A slot of value v (disputed slots tie v/w) supported by every source at one evidence level. */
    static Slot makeSlot(String key, SlotType type, int evidence, List<String> sources, Trust trust, boolean disputed, String text) {
        List<SlotItem> items = new ArrayList<>();
        List<Claim> claims = new ArrayList<>();
        for (String s : sources) {
            items.add(new SlotItem("v", s, evidence));
            claims.add(new Claim(key, "v", evidence, text, s, trust, type, List.of()));
            if (disputed) {
                items.add(new SlotItem("w", s + "-w", evidence));
                claims.add(new Claim(key, "w", evidence, text, s + "-w", trust, type, List.of()));
            }
        }
        SlotState state = SlotState.of(items);
        return new Slot(key, type, state, Score.EGALITARIAN.select(state), claims);
    }

    static Slot fact(String key, int evidence) {
        return makeSlot(key, SlotType.FACT, evidence, List.of("a"), Trust.EXTERNAL, false, key + " text");
    }

    static List<Slot> mixed(int n) {
        SlotType[] types = SlotType.values();
        List<Slot> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(makeSlot(String.format("k%02d", i), types[i % types.length], 1 + i % 4,
                    List.of("a", "b", "c").subList(0, 1 + i % 3), Trust.values()[i % 3], i % 5 == 0,
                    "text number " + i + " " + "x".repeat(i * 7 % 40)));
        }
        return out;
    }

    @Test
    void personal_utility_follows_the_worked_example() {
        assertThat(Packer.personalUtility(fact("f", 2), W, null)).isEqualTo(13.5);
        assertThat(Packer.personalUtility(makeSlot("c", SlotType.CONSTRAINT, 4, List.of("a"), Trust.EXTERNAL, false, "t"), W, null)).isEqualTo(21);
        assertThat(Packer.personalUtility(makeSlot("o", SlotType.OPEN_Q, 1, List.of("a"), Trust.EXTERNAL, false, "t"), W, null)).isEqualTo(10);
    }

    @Test
    void utility_is_non_negative_and_grows_with_evidence_corroboration_and_trust() {
        assertThat(Packer.personalUtility(fact("f", 4), W, null)).isGreaterThan(Packer.personalUtility(fact("f", 1), W, null));
        assertThat(Packer.personalUtility(fact("f", 1), W, null)).isGreaterThanOrEqualTo(0);
        assertThat(Packer.personalUtility(makeSlot("f", SlotType.FACT, 2, List.of("a", "b", "c"), Trust.EXTERNAL, false, "t"), W, null))
                .isGreaterThan(Packer.personalUtility(fact("f", 2), W, null));
        assertThat(Packer.personalUtility(makeSlot("f", SlotType.FACT, 2, List.of("a"), Trust.TRUSTED, false, "t"), W, null))
                .isGreaterThan(Packer.personalUtility(makeSlot("f", SlotType.FACT, 2, List.of("a"), Trust.UNTRUSTED, false, "t"), W, null));
    }

    @Test
    void coverage_marginal_decreases_and_stays_positive() {
        double g0 = Packer.coverageMarginal(SlotType.FACT, 0, W);
        double g1 = Packer.coverageMarginal(SlotType.FACT, 1, W);
        double g5 = Packer.coverageMarginal(SlotType.FACT, 5, W);
        assertThat(g0).isGreaterThan(g1);
        assertThat(g1).isGreaterThan(g5);
        assertThat(g5).isGreaterThan(0);
        assertThat(g0).isCloseTo(0.45307, within(1e-5));
        assertThat(g1).isCloseTo(0.22499, within(1e-5));
        assertThat(g5).isCloseTo(0.01368, within(1e-5));
        assertThat(W.coverageWeight(SlotType.CONSTRAINT)).isCloseTo(1.8, within(1e-12));
        assertThat(W.coverageWeight(SlotType.OPEN_Q)).isCloseTo(0.6, within(1e-12));
    }

    @Test
    void the_set_utility_is_monotone_over_every_subset_of_five_slots() {
        List<Slot> slots = mixed(5);
        int checks = 0;
        for (int mask = 0; mask < 32; mask++) {
            for (int v = 0; v < 5; v++) {
                if ((mask & (1 << v)) != 0) continue;
                List<Integer> s = members(mask);
                List<Integer> sv = members(mask | (1 << v));
                assertThat(Packer.setUtility(slots, sv, W, null)).isGreaterThanOrEqualTo(Packer.setUtility(slots, s, W, null) - 1e-9);
                checks++;
            }
        }
        assertThat(checks).isEqualTo(80);
    }

    @Test
    void the_set_utility_is_submodular_over_every_nested_pair_of_subsets_of_six_slots() {
        List<Slot> slots = new ArrayList<>(mixed(6));
        slots.set(1, makeSlot("same-type", slots.get(0).type(), 2, List.of("a"), Trust.EXTERNAL, false, "t"));
        int checks = 0;
        for (int t = 0; t < 64; t++) {
            for (int s = t; ; s = (s - 1) & t) {
                for (int v = 0; v < 6; v++) {
                    if ((t & (1 << v)) != 0) continue;
                    double gainS = Packer.setUtility(slots, members(s | (1 << v)), W, null) - Packer.setUtility(slots, members(s), W, null);
                    double gainT = Packer.setUtility(slots, members(t | (1 << v)), W, null) - Packer.setUtility(slots, members(t), W, null);
                    assertThat(gainS).isGreaterThanOrEqualTo(gainT - 1e-9);
                    checks++;
                }
                if (s == 0) break;
            }
        }
        assertThat(checks).isGreaterThan(1000);
    }

    static List<Integer> members(int mask) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < 31; i++) if ((mask & (1 << i)) != 0) out.add(i);
        return out;
    }

    @Test
    void diversity_beats_repetition() {
        List<Slot> diverse = List.of(fact("a", 2), fact("b", 2), fact("c", 2),
                makeSlot("d", SlotType.CONSTRAINT, 2, List.of("a"), Trust.EXTERNAL, false, "t"),
                makeSlot("e", SlotType.DECISION, 2, List.of("a"), Trust.EXTERNAL, false, "t"),
                makeSlot("f", SlotType.OPEN_Q, 2, List.of("a"), Trust.EXTERNAL, false, "t"));
        List<Slot> facts = List.of(fact("a", 2), fact("b", 2), fact("c", 2), fact("d", 2), fact("e", 2), fact("f", 2));
        List<Integer> all = List.of(0, 1, 2, 3, 4, 5);
        assertThat(Packer.setUtility(diverse, all, W, null)).isGreaterThan(Packer.setUtility(facts, all, W, null));
    }

    @Test
    void the_packing_never_exceeds_the_budget() {
        List<Slot> slots = new ArrayList<>();
        for (int i = 0; i < 20; i++) slots.add(fact(String.format("f%02d", i), 2));
        int[] cost = new int[20];
        Arrays.fill(cost, 30);
        Packer.Packing p = Packer.pack(slots, cost, 150, W, null, Packer.Algorithm.PARTIAL);
        assertThat(p.tokens()).isLessThanOrEqualTo(150);
        assertThat(p.selected()).hasSize(5);
        assertThat(p.selected()).as("equal densities fall to the smaller key").containsExactly(0, 1, 2, 3, 4);
    }

    @Test
    void packing_is_deterministic_and_partial_is_never_worse_than_density() {
        List<Slot> slots = mixed(14);
        int[] cost = new int[14];
        for (int i = 0; i < 14; i++) cost[i] = 10 + (i * 37) % 60;
        Packer.Packing partial = Packer.pack(slots, cost, 200, W, null, Packer.Algorithm.PARTIAL);
        Packer.Packing again = Packer.pack(slots, cost, 200, W, null, Packer.Algorithm.PARTIAL);
        Packer.Packing density = Packer.pack(slots, cost, 200, W, null, Packer.Algorithm.DENSITY);
        assertThat(again).isEqualTo(partial);
        assertThat(partial.utility()).isGreaterThanOrEqualTo(density.utility());
        assertThat(density.algorithm()).isEqualTo(Packer.Algorithm.DENSITY);
    }

    @Test
    void an_item_costlier_than_the_budget_is_dropped_and_an_impossible_budget_selects_nothing() {
        List<Slot> two = List.of(fact("big", 4), fact("small", 1));
        Packer.Packing p = Packer.pack(two, new int[] {1000, 10}, 50, W, null, Packer.Algorithm.PARTIAL);
        assertThat(p.selected()).containsExactly(1);
        assertThat(p.dropped()).containsExactly(0);
        Packer.Packing none = Packer.pack(two, new int[] {50, 50}, 5, W, null, Packer.Algorithm.PARTIAL);
        assertThat(none.selected()).isEmpty();
        assertThat(none.utility()).isZero();
        assertThat(none.dropped()).containsExactly(0, 1);
        assertThat(none.algorithm()).isEqualTo(Packer.Algorithm.PARTIAL);
    }

    @Test
    void stable_slots_rank_first_and_the_layout_is_stable_first_then_by_key() {
        Slot constraint = makeSlot("durable.rule", SlotType.CONSTRAINT, 4, List.of("a"), Trust.EXTERNAL, false, "t");
        Slot openq = makeSlot("volatile.topic", SlotType.OPEN_Q, 1, List.of("a"), Trust.EXTERNAL, true, "t");
        assertThat(Packer.stabilityScore(constraint)).isGreaterThan(Packer.stabilityScore(openq));
        List<Slot> slots = List.of(openq, fact("b.fact", 2), constraint, fact("a.fact", 2));
        assertThat(Packer.layoutForCache(slots, List.of(0, 1, 2, 3))).containsExactly(2, 3, 1, 0);
        assertThat(Packer.layoutForCache(slots, List.of(3, 2, 1, 0))).containsExactly(2, 3, 1, 0);
    }

    @Test
    void measured_stable_first_keeps_a_prefix_of_3_of_4_when_the_volatile_slot_churns() {
        List<Slot> before = List.of(makeSlot("rule", SlotType.CONSTRAINT, 4, List.of("a"), Trust.EXTERNAL, false, "t"),
                makeSlot("goal", SlotType.GOAL, 4, List.of("a"), Trust.EXTERNAL, false, "t"), fact("fact", 3),
                makeSlot("q", SlotType.OPEN_Q, 1, List.of("a"), Trust.EXTERNAL, true, "first version"));
        List<Slot> after = new ArrayList<>(before);
        after.set(3, makeSlot("q", SlotType.OPEN_Q, 1, List.of("a"), Trust.EXTERNAL, true, "second version"));
        List<String> stableA = Packer.layoutForCache(before, List.of(0, 1, 2, 3)).stream().map(i -> Renderer.renderSlot(before.get(i))).toList();
        List<String> stableB = Packer.layoutForCache(after, List.of(0, 1, 2, 3)).stream().map(i -> Renderer.renderSlot(after.get(i))).toList();
        assertThat(Packer.preservedPrefix(stableA, stableB)).isEqualTo(3);
        List<String> volatileA = new ArrayList<>(stableA);
        java.util.Collections.reverse(volatileA);
        List<String> volatileB = new ArrayList<>(stableB);
        java.util.Collections.reverse(volatileB);
        assertThat(Packer.preservedPrefix(volatileA, volatileB)).isZero();
    }

    @Test
    void a_query_raises_utility_and_relevance_is_the_share_of_terms_found() {
        Slot cache = makeSlot("cache.ttl", SlotType.FACT, 2, List.of("a"), Trust.EXTERNAL, false, "The cache TTL is sixty seconds.");
        Slot other = makeSlot("pool.cap", SlotType.FACT, 2, List.of("a"), Trust.EXTERNAL, false, "The pool cap is twenty.");
        String q = "what is the cache ttl";
        assertThat(Packer.personalUtility(cache, W, q)).isGreaterThan(Packer.personalUtility(cache, W, null));
        assertThat(Packer.personalUtility(cache, W, q)).isGreaterThan(Packer.personalUtility(other, W, q));
        assertThat(Packer.relevance(cache, null)).isZero();
        assertThat(Packer.relevance(cache, "a an of")).isZero();
        assertThat(Packer.relevance(cache, q)).isEqualTo(0.75);
        assertThat(Packer.relevance(cache, q)).isEqualTo(Packer.relevance(cache, q));
    }

    @Test
    void with_two_equal_slots_the_key_tie_break_and_the_query_both_keep_cache_ttl() {
        Slot cache = makeSlot("cache.ttl", SlotType.FACT, 2, List.of("a"), Trust.EXTERNAL, false, "The cache TTL is sixty.");
        Slot pool = makeSlot("pool.cap", SlotType.FACT, 2, List.of("a"), Trust.EXTERNAL, false, "The pool cap is twenty.");
        List<Slot> slots = List.of(pool, cache);
        assertThat(Packer.pack(slots, new int[] {40, 40}, 45, W, null, Packer.Algorithm.PARTIAL).selected()).containsExactly(1);
        assertThat(Packer.pack(slots, new int[] {40, 40}, 45, W, "what is the cache ttl", Packer.Algorithm.PARTIAL).selected()).containsExactly(1);
        assertThat(Packer.pack(slots, new int[] {40, 40}, 45, W, "what is the pool cap", Packer.Algorithm.PARTIAL).selected()).containsExactly(0);
    }

    /** Ten typed slots from one EXTERNAL branch, lengths matched to the original demo's (spec §9.7). */
    static List<Slot> demoSlots() {
        Object[][] rows = {
                {"constraint.handoff", SlotType.CONSTRAINT, 4, "Never push to the main branch now."},
                {"goal.beta_launch", SlotType.GOAL, 4, "Launch a public beta soon."},
                {"decision.queuing", SlotType.DECISION, 3, "Use Kafka, not Pulsar."},
                {"refuted.redis_store", SlotType.REFUTED, 2, "Redis was dropped: it was slow."},
                {"fact.node_cap", SlotType.FACT, 2, "The worker fleet is capped at forty VMs."},
                {"fact.cache_ttl", SlotType.FACT, 2, "The cache TTL is ninety seconds"},
                {"fact.retry_budget", SlotType.FACT, 2, "Retries are limited to five."},
                {"artifact.cfg_path", SlotType.ARTIFACT, 1, "Config is in /etc/app.yml."},
                {"openq.language", SlotType.OPEN_Q, 1, "Which locale should our UI use first?"},
                {"openq.pager_on", SlotType.OPEN_Q, 1, "Who covers the pager rotas?"}};
        List<Slot> out = new ArrayList<>();
        for (Object[] r : rows) {
            out.add(makeSlot((String) r[0], (SlotType) r[1], (Integer) r[2], List.of("branch-a"), Trust.EXTERNAL, false, (String) r[3]));
        }
        return out;
    }

    static List<String> keysIn(String text) {
        return text.lines().filter(l -> l.startsWith("- `")).map(l -> l.substring(3, l.indexOf('`', 3))).toList();
    }

    @Test
    void the_packing_demo_keeps_constraint_goal_decision_and_refuted_at_175_tokens() {
        Renderer.Rendered r = Renderer.render(demoSlots(), Renderer.Options.defaults().withBudget(175));
        assertThat(keysIn(r.text())).containsExactly("constraint.handoff", "goal.beta_launch", "decision.queuing", "refuted.redis_store");
        assertThat(r.included()).isEqualTo(4);
        assertThat(r.dropped()).isEqualTo(6);
        assertThat(r.tokens()).isBetween(165, 175);
        assertThat(String.format(java.util.Locale.ROOT, "%.1f", r.utility())).isEqualTo("76.7");
        assertThat(r.algorithm()).isEqualTo(Packer.Algorithm.DENSITY);
    }

    @Test
    void the_packing_demo_query_swaps_the_refuted_slot_for_the_cache_ttl_fact() {
        Renderer.Rendered r = Renderer.render(demoSlots(), Renderer.Options.defaults().withBudget(175)
                .withQuery("what is the cache ttl and the retry budget"));
        assertThat(keysIn(r.text())).containsExactlyInAnyOrder("constraint.handoff", "goal.beta_launch", "decision.queuing", "fact.cache_ttl");
        assertThat(String.format(java.util.Locale.ROOT, "%.1f", r.utility())).isEqualTo("77.4");
    }
}
