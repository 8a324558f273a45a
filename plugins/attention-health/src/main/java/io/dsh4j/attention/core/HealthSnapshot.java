package io.dsh4j.attention.core;

import java.util.List;

/**
 * A live health state handed to the document (the route's projection subset, spec §1.6 step 9).
 * Every field is nullable: a missing value falls back to the folded facts, as the original's
 * {@code health?.x ?? fold.x} did.
 *
 * @param findings the findings already rendered in the document's language
 */
public record HealthSnapshot(Integer score, Level level, Double usedTokens, Double contextWindow,
        Double effectivePercent, Double windowPercent, Double repeatWorst, Double degradedReplies,
        List<SessionFacts.ReasonCount> replyReasons, Double reasoningLoop, Double reasoningFlags,
        Double reasoningWorstRepeat, List<SessionFacts.ReasonCount> reasoningReasons, List<String> findings,
        Double summaryCount, Double guardTripCount, String model, Double reasoningWorstTokens) {}
