package io.dsh4j.attention.core;

import java.util.List;

/**
 * The result of {@link HealthScore#score} (spec §4.4).
 *
 * @param score            0–100, after rounding, flooring at 0 and capping
 * @param level            the level of {@code score}
 * @param findings         the explanations, in order
 * @param windowPercent    used ÷ declared window × 100 (not capped), or {@code null} when unknown
 * @param effectiveWindow  round(declared × ratio), or {@code null}
 * @param effectivePercent used ÷ effective window × 100, capped at 100, or {@code null}
 * @param cap              the lossy-summary cap that applies, or {@code null}
 * @param capped           whether the cap lowered the score
 * @param summaryCount     the model summaries taken into account
 */
public record HealthReport(int score, Level level, List<Finding> findings, Double windowPercent,
        Double effectiveWindow, Double effectivePercent, Integer cap, boolean capped, double summaryCount) {

    public HealthReport {
        findings = List.copyOf(findings);
    }

    /** The findings as sentences in the given language. */
    public List<String> findingTexts(Texts texts) {
        return findings.stream().map(f -> f.text(texts)).toList();
    }
}
