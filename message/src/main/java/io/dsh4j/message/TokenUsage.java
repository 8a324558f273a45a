package io.dsh4j.message;

/**
 * Token counts of one model call, as DSH records them. Counts are disjoint: {@code inputTokens}
 * excludes cache hits (billed input = input + cacheRead + cacheWrite); {@code reasoningTokens} is
 * a subdivision of {@code outputTokens}, never to be added again. There is no total.
 *
 * @param inputTokens      uncached input tokens
 * @param outputTokens     output tokens (reasoning included)
 * @param cacheReadTokens  cache-hit input tokens, {@code null} when not reported
 * @param cacheWriteTokens cache-write input tokens, {@code null} when not reported
 * @param reasoningTokens  the reasoning part of the output, {@code null} when not reported
 */
public record TokenUsage(long inputTokens, long outputTokens, Long cacheReadTokens, Long cacheWriteTokens,
                         Long reasoningTokens) {

    /** Usage with only the two required counts. */
    public static TokenUsage of(long inputTokens, long outputTokens) {
        return new TokenUsage(inputTokens, outputTokens, null, null, null);
    }

    /** Cache-read tokens, 0 when not reported. */
    public long cacheReadOrZero() {
        return cacheReadTokens == null ? 0 : cacheReadTokens;
    }

    /** Cache-write tokens, 0 when not reported. */
    public long cacheWriteOrZero() {
        return cacheWriteTokens == null ? 0 : cacheWriteTokens;
    }

    /** Reasoning tokens, 0 when not reported. */
    public long reasoningOrZero() {
        return reasoningTokens == null ? 0 : reasoningTokens;
    }
}
