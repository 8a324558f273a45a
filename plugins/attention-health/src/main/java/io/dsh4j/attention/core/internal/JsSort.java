package io.dsh4j.attention.core.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleBiFunction;

/**
 * {@code Array.prototype.sort(comparefn)} as the original's engine (V8) runs it: a stable TimSort
 * (natural runs, binary insertion up to the minimum run, merges with galloping) in which a
 * comparison result counts as "less" only when it is {@code < 0}. With a consistent comparator any
 * stable sort gives the same order; this class exists for the inconsistent ones the original used on
 * odd input, e.g. {@code (a, b) => a.turn - b.turn} when a turn number is missing ({@code NaN}, which
 * SortCompare reads as 0, "equal"), where the order depends on exactly which comparisons the algorithm
 * makes.
 *
 * <p>Stateless and thread-safe; each call works on its own copy.
 */
public final class JsSort {

    private static final int MIN_GALLOP_WINS = 7;
    private static final int SMALL = 64;

    private JsSort() {}

    /**
     * Sorts {@code list} in place.
     *
     * @param list the elements (none of them is JavaScript's {@code undefined}; {@code null} elements
     *             are ordinary values here)
     * @param compare the comparator; any double, {@code NaN} included
     */
    public static <T> void sort(List<T> list, ToDoubleBiFunction<? super T, ? super T> compare) {
        if (list.size() < 2) return;
        State<T> s = new State<>(new ArrayList<>(list), compare);
        s.run();
        for (int i = 0; i < list.size(); i++) list.set(i, s.a.get(i));
    }

    private static final class State<T> {
        final List<T> a;
        final ToDoubleBiFunction<? super T, ? super T> cmp;
        final List<int[]> runs = new ArrayList<>();
        int minGallop = MIN_GALLOP_WINS;

        State(List<T> a, ToDoubleBiFunction<? super T, ? super T> cmp) {
            this.a = a;
            this.cmp = cmp;
        }

        /** SortCompare: the comparator's result, with {@code NaN} read as {@code +0} (ECMA-262 §23.1.3.30.2). */
        double order(T x, T y) {
            double v = cmp.applyAsDouble(x, y);
            return Double.isNaN(v) ? 0 : v;
        }

        boolean less(T x, T y) {
            return order(x, y) < 0;
        }

        void run() {
            int remaining = a.size();
            int low = 0;
            int minRun = minRunLength(remaining);
            while (remaining != 0) {
                int len = countAndMakeRun(low, low + remaining);
                if (len < minRun) {
                    int forced = Math.min(minRun, remaining);
                    binaryInsertionSort(low, low + len, low + forced);
                    len = forced;
                }
                runs.add(new int[] {low, len});
                mergeCollapse();
                low += len;
                remaining -= len;
            }
            while (runs.size() > 1) {
                int n = runs.size() - 2;
                if (n > 0 && runs.get(n - 1)[1] < runs.get(n + 1)[1]) n--;
                mergeAt(n);
            }
        }

        static int minRunLength(int n) {
            int r = 0;
            while (n >= SMALL) {
                r |= n & 1;
                n >>= 1;
            }
            return n + r;
        }

        void binaryInsertionSort(int low, int startArg, int high) {
            for (int start = low == startArg ? startArg + 1 : startArg; start < high; start++) {
                int left = low;
                int right = start;
                T pivot = a.get(start);
                while (left < right) {
                    int mid = left + ((right - left) >> 1);
                    if (less(pivot, a.get(mid))) right = mid;
                    else left = mid + 1;
                }
                for (int p = start; p > left; p--) a.set(p, a.get(p - 1));
                a.set(left, pivot);
            }
        }

        int countAndMakeRun(int lowArg, int high) {
            int low = lowArg + 1;
            if (low == high) return 1;
            int runLength = 2;
            double order = order(a.get(low), a.get(low - 1));
            boolean descending = order < 0;
            T previous = a.get(low);
            for (int idx = low + 1; idx < high; idx++) {
                T current = a.get(idx);
                order = order(current, previous);
                if (descending ? order >= 0 : order < 0) break;
                previous = current;
                runLength++;
            }
            if (descending) {
                for (int lo = lowArg, hi = lowArg + runLength - 1; lo < hi; lo++, hi--) {
                    T t = a.get(lo);
                    a.set(lo, a.get(hi));
                    a.set(hi, t);
                }
            }
            return runLength;
        }

        int length(int i) {
            return runs.get(i)[1];
        }

        boolean invariant(int n) {
            if (n < 2) return true;
            return length(n - 2) > length(n - 1) + length(n);
        }

        void mergeCollapse() {
            while (runs.size() > 1) {
                int n = runs.size() - 2;
                if (!invariant(n + 1) || !invariant(n)) {
                    if (length(n - 1) < length(n + 1)) n--;
                    mergeAt(n);
                } else if (length(n) <= length(n + 1)) {
                    mergeAt(n);
                } else {
                    break;
                }
            }
        }

        void mergeAt(int i) {
            int baseA = runs.get(i)[0];
            int lengthA = runs.get(i)[1];
            int baseB = runs.get(i + 1)[0];
            int lengthB = runs.get(i + 1)[1];
            runs.get(i)[1] = lengthA + lengthB;
            runs.remove(i + 1);
            int k = gallopRight(a, a.get(baseB), baseA, lengthA, 0);
            baseA += k;
            lengthA -= k;
            if (lengthA == 0) return;
            lengthB = gallopLeft(a, a.get(baseA + lengthA - 1), baseB, lengthB, lengthB - 1);
            if (lengthB == 0) return;
            if (lengthA <= lengthB) mergeLow(baseA, lengthA, baseB, lengthB);
            else mergeHigh(baseA, lengthA, baseB, lengthB);
        }

        int gallopLeft(List<T> arr, T key, int base, int length, int hint) {
            int lastOfs = 0;
            int offset = 1;
            if (less(arr.get(base + hint), key)) {
                int maxOfs = length - hint;
                while (offset < maxOfs) {
                    if (!less(arr.get(base + hint + offset), key)) break;
                    lastOfs = offset;
                    offset = (offset << 1) + 1;
                    if (offset <= 0) offset = maxOfs;
                }
                if (offset > maxOfs) offset = maxOfs;
                lastOfs += hint;
                offset += hint;
            } else {
                int maxOfs = hint + 1;
                while (offset < maxOfs) {
                    if (less(arr.get(base + hint - offset), key)) break;
                    lastOfs = offset;
                    offset = (offset << 1) + 1;
                    if (offset <= 0) offset = maxOfs;
                }
                if (offset > maxOfs) offset = maxOfs;
                int tmp = lastOfs;
                lastOfs = hint - offset;
                offset = hint - tmp;
            }
            lastOfs++;
            while (lastOfs < offset) {
                int m = lastOfs + ((offset - lastOfs) >> 1);
                if (less(arr.get(base + m), key)) lastOfs = m + 1;
                else offset = m;
            }
            return offset;
        }

        int gallopRight(List<T> arr, T key, int base, int length, int hint) {
            int lastOfs = 0;
            int offset = 1;
            if (less(key, arr.get(base + hint))) {
                int maxOfs = hint + 1;
                while (offset < maxOfs) {
                    if (!less(key, arr.get(base + hint - offset))) break;
                    lastOfs = offset;
                    offset = (offset << 1) + 1;
                    if (offset <= 0) offset = maxOfs;
                }
                if (offset > maxOfs) offset = maxOfs;
                int tmp = lastOfs;
                lastOfs = hint - offset;
                offset = hint - tmp;
            } else {
                int maxOfs = length - hint;
                while (offset < maxOfs) {
                    if (less(key, arr.get(base + hint + offset))) break;
                    lastOfs = offset;
                    offset = (offset << 1) + 1;
                    if (offset <= 0) offset = maxOfs;
                }
                if (offset > maxOfs) offset = maxOfs;
                lastOfs += hint;
                offset += hint;
            }
            lastOfs++;
            while (lastOfs < offset) {
                int m = lastOfs + ((offset - lastOfs) >> 1);
                if (less(key, arr.get(base + m))) offset = m;
                else lastOfs = m + 1;
            }
            return offset;
        }

        void copy(List<T> src, int srcPos, List<T> dst, int dstPos, int length) {
            if (srcPos < dstPos && src == dst) {
                for (int s = srcPos + length - 1, d = dstPos + length - 1; s >= srcPos; s--, d--) dst.set(d, src.get(s));
            } else {
                for (int k = 0; k < length; k++) dst.set(dstPos + k, src.get(srcPos + k));
            }
        }

        void mergeLow(int baseA, int lengthAArg, int baseB, int lengthBArg) {
            int lengthA = lengthAArg;
            int lengthB = lengthBArg;
            List<T> temp = new ArrayList<>(a.subList(baseA, baseA + lengthA));
            int dest = baseA;
            int cursorTemp = 0;
            int cursorB = baseB;
            a.set(dest++, a.get(cursorB++));
            boolean copyB;
            outer:
            {
                if (--lengthB == 0) { copyB = false; break outer; }
                if (lengthA == 1) { copyB = true; break outer; }
                while (true) {
                    int winsA = 0;
                    int winsB = 0;
                    while (true) {
                        if (less(a.get(cursorB), temp.get(cursorTemp))) {
                            a.set(dest++, a.get(cursorB++));
                            winsB++;
                            lengthB--;
                            winsA = 0;
                            if (lengthB == 0) { copyB = false; break outer; }
                            if (winsB >= minGallop) break;
                        } else {
                            a.set(dest++, temp.get(cursorTemp++));
                            winsA++;
                            lengthA--;
                            winsB = 0;
                            if (lengthA == 1) { copyB = true; break outer; }
                            if (winsA >= minGallop) break;
                        }
                    }
                    minGallop++;
                    boolean first = true;
                    while (winsA >= MIN_GALLOP_WINS || winsB >= MIN_GALLOP_WINS || first) {
                        first = false;
                        minGallop = Math.max(1, minGallop - 1);
                        winsA = gallopRight(temp, a.get(cursorB), cursorTemp, lengthA, 0);
                        if (winsA > 0) {
                            copy(temp, cursorTemp, a, dest, winsA);
                            dest += winsA;
                            cursorTemp += winsA;
                            lengthA -= winsA;
                            if (lengthA == 1) { copyB = true; break outer; }
                            if (lengthA == 0) { copyB = false; break outer; }
                        }
                        a.set(dest++, a.get(cursorB++));
                        if (--lengthB == 0) { copyB = false; break outer; }
                        winsB = gallopLeft(a, temp.get(cursorTemp), cursorB, lengthB, 0);
                        if (winsB > 0) {
                            copy(a, cursorB, a, dest, winsB);
                            dest += winsB;
                            cursorB += winsB;
                            lengthB -= winsB;
                            if (lengthB == 0) { copyB = false; break outer; }
                        }
                        a.set(dest++, temp.get(cursorTemp++));
                        if (--lengthA == 1) { copyB = true; break outer; }
                    }
                    minGallop++;
                }
            }
            if (copyB) {
                copy(a, cursorB, a, dest, lengthB);
                a.set(dest + lengthB, temp.get(cursorTemp));
            } else if (lengthA > 0) {
                copy(temp, cursorTemp, a, dest, lengthA);
            }
        }

        void mergeHigh(int baseA, int lengthAArg, int baseB, int lengthBArg) {
            int lengthA = lengthAArg;
            int lengthB = lengthBArg;
            List<T> temp = new ArrayList<>(a.subList(baseB, baseB + lengthB));
            int dest = baseB + lengthB - 1;
            int cursorTemp = lengthB - 1;
            int cursorA = baseA + lengthA - 1;
            a.set(dest--, a.get(cursorA--));
            boolean copyA;
            outer:
            {
                if (--lengthA == 0) { copyA = false; break outer; }
                if (lengthB == 1) { copyA = true; break outer; }
                while (true) {
                    int winsA = 0;
                    int winsB = 0;
                    while (true) {
                        if (less(temp.get(cursorTemp), a.get(cursorA))) {
                            a.set(dest--, a.get(cursorA--));
                            winsA++;
                            lengthA--;
                            winsB = 0;
                            if (lengthA == 0) { copyA = false; break outer; }
                            if (winsA >= minGallop) break;
                        } else {
                            a.set(dest--, temp.get(cursorTemp--));
                            winsB++;
                            lengthB--;
                            winsA = 0;
                            if (lengthB == 1) { copyA = true; break outer; }
                            if (winsB >= minGallop) break;
                        }
                    }
                    minGallop++;
                    boolean first = true;
                    while (winsA >= MIN_GALLOP_WINS || winsB >= MIN_GALLOP_WINS || first) {
                        first = false;
                        minGallop = Math.max(1, minGallop - 1);
                        int k = gallopRight(a, temp.get(cursorTemp), baseA, lengthA, lengthA - 1);
                        winsA = lengthA - k;
                        if (winsA > 0) {
                            dest -= winsA;
                            cursorA -= winsA;
                            copy(a, cursorA + 1, a, dest + 1, winsA);
                            lengthA -= winsA;
                            if (lengthA == 0) { copyA = false; break outer; }
                        }
                        a.set(dest--, temp.get(cursorTemp--));
                        if (--lengthB == 1) { copyA = true; break outer; }
                        k = gallopLeft(temp, a.get(cursorA), 0, lengthB, lengthB - 1);
                        winsB = lengthB - k;
                        if (winsB > 0) {
                            dest -= winsB;
                            cursorTemp -= winsB;
                            copy(temp, cursorTemp + 1, a, dest + 1, winsB);
                            lengthB -= winsB;
                            if (lengthB == 1) { copyA = true; break outer; }
                            if (lengthB == 0) { copyA = false; break outer; }
                        }
                        a.set(dest--, a.get(cursorA--));
                        if (--lengthA == 0) { copyA = false; break outer; }
                    }
                    minGallop++;
                }
            }
            if (copyA) {
                dest -= lengthA;
                cursorA -= lengthA;
                copy(a, cursorA + 1, a, dest + 1, lengthA);
                a.set(dest, temp.get(cursorTemp));
            } else if (lengthB > 0) {
                copy(temp, 0, a, dest - (lengthB - 1), lengthB);
            }
        }
    }
}
