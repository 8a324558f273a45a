package io.dsh4j.attention.core;

import io.dsh4j.message.json.JsNumbers;

/**
 * {@code formatBreakEven} (spec §4.7): the one display of a handoff break-even, shared by the plan's
 * reasons and the document. {@code ≤ 0} is "pays off on the first turn", {@code < 0.1} is "within
 * the first turn" (never {@code 0.0 turns}), otherwise one decimal.
 *
 * @param shortText  for "≈ X" phrases ({@code 首轮即摊平}, {@code 首轮内}, {@code 1.8 轮})
 * @param ledgerText for whole sentences ({@code 首轮即摊平}, {@code 首轮内即摊平}, {@code 约 1.8 轮摊平})
 */
public record BreakEven(String shortText, String ledgerText) {

    /** The display of a break-even, or {@code null} when it is not a finite number. */
    public static BreakEven of(Double be, Texts t) {
        if (be == null || !JsNumbers.finite(be)) return null;
        if (be <= 0) return new BreakEven(t.get("be.firstShort"), t.get("be.firstLedger"));
        if (be < 0.1) return new BreakEven(t.get("be.withinShort"), t.get("be.withinLedger"));
        String n = JsNumbers.toFixed(be, 1);
        return new BreakEven(t.get("be.short", n), t.get("be.ledger", n));
    }
}
