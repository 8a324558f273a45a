package io.dsh4j.session;

/**
 * Token totals of a log under the token-meter rules (§3.7): uncached input, output, cache read,
 * cache write, and the reasoning part of the output (a subdivision of output, never added to it).
 */
public record TokenTotals(long input, long output, long cacheRead, long cacheWrite, long reasoning) {

    /** All zero. */
    public static final TokenTotals ZERO = new TokenTotals(0, 0, 0, 0, 0);

    /** Component-wise sum. */
    public TokenTotals plus(TokenTotals o) {
        return new TokenTotals(input + o.input, output + o.output, cacheRead + o.cacheRead, cacheWrite + o.cacheWrite,
                reasoning + o.reasoning);
    }

    /** Component-wise difference. */
    public TokenTotals minus(TokenTotals o) {
        return new TokenTotals(input - o.input, output - o.output, cacheRead - o.cacheRead, cacheWrite - o.cacheWrite,
                reasoning - o.reasoning);
    }
}
