package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsNumbers;
import java.util.List;

/**
 * {@code buildHandoff} (spec §5.1): the rule-built handoff document — the one renderer used by the
 * command line, and later by the HTTP route and the plugin. It renders the head twice, so that plan C uses
 * the document's real size: the first pass assumes 6,000 tokens, the second
 * {@code max(500, round(length / 2))}. The first pass is always rendered with the {@code zh-CN}
 * texts, whose document strings have the original plugin's lengths, so that the advice equals the
 * original's and does not depend on the display language. It never calls a model. Stateless and thread-safe.
 */
public final class Handoff {

    /** The plugin version the document header names (the original package version). */
    public static final String PLUGIN_VERSION = "0.1.2";

    private Handoff() {}

    /** Folds the events and builds the document. */
    public static HandoffResult build(Iterable<? extends JsonNode> events, HandoffRequest request) {
        ColdFold fold = ColdFold.forDocument();
        int n = 0;
        for (JsonNode e : events) {
            fold.accept(e);
            n++;
        }
        HandoffRequest r = new HandoffRequest(request.header(), request.health(), request.options(), request.live(),
                request.generation(), request.now(), request.zone(), request.texts(), request.thresholds(),
                request.prices(), n);
        return build(fold.finish(), r);
    }

    /** Builds the document from facts folded with {@link ColdFold#forDocument()}. */
    public static HandoffResult build(SessionFacts x, HandoffRequest request) {
        HandoffRequest canonical = request.texts() == Texts.chinese() ? request : new HandoffRequest(request.header(),
                request.health(), request.options(), request.live(), request.generation(), request.now(), request.zone(),
                Texts.chinese(), request.thresholds(), request.prices(), request.eventCount());
        // the sections after the head do not depend on the pass: one language renders them once
        List<String> sections = HandoffRenderer.sections(x, canonical);
        HandoffRenderer.Rendered preview = HandoffRenderer.render(x, canonical, Thresholds.FIRST_PASS_DOC_TOKENS, sections);
        double docTokens = Math.max(Thresholds.MIN_DOC_TOKENS,
                JsNumbers.round(preview.markdown().length() / (double) Thresholds.HANDOFF_CHARS_PER_TOKEN));
        HandoffRenderer.Rendered doc = canonical == request
                ? HandoffRenderer.render(x, request, docTokens, sections)
                : HandoffRenderer.render(x, request, docTokens);
        HealthSnapshot h = request.health();
        HealthReport score = HealthScore.score(new HealthScore.Input(
                h != null && h.usedTokens() != null ? h.usedTokens() : x.usage().lastContextTokens(),
                h != null && h.contextWindow() != null ? h.contextWindow() : x.contextWindow(),
                h != null && h.repeatWorst() != null ? h.repeatWorst() : x.repeatWorst(),
                h != null && h.degradedReplies() != null ? h.degradedReplies() : x.degradedReplies(),
                h != null && h.reasoningLoop() != null ? h.reasoningLoop() : x.reasoningLoop(),
                h != null && h.reasoningFlags() != null ? h.reasoningFlags() : x.reasoningFlags(),
                h != null && h.reasoningWorstRepeat() != null ? h.reasoningWorstRepeat() : x.reasoningWorstRepeat(),
                h != null && h.summaryCount() != null ? h.summaryCount() : x.summaryCount()), request.thresholds());
        HandoffResult.Stats stats = new HandoffResult.Stats(request.eventCount(), x.userRequests().size(),
                x.turns().size(), x.files().size(), x.commandFiles().size(), x.errors().size(),
                DocumentViews.errorGroups(x, request.texts()).size(), x.decisions().size(), doc.markdown().length(),
                docTokens, x.broadFallback(), request.options().profile().key(), score.score(), score.level(),
                score.effectivePercent(), score.windowPercent(),
                h != null && h.usedTokens() != null ? h.usedTokens() : x.usage().lastContextTokens(), x.summaryCount(),
                x.degradedReplies(), x.reasoningLoop(), x.reasoningFlags());
        return new HandoffResult(doc.markdown(), stats, doc.plan());
    }

    /**
     * The plan of {@link #build(SessionFacts, HandoffRequest)} — the second pass's, the document's final
     * advice — without rendering the second pass: the first pass is rendered for its length only.
     * Equal to {@code build(x, request).plan()}; what {@code dsh4j health} needs of the document.
     */
    public static CompactionPlan plan(SessionFacts x, HandoffRequest request) {
        return HandoffRenderer.plan(x, request, secondPassTokens(x, request));
    }

    /**
     * The document size the second pass assumes: {@code max(500, round(length / 2))} of the first pass,
     * rendered with the {@code zh-CN} texts whatever the request's language.
     */
    private static double secondPassTokens(SessionFacts x, HandoffRequest request) {
        HandoffRequest canonical = request.texts() == Texts.chinese() ? request : new HandoffRequest(request.header(),
                request.health(), request.options(), request.live(), request.generation(), request.now(), request.zone(),
                Texts.chinese(), request.thresholds(), request.prices(), request.eventCount());
        int previewLength = HandoffRenderer.renderedLength(x, canonical, Thresholds.FIRST_PASS_DOC_TOKENS);
        return Math.max(Thresholds.MIN_DOC_TOKENS,
                JsNumbers.round(previewLength / (double) Thresholds.HANDOFF_CHARS_PER_TOKEN));
    }

    /**
     * {@code compactionInputOf(x, {health, avgRoundGrowth, handoffDocTokens})}: live health first,
     * then the folded facts.
     */
    public static PlanInput planInput(SessionFacts x, HealthSnapshot h, double growth, Double docTokens,
            java.time.Instant now) {
        PlanInput base = x.planInput(growth, docTokens, now);
        if (h == null) return base;
        PlanInput.Builder b = base.toBuilder();
        if (h.contextWindow() != null) b.window(h.contextWindow());
        if (h.usedTokens() != null) b.used(h.usedTokens());
        if (h.repeatWorst() != null) b.repeatWorst(h.repeatWorst());
        if (h.degradedReplies() != null) b.degradedReplies(h.degradedReplies());
        if (h.reasoningLoop() != null) b.reasoningLoop(h.reasoningLoop());
        if (h.reasoningFlags() != null) b.reasoningFlags(h.reasoningFlags());
        if (h.guardTripCount() != null) b.guardTripCount(h.guardTripCount());
        if (h.model() != null) b.model(h.model());
        return b.build();
    }
}
