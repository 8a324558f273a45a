package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.HostileLogs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17: {@link Handoff#build(SessionFacts, HandoffRequest)} renders the sections after the head once
 * per language and shares them between its two passes; the document, the plan and the size it reports
 * are those of the two whole renders it replaces (first pass in zh-CN at 6,000 tokens, second at the
 * first's size), for every corpus log, every profile and both languages, and for a long one-message log.
 */
class HandoffRenderOnceTest {

    private static final Instant NOW = Instant.parse("2026-09-19T02:00:00Z");

    /** The two whole renders, as {@code Handoff.build} did them before it shared the sections. */
    private static HandoffRenderer.Rendered twoWholeRenders(SessionFacts x, HandoffRequest req) {
        HandoffRequest canonical = new HandoffRequest(req.header(), req.health(), req.options(), req.live(), req.generation(),
                req.now(), req.zone(), Texts.chinese(), req.thresholds(), req.prices(), req.eventCount());
        HandoffRenderer.Rendered preview = HandoffRenderer.render(x, canonical, Thresholds.FIRST_PASS_DOC_TOKENS);
        double docTokens = Math.max(Thresholds.MIN_DOC_TOKENS, Math.round(preview.markdown().length() / 2.0));
        return HandoffRenderer.render(x, req, docTokens);
    }

    private static void assertSameAsTwoWholeRenders(RawLogs.Log log, String name) {
        SessionFacts x = ColdFold.fold(log.events());
        for (HandoffOptions.Profile profile : HandoffOptions.Profile.values()) {
            for (Texts texts : List.of(Texts.chinese(), Texts.english())) {
                HandoffRequest req = new HandoffRequest(log.header(), null, HandoffOptions.DEFAULTS.withProfile(profile), false,
                        "v3", NOW, ZoneOffset.UTC, texts, null, null, log.events().size());
                HandoffRenderer.Rendered reference = twoWholeRenders(x, req);
                HandoffResult built = Handoff.build(x, req);
                assertThat(built.markdown()).as(name + " " + profile + " " + texts).isEqualTo(reference.markdown());
                assertThat(built.plan()).as(name + " " + profile + " " + texts).isEqualTo(reference.plan());
                assertThat(built.stats().chars()).isEqualTo(reference.markdown().length());
            }
        }
    }

    @Test
    void every_corpus_log_gets_the_document_of_two_whole_renders_in_every_profile_and_language() {
        for (Path file : Corpus.rawLogs()) assertSameAsTwoWholeRenders(RawLogs.read(file), Corpus.nameOf(file));
    }

    @Test
    void a_long_one_message_log_gets_the_document_of_two_whole_renders(@TempDir Path dir) throws Exception {
        Path file = HostileLogs.longMessage(dir.resolve("long.jsonl"), 200_000, 4);
        assertThat(Files.size(file)).isGreaterThan(200_000);
        assertSameAsTwoWholeRenders(RawLogs.read(file), "long message");
    }
}
