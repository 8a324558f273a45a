package io.dsh4j.beliefmerge.core;

import static io.dsh4j.beliefmerge.core.Fixtures.assistant;
import static io.dsh4j.beliefmerge.core.Fixtures.injected;
import static io.dsh4j.beliefmerge.core.Fixtures.reasoning;
import static io.dsh4j.beliefmerge.core.Fixtures.surface;
import static io.dsh4j.beliefmerge.core.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec §5 heuristic extraction and §2.2 surfaces (checklist items 8–10, 16; tests §10.1 9–12, §10.8). */
class ExtractionTest {

    private static List<Claim> claims(String source, SourceMessage... messages) {
        return HeuristicExtractor.extract(List.of(messages), source, HeuristicExtractor.Options.defaults()).claims();
    }

    @Test
    void evidence_is_user_4_tool_3_assistant_2_reasoning_1_injected_1() {
        List<Claim> c = new java.util.ArrayList<>(claims("s", user("The sky is blue."), SourceMessage.text("tool", "Disk is full.", "tool"),
                assistant("The build passed."), reasoning("Maybe it rains."), SourceMessage.text(null, "Roleless text.", null)));
        c.addAll(HeuristicExtractor.extract(List.of(injected("Sandbox is on."), SourceMessage.reasoning("user", "Injected thought.", "plugin")),
                "s", new HeuristicExtractor.Options(Keys.Strategy.EXACT, true, true)).claims());
        assertThat(c).extracting(Claim::evidence).containsExactly(4, 3, 2, 1, 2, 1, 1);
    }

    @Test
    void injected_messages_are_skipped_unless_included() {
        assertThat(claims("s", injected("The sandbox denies network."), user("We use PostgreSQL."))).extracting(Claim::text)
                .containsExactly("We use PostgreSQL.");
    }

    @Test
    void regression_injected_text_never_outranks_the_user() {
        HeuristicExtractor.Options with = new HeuristicExtractor.Options(Keys.Strategy.EXACT, true, true);
        List<Claim> c = HeuristicExtractor.extract(List.of(injected("We use PostgreSQL."), user("We use PostgreSQL.")), "s", with).claims();
        assertThat(c).extracting(Claim::evidence).containsExactly(1, 4);
    }

    @Test
    void the_heuristic_cannot_align_competing_values() {
        List<Slot> slots = BeliefMerge.mergeSurfaces(List.of(
                surface("branch-a", Trust.EXTERNAL, user("We switched the database to PostgreSQL.")),
                surface("branch-b", Trust.EXTERNAL, reasoning("The database is probably MySQL."))), MergeOptions.defaults());
        assertThat(slots).hasSize(2);
        assertThat(slots).extracting(Slot::key).anyMatch(k -> k.contains("postgresql")).anyMatch(k -> k.contains("mysql"));
        Slot pg = slots.stream().filter(s -> s.key().contains("postgresql")).findFirst().orElseThrow();
        assertThat(pg.decision()).isEqualTo(new Decision.Resolved("assert"));
    }

    @Test
    void a_sentence_and_its_negation_land_in_one_slot_as_assert_and_refute() {
        List<Claim> c = claims("s", user("The migration is finished."), assistant("The migration is not finished."));
        assertThat(c).hasSize(2);
        assertThat(c.get(0).key()).isEqualTo(c.get(1).key()).isEqualTo("the migration is finished");
        assertThat(c).extracting(Claim::value).containsExactly("assert", "refute");
        assertThat(c.get(1).text()).isEqualTo("The migration is not finished.");
    }

    @Test
    void same_key_contradiction_resolves_by_evidence_and_keeps_both_items() {
        List<Slot> slots = BeliefMerge.mergeSurfaces(List.of(
                surface("branch-a", Trust.EXTERNAL, user("The cache is enabled.")),
                surface("branch-b", Trust.EXTERNAL, reasoning("The cache is not enabled."))), MergeOptions.defaults());
        assertThat(slots).hasSize(1);
        assertThat(slots.getFirst().decision()).isEqualTo(new Decision.Resolved("assert"));
        assertThat(slots.getFirst().state().size()).isEqualTo(2);
    }

    @Test
    void negation_words_match_only_as_whole_ascii_words_and_chinese_negators_anywhere() {
        assertThat(claims("s", user("Nothing works. I know it. It is not. Can't stop. NEVER again. 这不是问题。"))).extracting(Claim::value)
                .containsExactly("assert", "assert", "refute", "refute", "refute", "refute");
        assertThat(claims("s", user("I don\u2019t know.")).getFirst().value()).as("curly apostrophe is not matched").isEqualTo("assert");
        assertThat(claims("s", user("这不是问题。")).getFirst().key()).isEqualTo("这 是问题");
        assertThat(claims("s", user("do not run it without permission.")).getFirst().key())
                .as("only the first English negation is removed").isEqualTo("do run it without permission");
    }

    @Test
    void sentences_split_after_every_terminator_including_cjk_and_semicolons() {
        assertThat(HeuristicExtractor.splitSentences("One. Two! Three? 四。五！六？七；eight; nine 1.5"))
                .containsExactly("One.", "Two!", "Three?", "四。", "五！", "六？", "七；", "eight;", "nine 1.", "5");
        assertThat(HeuristicExtractor.splitSentences("  ...  ")).containsExactly(".", ".", ".");
        assertThat(HeuristicExtractor.splitSentences("\u00a0tail\u3000")).containsExactly("tail");
    }

    @Test
    void keys_lower_case_blank_markup_and_symbols_and_collapse_white_space() {
        assertThat(Keys.normalize("  `Code` **Bold** _x_ #h > [a](b)  café\u00a0№5 ½ — end!  ", Keys.Strategy.EXACT))
                .isEqualTo("code bold x h a b café 5 ½ end");
        assertThat(Keys.normalize("the cat sat on a mat", Keys.Strategy.BAG)).isEqualTo("cat mat on sat the");
        assertThat(Keys.normalize("?!", Keys.Strategy.EXACT)).isEmpty();
    }

    @Test
    void claims_with_empty_keys_are_dropped() {
        assertThat(claims("s", user("... !!! ???"))).isEmpty();
    }

    @Test
    void reasoning_can_be_excluded_everywhere() {
        HeuristicExtractor.Options noReasoning = new HeuristicExtractor.Options(Keys.Strategy.EXACT, false, false);
        assertThat(HeuristicExtractor.extract(List.of(reasoning("The database is probably MySQL.")), "s", noReasoning).claims()).isEmpty();
        assertThat(claims("s", reasoning("The database is probably MySQL."))).hasSize(1);
        Surfaces.Flattened f = Surfaces.flatten(List.of(reasoning("The database is probably MySQL.")), false, false, 6000);
        assertThat(f.text()).doesNotContain("probably MySQL");
    }

    @Test
    void a_source_id_is_required() {
        assertThatThrownBy(() -> HeuristicExtractor.extract(List.of(), null, HeuristicExtractor.Options.defaults()))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("sourceId");
    }

    @Test
    void text_blocks_read_text_and_reasoning_only_default_the_type_to_text_and_skip_blank_ones() {
        SourceMessage m = new SourceMessage("assistant", java.util.Arrays.asList(
                new SourceMessage.Block(null, "  untyped  "), new SourceMessage.Block("tool-call", "ignored"),
                new SourceMessage.Block("text", "   "), new SourceMessage.Block("reasoning", "thinking"),
                new SourceMessage.Block("text", null)), "model");
        assertThat(Surfaces.textBlocks(m)).extracting(Surfaces.TextBlock::type, Surfaces.TextBlock::text)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("text", "untyped"),
                        org.assertj.core.groups.Tuple.tuple("reasoning", "thinking"));
    }

    @Test
    void blocks_are_classified_injected_reasoning_user_tool_or_assistant() {
        assertThat(injected("x").isInjected()).isTrue();
        assertThat(user("x").isInjected()).isFalse();
        assertThat(Surfaces.classifyBlock("user", "text", injected("x"))).isEqualTo("injected");
        assertThat(Surfaces.classifyBlock("assistant", "reasoning", reasoning("x"))).isEqualTo("reasoning");
        assertThat(Surfaces.classifyBlock("user", "text", user("x"))).isEqualTo("user");
        assertThat(Surfaces.classifyBlock("tool", "text", SourceMessage.text("tool", "x", "tool"))).isEqualTo("tool");
        assertThat(Surfaces.classifyBlock("assistant", "text", assistant("x"))).isEqualTo("assistant");
    }

    @Test
    void flatten_excludes_injected_by_default_and_can_include_it() {
        List<SourceMessage> ms = List.of(injected("Sandbox policy: no network."), user("We use PostgreSQL."));
        Surfaces.Flattened off = Surfaces.flatten(ms, true, false, 6000);
        assertThat(off.skippedInjected()).isEqualTo(1);
        assertThat(off.text()).isEqualTo("[user] We use PostgreSQL.");
        Surfaces.Flattened on = Surfaces.flatten(ms, true, true, 6000);
        assertThat(on.skippedInjected()).isZero();
        assertThat(on.text()).isEqualTo("[injected] Sandbox policy: no network.\n[user] We use PostgreSQL.");
    }

    @Test
    void flatten_keeps_the_recent_tail_when_truncating() {
        Surfaces.Flattened f = Surfaces.flatten(List.of(user("OLD ".repeat(500)), user("THE RECENT FACT")), true, false, 120);
        assertThat(f.truncated()).isTrue();
        assertThat(f.text()).startsWith(Surfaces.TRUNCATION_MARKER + "\n").endsWith("[user] THE RECENT FACT");
        assertThat(f.text().length()).isEqualTo(Surfaces.TRUNCATION_MARKER.length() + 1 + 120);
    }
}
