package io.dsh4j.attention.core;

import java.util.List;

/**
 * The reasoning scan of one assistant message (spec §4.2 {@code scanReasoning}).
 *
 * @param reasons         the ordered union of every reasoning block's reasons, then
 *                        {@link DegradeReason#THINK_BUDGET} when the message burned the budget
 * @param worstRepeat     the highest total occurrence count of any trimmed line in any block
 * @param maxChars        the longest reasoning block, in UTF-16 units
 * @param reasoningTokens {@code usage.reasoningTokens} when a positive number, else 0
 */
public record ReasoningScan(List<DegradeReason> reasons, int worstRepeat, int maxChars, double reasoningTokens) {

    public ReasoningScan {
        reasons = List.copyOf(reasons);
    }

    /** Whether any criterion fired. */
    public boolean flagged() {
        return !reasons.isEmpty();
    }

    /** Whether the message counts as a reasoning loop (spec §4.3). */
    public boolean isLoop() {
        return reasons.contains(DegradeReason.THINK_LOOP);
    }

    /** Whether the message counts as huge reasoning: {@code thinkHuge} without {@code thinkLoop}. */
    public boolean isHugeOnly() {
        return !isLoop() && reasons.contains(DegradeReason.THINK_HUGE);
    }
}
