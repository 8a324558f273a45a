package io.dsh4j.beliefmerge.bench;

/**
 * The public-domain mulberry32 generator, bit-exact with the JavaScript original (32-bit wrapping
 * arithmetic, {@code Math.imul}, unsigned shifts), so that a seed reproduces the original's scenarios.
 *
 * <p>Not thread-safe: one instance per scenario.
 */
public final class Mulberry32 {

    private int a;

    /** A generator seeded with the low 32 bits of {@code seed}. */
    public Mulberry32(long seed) {
        this.a = (int) seed;
    }

    /** The next number in [0, 1). */
    public double next() {
        a += 0x6D2B79F5;
        int t = (a ^ (a >>> 15)) * (a | 1);
        t = (t + ((t ^ (t >>> 7)) * (t | 61))) ^ t;
        return Integer.toUnsignedLong(t ^ (t >>> 14)) / 4294967296.0;
    }

    /** {@code floor(next() × bound)}. */
    public int nextIndex(int bound) {
        return (int) Math.floor(next() * bound);
    }
}
