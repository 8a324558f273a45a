package io.dsh4j.attention.core;

import io.dsh4j.attention.core.CompactionPlan.Note;
import io.dsh4j.message.json.JsNumbers;
import java.util.ArrayList;
import java.util.List;

/**
 * The sentences that explain a {@link CompactionPlan} in one language (spec §4.7–4.8): advice
 * text, band text, the quality and band reasons, the final reason (the document's long argument)
 * and the note (the UI's one-line basis, no Markdown). Stateless and thread-safe.
 */
public final class PlanWording {

    private final Texts t;

    /** Wording in the given language. */
    public PlanWording(Texts texts) {
        this.t = texts;
    }

    /** The language of this wording. */
    public Texts texts() {
        return t;
    }

    /** The final advice text ({@code compactAdviceText}). */
    public String adviceText(CompactionPlan p) {
        return switch (p.advice()) {
            case CONTINUE -> p.dataMissing() ? t.get("advice.continueNoData") : t.get("advice.continue");
            case PREPARE -> t.get("advice.prepare");
            case COST_NOTE -> t.get("advice.costNote");
            case HANDOFF -> p.verdict().drivenBy() == DrivenBy.QUALITY ? t.get("advice.handoffQuality")
                    : t.get("advice.handoffCost");
            case COMPACT -> t.get("advice.compact");
        };
    }

    /** The band text of dimension B. */
    public String bandText(CompactionPlan p) {
        Thresholds th = p.thresholds();
        if (p.dataMissing()) return t.get("band.noData");
        return switch (p.compact().band()) {
            case CONTINUE -> t.get("band.continue", n(th.compactMildFrom()));
            case MILD -> t.get("band.mild", n(th.compactMildFrom()), n(th.compactRecommendFrom()));
            case RECOMMEND -> t.get("band.recommend", n(th.compactRecommendFrom()), n(th.compactUrgentFrom()));
            case URGENT -> p.compact().nearOfficial()
                    ? t.get("band.nearOfficial", n(th.officialCompactPercent() - th.officialLineMargin()))
                    : t.get("band.urgent", n(th.compactUrgentFrom()));
        };
    }

    /** Dimension A's basis line ({@code quality.basis}). */
    public String qualityBasis(CompactionPlan p) {
        return t.get("plan.qualityBasis", n(p.thresholds().effectiveWindowRatio()), groupedOr(p.window().effectiveWindow()));
    }

    /** Dimension B's basis line ({@code compact.basis}). */
    public String compactBasis(CompactionPlan p) {
        return t.get("plan.compactBasis", groupedOr(p.window().officialLine()), n(p.thresholds().effectiveWindowRatio()),
                groupedOr(p.window().effectiveWindow()));
    }

    /** The degradation signals as a list ({@code 守卫中止空转 2 次、思考打转 1 次}). */
    public String signalsText(CompactionPlan p) {
        CompactionPlan.Signals s = p.quality().signals();
        Thresholds th = p.thresholds();
        List<String> parts = new ArrayList<>();
        if (s.guardTripCount() > 0) parts.add(t.get("signal.guard", n(s.guardTripCount())));
        if (s.repeatWorst() >= th.qualityRepeatThreshold()) parts.add(t.get("signal.repeat", n(s.repeatWorst())));
        if (s.degradedReplies() >= th.qualityDegradedThreshold()) parts.add(t.get("signal.degraded", n(s.degradedReplies())));
        if (s.reasoningLoop() > 0) parts.add(t.get("signal.loop", n(s.reasoningLoop())));
        if (s.reasoningFlags() > 0) parts.add(t.get("signal.huge", n(s.reasoningFlags())));
        return String.join(t.get("list.sep"), parts);
    }

    /** Dimension A's reason ({@code quality.reason}). */
    public String qualityReason(CompactionPlan p) {
        Thresholds th = p.thresholds();
        Double eff = p.quality().effectivePercent();
        return switch (p.quality().route()) {
            case NO_DATA -> t.get("quality.noData");
            case IMMEDIATE -> t.get("quality.immediate", fixed(eff, 0), n(th.qualityImmediatePercent()), signalsText(p));
            case GUARD -> t.get("quality.guard", n(p.quality().signals().guardTripCount()),
                    eff == null ? t.get("common.unknown") : fixed(eff, 0) + "%");
            case HANDOFF -> t.get("quality.handoff", fixed(eff, 0), n(th.qualityHandoffPercent()), signalsText(p));
            case LARGE_BUT_CLEAN -> t.get("quality.largeClean", fixed(eff, 0), n(th.qualityHandoffPercent()));
            case SAFE_BUT_DEGRADED -> t.get("quality.safeDegraded", fixed(eff, 0), n(th.qualityHandoffPercent()),
                    signalsText(p));
            case HEALTHY -> t.get("quality.healthy", fixed(eff, 0), n(th.qualityHandoffPercent()));
        };
    }

    /** Dimension B's reason ({@code compact.reason}). */
    public String compactReason(CompactionPlan p) {
        Thresholds th = p.thresholds();
        String wp = pct(p.compact().windowPercent());
        return switch (p.compact().band()) {
            case CONTINUE -> t.get("compact.continue", wp, n(th.compactMildFrom()),
                    p.window().headroomToOfficial() == null ? "?" : JsNumbers.grouped(p.window().headroomToOfficial()));
            case MILD -> t.get("compact.mild", wp, n(th.compactMildFrom()), n(th.compactRecommendFrom()));
            case RECOMMEND -> t.get("compact.recommend", wp, n(th.compactRecommendFrom()), n(th.compactUrgentFrom()));
            case URGENT -> p.compact().nearOfficial() ? t.get("compact.nearOfficial", wp, n(th.officialCompactPercent()))
                    : t.get("compact.urgent", wp, n(th.compactUrgentFrom()));
        };
    }

    /** The final reason ({@code final.reason}, Markdown, for the document). */
    public String reason(CompactionPlan p) {
        Thresholds th = p.thresholds();
        CompactionPlan.Cost c = p.cost();
        String wp = pct(p.compact().windowPercent());
        Double windowPct = p.compact().windowPercent();
        return switch (p.verdict().route()) {
            case QUALITY_IMMEDIATE -> qualityReason(p);
            case QUALITY_HANDOFF -> t.get("reason.qualityHandoff", qualityReason(p));
            case REPEATED_SUMMARY -> t.get("reason.repeatedSummary", n(p.history().summaryCount()),
                    fixed(windowPct, 0), n(th.compactMildFrom()));
            case AFTER_COMPACTION_HIGH -> t.get("reason.afterCompaction", fixed(p.history().afterCompactionPercent(), 0),
                    n(th.handoffAfterWindowPercent()));
            case OFFICIAL -> t.get("reason.official", wp, n(th.officialCompactPercent()));
            case DEFER -> t.get("reason.defer", wp, deferWhere(p));
            case NO_ROOM_HANDOFF -> t.get("reason.noRoomHandoff", compactReason(p),
                    JsNumbers.grouped(p.plans().compact().compressibleNow()), yuan(c.totalContinue()),
                    yuan(c.totalFresh()), ledger(p));
            case NO_ROOM_CONTINUE -> t.get("reason.noRoomContinue", wp,
                    JsNumbers.grouped(p.plans().compact().compressibleNow()));
            case BAND_FRESH -> t.get("reason.bandFresh", compactReason(p), yuan(c.totalContinue()), yuan(c.totalCompact()),
                    yuan(c.totalFresh()), ledger(p));
            case BAND_COMPACT_CHEAPER -> t.get("reason.compactCheaper", wp, yuan(c.totalCompact()), yuan(c.totalContinue()),
                    n(c.horizon()));
            case BAND_CONTINUE -> c.hitRateKnown()
                    ? t.get("reason.bandContinue", compactReason(p), n(c.horizon()), yuan(c.totalCompact()),
                            yuan(c.totalContinue()))
                    : t.get("reason.bandContinueNoHitRate", compactReason(p));
            case COST_BROKEN_CACHE -> t.get("reason.brokenCache", compactReason(p), yuan(c.continuePerRound()), ledger(p),
                    hitRateText(p), JsNumbers.toFixed(c.hitRate() * 100, 1), JsNumbers.grouped(c.freshRoundTokens()));
            case COST_STOCK -> t.get("reason.stock", compactReason(p), yuan(c.continuePerRound()),
                    JsNumbers.grouped(p.window().usedTokens()), ledger(p), hitRateText(p),
                    JsNumbers.toFixed(c.hitRate() * 100, 1), JsNumbers.grouped(c.freshRoundTokens()));
            case DATA_MISSING -> t.get("reason.dataMissing");
            case PREPARE_DEGRADED -> t.get("reason.prepareDegraded", signalsText(p),
                    p.window().effectivePercent() == null ? t.get("reason.scopeUnknown")
                            : t.get("reason.scope", pct(p.window().effectivePercent()), n(th.qualityHandoffPercent())),
                    n(th.officialCompactPercent()));
            case STABLE -> t.get("reason.stable", wp, n(th.officialCompactPercent()));
            case IMMATURE -> t.get("reason.immature", wp, yuan(c.continuePerRound()), ledger(p), n(c.turnCount()),
                    n(th.matureSessionTurns()));
            case PREPARE_COST -> t.get("reason.prepareCost", wp, yuan(c.continuePerRound()), yuan(c.freshFirstTurn()),
                    yuan(c.freshPerRound()), c.freshBreakEvenRounds() == null ? t.get("reason.noBreakEven")
                            : BreakEven.of(c.freshBreakEvenRounds(), t).ledgerText(),
                    c.freshWinMarginRounds() == null ? "" : t.get("reason.marginLeft", n(c.horizon()),
                            JsNumbers.toFixed(c.freshWinMarginRounds(), 1)));
            case COST_NOTE -> t.get("reason.costNote", wp, yuan(c.continuePerRound()), yuan(c.freshFirstTurn()),
                    yuan(c.freshPerRound()), c.freshBreakEvenRounds() == null ? t.get("reason.freshNotCheaper")
                            : BreakEven.of(c.freshBreakEvenRounds(), t).ledgerText(),
                    yuan(c.savingYuan()), yuan(th.minSavingYuan()));
        };
    }

    /** The UI's one-line basis ({@code final.note}): no Markdown, no restated figures. */
    public String note(CompactionPlan p) {
        CompactionPlan.Verdict v = p.verdict();
        String main = v.note() == Note.NO_MANUAL_COMPACT && v.deferWhere() != null
                && v.deferWhere() != CompactionPlan.DeferWhere.ROUNDS_UNKNOWN
                ? t.get("note.noManualCompactWhere", deferWhere(p)) : noteText(v.note(), p);
        if (v.noteExtra() == Note.NONE) return main;
        String extra = noteText(v.noteExtra(), p);
        return main.isEmpty() ? extra : main + t.get("note.sep") + extra;
    }

    private String noteText(Note note, CompactionPlan p) {
        return switch (note) {
            case NONE -> "";
            case GUARD_TRIPPED -> t.get("note.guardTripped", n(p.quality().signals().guardTripCount()));
            case REPEATED_SUMMARY -> t.get("note.repeatedSummary", n(p.history().summaryCount()));
            case REPEATED_SUMMARY_BUT_CHEAPER -> t.get("note.repeatedSummaryButCheaper", n(p.history().summaryCount()));
            default -> t.get("note." + camel(note.name()));
        };
    }

    /** The price provenance label ({@code costPriceLabel}). */
    public String priceLabel(CompactionPlan p) {
        return p.cost().priceQuote().label(t);
    }

    /** The fresh-session ledger sentence ({@code fmtFreshLedger}). */
    public String ledger(CompactionPlan p) {
        CompactionPlan.Cost c = p.cost();
        String head = t.get("ledger.head", yuan(c.freshFirstTurn()), yuan(c.freshPerRound()));
        if (c.freshBreakEvenRounds() == null) return head + t.get("ledger.noBreakEven");
        double margin = c.freshWinMarginRounds();
        String marginText = margin >= 0 ? t.get("ledger.marginLeft", JsNumbers.toFixed(margin, 1))
                : t.get("ledger.marginShort", JsNumbers.toFixed(-margin, 1));
        return t.get("ledger.full", head, BreakEven.of(c.freshBreakEvenRounds(), t).ledgerText(), marginText,
                n(c.horizon()));
    }

    private String deferWhere(CompactionPlan p) {
        CompactionPlan.DeferWhere where = p.verdict().deferWhere();
        if (where == null) return "";
        Thresholds th = p.thresholds();
        return switch (where) {
            case ROUNDS_UNKNOWN -> t.get("defer.unknown", fixed(p.compact().windowPercent(), 1),
                    n(th.officialCompactPercent()));
            case SLOWER_THAN_LINE -> t.get("defer.slower", JsNumbers.grouped(p.compact().headroomRounds()),
                    n(Math.ceil(p.cost().breakEvenRounds())));
            case ROUNDS -> t.get("defer.rounds", JsNumbers.grouped(p.compact().headroomRounds()));
        };
    }

    private String hitRateText(CompactionPlan p) {
        return p.usage().tailBasis() ? t.get("hitRate.tail", Integer.toString(p.usage().windowSamples()))
                : t.get("hitRate.last");
    }

    /** {@code ¥} with 4 decimals below 0.01, else 3. */
    public static String yuan(double v) {
        return "¥" + (v < 0.01 ? JsNumbers.toFixed(v, 4) : JsNumbers.toFixed(v, 3));
    }

    private String pct(Double v) {
        return v == null ? t.get("common.unknown") : JsNumbers.toFixed(v, 1) + "%";
    }

    private static String fixed(Double v, int digits) {
        return v == null ? "null" : JsNumbers.toFixed(v, digits);
    }

    private String groupedOr(Double v) {
        return v == null ? "?" : JsNumbers.grouped(v);
    }

    private static String n(double v) {
        return JsNumbers.toJsString(v);
    }

    private static String camel(String constant) {
        StringBuilder out = new StringBuilder();
        boolean upper = false;
        for (char ch : constant.toLowerCase(java.util.Locale.ROOT).toCharArray()) {
            if (ch == '_') {
                upper = true;
            } else {
                out.append(upper ? Character.toUpperCase(ch) : ch);
                upper = false;
            }
        }
        return out.toString();
    }
}
