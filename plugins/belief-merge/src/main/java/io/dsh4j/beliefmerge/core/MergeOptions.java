package io.dsh4j.beliefmerge.core;

import java.util.Locale;
import java.util.Objects;

/**
 * Options of {@link BeliefMerge#mergeSurfacesAligned} — the engine part of the plugin configuration
 * (spec §1.4), with its defaults in {@link #defaults()}.
 *
 * @param score             evidence aggregation ({@code egalitarian})
 * @param keyStrategy       heuristic keys ({@code exact})
 * @param includeReasoning  read reasoning blocks (true)
 * @param includeInjected   read plugin-injected messages (false)
 * @param alignment         alignment options (6000 chars per branch, 40 slots, 4000 tokens)
 * @param adjudicate        ask the adjudicator about ties (true)
 * @param adjudication      adjudication options (symmetry check on, 2000 tokens, 12 conflicts)
 * @param locale            language of warnings and rationales (English)
 */
public record MergeOptions(Score score, Keys.Strategy keyStrategy, boolean includeReasoning, boolean includeInjected,
                           Alignment.Options alignment, boolean adjudicate, Adjudication.Options adjudication,
                           Locale locale) {

    public MergeOptions {
        Objects.requireNonNull(score, "score");
        Objects.requireNonNull(keyStrategy, "keyStrategy");
        Objects.requireNonNull(alignment, "alignment");
        Objects.requireNonNull(adjudication, "adjudication");
        Objects.requireNonNull(locale, "locale");
    }

    /** The defaults of spec §1.4. */
    public static MergeOptions defaults() {
        return new MergeOptions(Score.EGALITARIAN, Keys.Strategy.EXACT, true, false, Alignment.Options.defaults(), true,
                Adjudication.Options.defaults(), Locale.ROOT);
    }

    public MergeOptions withScore(Score s) {
        return new MergeOptions(s, keyStrategy, includeReasoning, includeInjected, alignment, adjudicate, adjudication, locale);
    }

    public MergeOptions withIncludeReasoning(boolean b) {
        return new MergeOptions(score, keyStrategy, b, includeInjected, new Alignment.Options(b, alignment.includeInjected(),
                alignment.maxCharsPerBranch(), alignment.maxSlots(), alignment.maxTokens()), adjudicate, adjudication, locale);
    }

    public MergeOptions withIncludeInjected(boolean b) {
        return new MergeOptions(score, keyStrategy, includeReasoning, b, new Alignment.Options(alignment.includeReasoning(), b,
                alignment.maxCharsPerBranch(), alignment.maxSlots(), alignment.maxTokens()), adjudicate, adjudication, locale);
    }

    public MergeOptions withAlignment(Alignment.Options a) {
        return new MergeOptions(score, keyStrategy, includeReasoning, includeInjected, a, adjudicate, adjudication, locale);
    }

    public MergeOptions withAdjudicate(boolean b) {
        return new MergeOptions(score, keyStrategy, includeReasoning, includeInjected, alignment, b, adjudication, locale);
    }

    public MergeOptions withAdjudication(Adjudication.Options a) {
        return new MergeOptions(score, keyStrategy, includeReasoning, includeInjected, alignment, adjudicate, a, locale);
    }

    public MergeOptions withKeyStrategy(Keys.Strategy k) {
        return new MergeOptions(score, k, includeReasoning, includeInjected, alignment, adjudicate, adjudication, locale);
    }

    /** The heuristic extractor's options derived from these. */
    public HeuristicExtractor.Options extraction() {
        return new HeuristicExtractor.Options(keyStrategy, includeReasoning, includeInjected);
    }
}
