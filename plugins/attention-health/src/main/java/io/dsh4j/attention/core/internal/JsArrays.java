package io.dsh4j.attention.core.internal;

import java.util.List;

/** {@code Array.prototype} operations with JavaScript's edge cases. Stateless and thread-safe. */
public final class JsArrays {

    private JsArrays() {}

    /**
     * {@code list.slice(-n)} for {@code n ≥ 0}: the last {@code n} elements, and the <em>whole</em> list
     * when {@code n} is 0 ({@code -0} is 0, so {@code slice(-0)} starts at the beginning).
     *
     * @return a view of {@code list}
     */
    public static <T> List<T> sliceLast(List<T> list, int n) {
        if (n == 0) return list;
        return list.subList(Math.max(0, list.size() - n), list.size());
    }
}
