package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.attention.core.internal.JsSort;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** §0.5: {@code Array.prototype.sort} as V8 runs it (used where the original sorted with a comparator that can give NaN). */
class JsSortProperties {

    record Item(double key, int index) {}

    static List<Item> items(List<Integer> keys) {
        List<Item> out = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) out.add(new Item(keys.get(i) == null ? Double.NaN : keys.get(i), i));
        return out;
    }

    @Property(tries = 300)
    void with_a_consistent_comparator_it_is_a_stable_sort(@ForAll @Size(max = 400) List<@IntRange(min = 0, max = 9) Integer> keys) {
        List<Item> mine = items(keys);
        List<Item> stable = items(keys);
        JsSort.sort(mine, (a, b) -> a.key() - b.key());
        stable.sort(Comparator.comparingDouble(Item::key));
        assertThat(mine).isEqualTo(stable);
    }

    @Property(tries = 200)
    void with_nan_results_it_still_returns_a_permutation(@ForAll @Size(max = 300) List<@IntRange(min = 0, max = 5) Integer> keys,
            @ForAll @IntRange(min = 0, max = 299) int nanAt) {
        List<Integer> withNan = new ArrayList<>(keys);
        if (!withNan.isEmpty()) withNan.set(nanAt % withNan.size(), null);
        List<Item> mine = items(withNan);
        JsSort.sort(mine, (a, b) -> a.key() - b.key());
        assertThat(mine).containsExactlyInAnyOrderElementsOf(items(withNan));
    }

    @Test
    void a_nan_result_reads_as_equal_so_a_natural_run_absorbs_it() {
        // 3, NaN, 1: 3→NaN "equal" (ascending run), NaN→1 "equal": one run, nothing moves
        List<Item> list = items(java.util.Arrays.asList(3, null, 1));
        JsSort.sort(list, (a, b) -> a.key() - b.key());
        assertThat(list).extracting(Item::index).containsExactly(0, 1, 2);
    }

    @Test
    void a_descending_run_stops_at_a_nan_result() {
        // 5, 4 descend; 4 → NaN is "equal", which ends a descending run: 5, 4 is reversed to 4, 5.
        // Binary insertion then puts NaN after 5 (equal: go right) and 2 before 4 (less, less).
        List<Item> list = items(java.util.Arrays.asList(5, 4, null, 2));
        JsSort.sort(list, (a, b) -> a.key() - b.key());
        assertThat(list).extracting(Item::key).containsExactly(2.0, 4.0, 5.0, Double.NaN);
    }
}
