package io.dsh4j.beliefmerge.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A port of the T1 experiment (spec §12.2, checklist item 58) and the two-branch caveat of §3.6 (Q15).
 * Profiles: three branches {@code b0, b1, b2}; a general branch asserts each value at most once at any
 * level, a well-formed one holds at most one opinion.
 */
class ConfluenceExperimentTest {

    /** COUNT keeps the presented value(s) and one item per supporter under {@code *merged*:<i>}, by evidence descending. */
    static final Representation COUNT = (state, score) -> {
        Decision d = score.select(state);
        if (d instanceof Decision.Empty) return SlotState.empty();
        List<String> keep = d instanceof Decision.Resolved r ? List.of(r.winner()) : d.tied();
        List<SlotItem> items = new ArrayList<>();
        for (String value : keep) {
            List<SlotItem> supports = new ArrayList<>(state.perValue().get(value));
            supports.sort((a, b) -> Integer.compare(b.evidence(), a.evidence()));
            for (int i = 0; i < supports.size(); i++) {
                items.add(new SlotItem(value, Evidence.MERGED_SOURCE + ":" + i, supports.get(i).evidence()));
            }
        }
        return SlotState.of(items);
    };

    static List<Map<String, Integer>> templates(List<String> values, List<Integer> levels, boolean wellFormed) {
        List<Map<String, Integer>> out = new ArrayList<>();
        if (wellFormed) {
            out.add(Map.of());
            for (String v : values) for (int e : levels) out.add(Map.of(v, e));
            return out;
        }
        int options = levels.size() + 1;
        int total = (int) Math.pow(options, values.size());
        for (int code = 0; code < total; code++) {
            Map<String, Integer> t = new LinkedHashMap<>();
            int c = code;
            for (int i = values.size() - 1; i >= 0; i--) {
                int pick = c % options;
                c /= options;
                if (pick > 0) t.put(values.get(i), levels.get(pick - 1));
            }
            out.add(t);
        }
        return out;
    }

    static SlotState instantiate(Map<String, Integer> template, String source) {
        List<SlotItem> items = new ArrayList<>();
        template.forEach((v, e) -> items.add(new SlotItem(v, source, e)));
        return SlotState.of(items);
    }

    /** Failing profiles over all {@code branches}-tuples of templates. */
    static int[] failures(List<String> values, List<Integer> levels, int branches, boolean wellFormed, Score score,
                          Representation repr) {
        List<Map<String, Integer>> ts = templates(values, levels, wellFormed);
        int total = (int) Math.pow(ts.size(), branches);
        int failures = 0;
        for (int code = 0; code < total; code++) {
            List<SlotState> profile = new ArrayList<>();
            int c = code;
            for (int b = 0; b < branches; b++) {
                profile.add(instantiate(ts.get(c % ts.size()), "b" + b));
                c /= ts.size();
            }
            if (!Merge.isConfluent(profile, score, repr)) failures++;
        }
        return new int[] {failures, total};
    }

    @Test
    void t1_reproduces_the_24_row_failure_table_and_join_never_fails_on_72760_profiles() {
        Map<String, Representation> reprs = new LinkedHashMap<>();
        reprs.put("JOIN", Representation.JOIN);
        reprs.put("COUNT", COUNT);
        reprs.put("MAX", Representation.COLLAPSE);
        // space / score / repr -> {general failures, well-formed failures} (spec §12.2 table)
        Map<String, int[]> published = new HashMap<>();
        published.put("A egalitarian JOIN", new int[] {0, 0});
        published.put("A egalitarian COUNT", new int[] {7740, 54});
        published.put("A egalitarian MAX", new int[] {8034, 90});
        published.put("A elitist JOIN", new int[] {0, 0});
        published.put("A elitist COUNT", new int[] {7794, 36});
        published.put("A elitist MAX", new int[] {7620, 72});
        published.put("B egalitarian JOIN", new int[] {0, 0});
        published.put("B egalitarian COUNT", new int[] {4488, 90});
        published.put("B egalitarian MAX", new int[] {3594, 114});
        published.put("B elitist JOIN", new int[] {0, 0});
        published.put("B elitist COUNT", new int[] {3276, 72});
        published.put("B elitist MAX", new int[] {3240, 96});
        int joinProfiles = 0;
        for (String space : List.of("A", "B")) {
            List<String> values = space.equals("A") ? List.of("a", "b", "c") : List.of("a", "b");
            List<Integer> levels = space.equals("A") ? List.of(1, 2) : List.of(1, 2, 3, 4);
            for (Score score : Score.values()) {
                for (Map.Entry<String, Representation> r : reprs.entrySet()) {
                    int[] general = failures(values, levels, 3, false, score, r.getValue());
                    int[] wellFormed = failures(values, levels, 3, true, score, r.getValue());
                    String row = space + " " + score.label() + " " + r.getKey();
                    assertThat(new int[] {general[0], wellFormed[0]}).as(row).isEqualTo(published.get(row));
                    assertThat(general[1] + wellFormed[1]).as(row + " profiles")
                            .isEqualTo(space.equals("A") ? 19_683 + 343 : 15_625 + 729);
                    if (r.getKey().equals("JOIN")) joinProfiles += general[1] + wellFormed[1];
                }
            }
        }
        assertThat(joinProfiles).isEqualTo(72_760);
    }

    @Test
    void q15_two_well_formed_branches_never_fail_but_two_general_branches_can_under_collapse() {
        // The project's "two branches can never show a confluence failure" holds for well-formed branches only.
        for (Score score : Score.values()) {
            assertThat(failures(List.of("a", "b"), List.of(1, 2, 3, 4), 2, true, score, Representation.COLLAPSE)[0]).isZero();
            assertThat(failures(List.of("a", "b", "c"), List.of(1, 2), 2, true, score, Representation.COLLAPSE)[0]).isZero();
        }
        assertThat(failures(List.of("a", "b"), List.of(1, 2, 3, 4), 2, false, Score.EGALITARIAN, Representation.COLLAPSE))
                .containsExactly(12, 625);
        // the spec's witness: B0={b@1}, B1={a@2, b@1} -> n-ary disputed{a,b}, one union + collapse -> a
        List<SlotState> witness = List.of(SlotState.singleton("b", "b0", 1),
                SlotState.of(new SlotItem("a", "b1", 2), new SlotItem("b", "b1", 1)));
        assertThat(Merge.nary(witness, Score.EGALITARIAN).decision().describe()).isEqualTo("disputed{a,b}");
        assertThat(Merge.incremental(witness, Score.EGALITARIAN, Representation.COLLAPSE).decision().describe()).isEqualTo("a");
        assertThat(Merge.isConfluent(witness, Score.EGALITARIAN, Representation.JOIN)).isTrue();
    }
}
