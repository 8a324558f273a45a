package io.dsh4j.deliberation.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every projection case of {@code oracle/deliberation/expected.json} (spec §3.4–§3.6, §13 items 29–36):
 * seed length, snapshot (the note line replaced by {@code <NOTE>}), counters and error codes with
 * their details. Seqs are as the session library reads the log (packed chunk rows expanded, legacy
 * shapes upgraded), the surface is the append-op surface, or the folded one for the replace-op logs.
 */
class OracleProjectionTest {

    static final JsonNode ORACLE = load();
    static final MidForkProjector PROJECTOR = MidForkProjector.english();
    static final Texts EN = Texts.english();

    static JsonNode load() {
        try {
            return new ObjectMapper().readTree(Corpus.oracle().resolve("deliberation/expected.json").toFile());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    enum Variant { PLAIN, TURN_STOPPING, LEGACY, FOLDED }

    @TestFactory
    Stream<DynamicTest> every_corpus_log_projects_as_the_original_for_every_window_and_mask() {
        return cases("projection", Variant.PLAIN);
    }

    @TestFactory
    Stream<DynamicTest> every_corpus_log_cut_before_its_last_turn_end_projects_as_the_original_at_the_stopping_checkpoint() {
        return cases("projectionTurnStopping", Variant.TURN_STOPPING);
    }

    @TestFactory
    Stream<DynamicTest> upgraded_legacy_logs_project_as_the_original_after_its_upgrade() {
        return cases("projectionLegacyImport", Variant.LEGACY);
    }

    @TestFactory
    Stream<DynamicTest> logs_with_replace_ops_project_over_the_folded_surface() {
        return cases("projectionSurfaceFolded", Variant.FOLDED);
    }

    @Test
    void the_oracle_covers_every_window_and_mask_on_all_corpus_logs() {
        JsonNode all = ORACLE.get("projection");
        assertThat(all.size()).isEqualTo(1330);
        Set<String> windows = new java.util.TreeSet<>();
        for (JsonNode c : all) windows.add(c.get("window").asText() + ":" + c.get("K").asText() + ":" + c.get("mask").asText());
        assertThat(windows).hasSize(10);
    }

    @Test
    void the_original_note_line_has_one_length_per_mask_so_snapshot_chars_compare_exactly() {
        assertThat(originalNoteLength(Mask.REASONING_ONLY)).isPositive();
        assertThat(originalNoteLength(Mask.ACTION_ONLY)).isPositive();
    }

    private static final Map<Mask, Integer> NOTE_LENGTHS = new HashMap<>();

    /** The original note's length, derived from the oracle and checked to be the same in every ok case. */
    static synchronized int originalNoteLength(Mask mask) {
        return NOTE_LENGTHS.computeIfAbsent(mask, m -> {
            Set<Integer> lengths = new java.util.HashSet<>();
            for (String section : List.of("projection", "projectionTurnStopping", "projectionLegacyImport", "projectionSurfaceFolded")) {
                for (JsonNode c : ORACLE.get(section)) {
                    if (!c.get("ok").asBoolean() || !c.get("mask").asText().equals(m.label())) continue;
                    lengths.add(c.get("snapshotChars").asInt() - c.get("snapshot").asText().length() + "<NOTE>".length());
                }
            }
            assertThat(lengths).as("original note lengths under %s", m).hasSize(1);
            return lengths.iterator().next();
        });
    }

    private Stream<DynamicTest> cases(String section, Variant variant) {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : ORACLE.get(section)) {
            String name = c.get("path").asText().replace("corpus/dsh/", "") + " " + c.get("window").asText()
                    + (c.get("K").isNull() ? "" : "(" + c.get("K").asInt() + ")") + " " + c.get("mask").asText();
            tests.add(DynamicTest.dynamicTest(name, () -> check(c, variant)));
        }
        return tests.stream();
    }

    static void check(JsonNode c, Variant variant) {
        List<SessionEvent> events = ParentLogs.events(c.get("path").asText());
        if (variant == Variant.TURN_STOPPING) events = events.subList(0, c.get("truncatedBeforeSeq").asInt());
        Set<Long> surface = variant == Variant.FOLDED ? ParentLogs.foldedSurface(events) : ParentLogs.appendSurface(events);
        assertThat(events).as("event count").hasSize(c.get("eventCount").asInt());
        assertThat(surface).as("surface nodes").hasSize(c.get("surfaceNodeCount").asInt());
        Window window = c.get("K").isNull() ? new Window.CurrentTurn() : new Window.RecentSteps(c.get("K").asInt());
        Mask mask = Mask.of(c.get("mask").asText()).orElseThrow();
        JsonNode expected = c;
        if (!c.get("ok").asBoolean() && c.get("errorCode").asText().equals("UNEXPECTED_EXCEPTION")) {
            // The original crashed on a pre-identity legacy message; the session library upgrades it on
            // read, so the projection is the one the original gives on the upgraded log.
            expected = upgradedCase(c, variant);
            if (expected == null) {
                MidForkProjection p = PROJECTOR.project(events, surface, window, mask, ProjectionLimits.DEFAULTS);
                assertThat(p.projectedSteps()).isPositive();
                return;
            }
        }
        if (expected.get("ok").asBoolean()) {
            MidForkProjection p = PROJECTOR.project(events, surface, window, mask, ProjectionLimits.DEFAULTS);
            assertThat(withNotePlaceholder(p.snapshot(), mask)).isEqualTo(expected.get("snapshot").asText());
            assertThat(p.seedLength()).as("seedLength").isEqualTo(expected.get("seedLength").asInt());
            assertThat(p.projectedTurns()).as("projectedTurns").isEqualTo(expected.get("projectedTurns").asInt());
            assertThat(p.projectedSteps()).as("projectedSteps").isEqualTo(expected.get("projectedSteps").asInt());
            assertThat(p.omittedReasoningBlocks()).as("omittedReasoningBlocks").isEqualTo(expected.get("omittedReasoningBlocks").asInt());
            assertThat(p.projectedAssistantMessages()).as("projectedAssistantMessages")
                    .isEqualTo(expected.get("projectedAssistantMessages").asInt());
            assertThat(p.omittedAssistantVisibleMessages()).as("omittedAssistantVisibleMessages")
                    .isEqualTo(expected.get("omittedAssistantVisibleMessages").asInt());
            assertThat(p.snapshotChars() - noteLength(mask) + originalNoteLength(mask)).as("snapshotChars")
                    .isEqualTo(expected.get("snapshotChars").asInt());
            assertThat(p.projectedImages()).as("projectedImages").isEqualTo(expected.get("projectedImages").asInt());
            assertThat(p.projectedImageBytes()).as("projectedImageBytes").isEqualTo(expected.get("projectedImageBytes").asLong());
            assertThat(MidForkProjector.debugString(p.snapshotContent())).isEqualTo(p.snapshot());
        } else {
            MidForkProjectionException e = catchThrowableOfType(MidForkProjectionException.class,
                    () -> PROJECTOR.project(List.copyOf(ParentLogs.events(c.get("path").asText())).subList(0,
                            c.get("eventCount").asInt()), surface, window, mask, ProjectionLimits.DEFAULTS));
            assertThat(e).as("a refusal").isNotNull();
            assertThat(e.code().name()).isEqualTo(expected.get("errorCode").asText());
            assertThat(e.details()).isEqualTo(expected.get("errorDetails"));
        }
    }

    /** The legacy-import case of the same log, window and mask (for the plain variant), or null. */
    static JsonNode upgradedCase(JsonNode c, Variant variant) {
        if (variant != Variant.PLAIN) return null;
        for (JsonNode l : ORACLE.get("projectionLegacyImport")) {
            if (l.get("path").equals(c.get("path")) && l.get("window").equals(c.get("window")) && l.get("K").equals(c.get("K"))
                    && l.get("mask").equals(c.get("mask"))) {
                return l;
            }
        }
        throw new AssertionError("no legacy-import case for " + c);
    }

    static int noteLength(Mask mask) {
        return note(mask).length();
    }

    static String note(Mask mask) {
        return EN.format(mask == Mask.REASONING_ONLY ? "snapshot.note.reasoningOnly" : "snapshot.note.actionOnly");
    }

    static String withNotePlaceholder(String snapshot, Mask mask) {
        int start = snapshot.indexOf(">\n") + 2;
        String n = note(mask);
        assertThat(snapshot.substring(start)).startsWith(n + "\n");
        return snapshot.substring(0, start) + "<NOTE>" + snapshot.substring(start + n.length());
    }

    static Map<String, Long> countBy(JsonNode section) {
        List<JsonNode> list = new ArrayList<>();
        section.forEach(list::add);
        return list.stream().collect(Collectors.groupingBy(c -> c.get("ok").asText(), Collectors.counting()));
    }
}
