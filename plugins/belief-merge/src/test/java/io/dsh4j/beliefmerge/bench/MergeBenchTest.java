package io.dsh4j.beliefmerge.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.beliefmerge.core.BeliefMerge;
import io.dsh4j.beliefmerge.core.MergeOptions;
import io.dsh4j.beliefmerge.core.Renderer;
import io.dsh4j.beliefmerge.core.Slot;
import io.dsh4j.beliefmerge.core.Surface;
import io.dsh4j.testkit.Corpus;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** MergeBench (spec §11; checklist items 55–57; meta-tests §10.11) against the original's outputs. */
class MergeBenchTest {

    static final MergeBench.Args TIGHT = new MergeBench.Args(5, 10, 2, 400, 2);
    static final MergeBench.Args LOOSE = new MergeBench.Args(5, 10, 2, 1200, 2);

    static JsonNode oracle(String config) throws Exception {
        return new ObjectMapper().readTree(Corpus.oracle().resolve("belief-merge/expected.json").toFile()).get("bench").get(config);
    }

    static MergeBench.Row row(MergeBench.Report r, String arm) {
        return r.rows().stream().filter(x -> x.arm().equals(arm)).findFirst().orElseThrow();
    }

    static Scenario scenario(long seed, int topics) {
        return ScenarioGenerator.generate(new ScenarioGenerator.Options(seed, 2, topics, 2, 18));
    }

    @Test
    void mulberry32_is_bit_exact_and_deterministic() {
        Mulberry32 r = new Mulberry32(42);
        assertThat(List.of(r.next(), r.next(), r.next(), r.next(), r.next())).containsExactly(0.6011037519201636, 0.44829055899754167,
                0.8524657934904099, 0.6697340414393693, 0.17481389874592423);
        Mulberry32 a = new Mulberry32(42);
        Mulberry32 b = new Mulberry32(42);
        for (int i = 0; i < 10; i++) assertThat(a.next()).isEqualTo(b.next());
        Mulberry32 high = new Mulberry32(0xFFFFFFFFL);
        assertThat(high.next()).isEqualTo(0.8964226141106337);
    }

    @Test
    void a_seed_gives_the_same_scenario_and_different_seeds_differ() {
        assertThat(scenario(7, 8)).isEqualTo(scenario(7, 8));
        assertThat(scenario(1, 8).facts()).isNotEqualTo(scenario(2, 8).facts());
    }

    @Test
    void scenario_sizes_equal_the_originals_for_every_published_configuration() throws Exception {
        for (String config : List.of("default", "tight", "loose")) {
            JsonNode o = oracle(config);
            JsonNode args = o.get("args");
            MergeBench.Report r = MergeBench.run(new MergeBench.Args(args.get("seeds").asInt(), args.get("topics").asInt(),
                    args.get("branches").asInt(), args.get("budget").asInt(), args.get("conflicts").asInt()));
            List<String> mine = r.scenarios().stream().map(s -> s.seed() + "/" + s.questions() + "/" + s.local() + "/" + s.bridge() + "/" + s.facts()).toList();
            List<String> theirs = new ArrayList<>();
            o.get("scenarios").forEach(s -> theirs.add(s.get("seed").asInt() + "/" + s.get("questions").asInt() + "/" + s.get("local").asInt()
                    + "/" + s.get("bridge").asInt() + "/" + s.get("facts").asInt()));
            assertThat(mine).as(config).isEqualTo(theirs);
        }
    }

    @Test
    void the_arms_that_do_not_depend_on_filler_wording_reproduce_the_original_figures_exactly() throws Exception {
        for (String config : List.of("default", "tight", "loose")) {
            JsonNode o = oracle(config);
            JsonNode args = o.get("args");
            MergeBench.Report r = MergeBench.run(new MergeBench.Args(args.get("seeds").asInt(), args.get("topics").asInt(), 2,
                    args.get("budget").asInt(), 2));
            for (JsonNode expected : o.get("rows")) {
                String arm = expected.get("arm").asText();
                if (arm.equals("beliefmerge-heuristic")) continue;
                MergeBench.Row got = row(r, arm);
                assertThat(got.local()).as(config + " " + arm).isEqualTo(expected.get("localCoverage").asDouble());
                assertThat(got.bridge()).as(config + " " + arm).isEqualTo(expected.get("bridgeCoverage").asDouble());
                assertThat(got.unambiguous()).as(config + " " + arm).isEqualTo(expected.get("unambiguous").asDouble());
                assertThat(got.ambiguous()).as(config + " " + arm).isEqualTo(expected.get("ambiguous").asDouble());
                assertThat(got.tokens()).as(config + " " + arm).isEqualTo(expected.get("tokens").asDouble());
                assertThat(got.tokensPerQuestion()).as(config + " " + arm).isCloseTo(expected.get("tokensPerQuestion").asDouble(), within(1e-9));
            }
        }
    }

    @Test
    void q16_the_default_run_no_longer_reports_three_as_invented_inside_three_hundred() throws Exception {
        MergeBench.Report r = MergeBench.run(MergeBench.Args.defaults());
        JsonNode theirs = oracle("default").get("rows");
        assertThat(theirs.get(2).get("invented").asDouble()).as("the original's false positive").isEqualTo(0.00625);
        assertThat(r.rows()).allSatisfy(x -> assertThat(x.invented()).as(x.arm()).isZero());
        Scenario s = scenario(1, 8);
        assertThat(s.facts()).noneMatch(f -> f.value().equals("three"));
        assertThat(BenchScoring.mentions("Our cache TTL is three_hundred seconds.", "three")).isTrue();
        assertThat(BenchScoring.faithfulness(s, "Our cache TTL is three_hundred seconds.").invented()).isEmpty();
        assertThat(BenchScoring.faithfulness(s, "Retries are pinned at three.").invented()).containsExactly("three");
    }

    @Test
    void tight_budget_heuristic_covers_at_least_90_percent_of_bridges_while_concat_stays_at_most_30() {
        MergeBench.Report r = MergeBench.run(TIGHT);
        assertThat(row(r, "beliefmerge-heuristic").bridge()).isGreaterThanOrEqualTo(0.9);
        assertThat(row(r, "concat").bridge()).isLessThanOrEqualTo(0.3);
        MergeBench.Row oracleArm = row(r, "beliefmerge-oracle");
        assertThat(oracleArm.bridge()).isEqualTo(1.0);
        assertThat(oracleArm.local()).isEqualTo(1.0);
        assertThat(oracleArm.unambiguous()).isEqualTo(1.0);
        assertThat(oracleArm.tokens()).isEqualTo(258.2);
    }

    @Test
    void at_a_loose_budget_concat_shows_both_values_and_the_oracle_exactly_one() {
        MergeBench.Report r = MergeBench.run(LOOSE);
        assertThat(row(r, "concat").ambiguous()).isEqualTo(2.0);
        assertThat(row(r, "concat").unambiguous()).isZero();
        assertThat(row(r, "beliefmerge-oracle").ambiguous()).isZero();
        assertThat(row(r, "beliefmerge-oracle").unambiguous()).isEqualTo(1.0);
        assertThat(row(r, "beliefmerge-heuristic").tokens()).isGreaterThan(row(r, "concat").tokens());
    }

    @Test
    void bridge_questions_span_two_branches_and_local_ones_are_answerable_from_their_own() {
        Scenario s = scenario(3, 8);
        assertThat(s.bridge()).isNotEmpty().allSatisfy(q -> assertThat(q.spansBranches()).hasSize(2));
        for (Scenario.Question q : s.local()) {
            Surface own = s.branches().stream().filter(b -> b.id().equals(q.spansBranches().getFirst())).findFirst().orElseThrow();
            assertThat(BenchScoring.covered(q, BenchScoring.branchText(own))).as(q.id()).isTrue();
        }
    }

    @Test
    void regression_the_baseline_is_not_trivially_zero_and_no_branch_answers_everything() {
        Scenario s5 = scenario(5, 8);
        Surface a = s5.branches().getFirst();
        assertThat(BenchScoring.coverage(s5.local(), BenchScoring.branchText(a)).rate()).isPositive();
        assertThat(BenchScoring.coverage(s5.bridge(), BenchScoring.branchText(a)).rate()).isZero();
        Scenario s9 = scenario(9, 10);
        for (Surface b : s9.branches()) assertThat(BenchScoring.coverage(s9.questions(), BenchScoring.branchText(b)).rate()).isLessThan(1);
    }

    @Test
    void mentions_and_normalise_ignore_case_underscores_hyphens_and_markup() {
        assertThat(BenchScoring.mentions("TTL is THREE HUNDRED", "three_hundred")).isTrue();
        assertThat(BenchScoring.mentions("region us-east", "us_east")).isTrue();
        assertThat(BenchScoring.mentions("region us-east", "eu_west")).isFalse();
        assertThat(BenchScoring.normalise("`cache.ttl` = **sixty**")).isEqualTo("cache ttl sixty");
    }

    static Slot slotOf(io.dsh4j.beliefmerge.core.Claim... claims) {
        List<io.dsh4j.beliefmerge.core.Branch> branches = new ArrayList<>();
        for (var c : claims) branches.add(new io.dsh4j.beliefmerge.core.Branch(c.sourceId(), c.trust(), List.of(c)));
        return BeliefMerge.mergeBranches(branches, io.dsh4j.beliefmerge.core.Score.EGALITARIAN).getFirst();
    }

    @Test
    void parse_context_reads_the_real_renderers_lines() {
        Slot resolved = slotOf(new io.dsh4j.beliefmerge.core.Claim("database.engine", "postgresql", 4,
                "We use PostgreSQL.", "a", io.dsh4j.beliefmerge.core.Trust.EXTERNAL, null, List.of()));
        Map<String, BenchScoring.Parsed> p = BenchScoring.parseContext(Renderer.renderSlot(resolved));
        assertThat(p.get("database.engine")).isEqualTo(new BenchScoring.Parsed("resolved", List.of("postgresql")));
        Slot tie = slotOf(
                new io.dsh4j.beliefmerge.core.Claim("database.engine", "postgresql", 2, "pg", "a", io.dsh4j.beliefmerge.core.Trust.EXTERNAL, null, List.of()),
                new io.dsh4j.beliefmerge.core.Claim("database.engine", "mysql", 2, "my", "b", io.dsh4j.beliefmerge.core.Trust.EXTERNAL, null, List.of()));
        assertThat(BenchScoring.parseContext(Renderer.renderSlot(tie)).get("database.engine"))
                .isEqualTo(new BenchScoring.Parsed("disputed", List.of("mysql", "postgresql")));
        assertThat(BenchScoring.parseContext("- `k`: (no assertion)").get("k").outcome()).isEqualTo("empty");
        assertThat(BenchScoring.parseContext("- `k` \u2014 BOTH hold \u2014 x:\n  - `a`: t _(s)_").get("k"))
                .isEqualTo(new BenchScoring.Parsed("compatible", List.of("a")));
    }

    @Test
    void faithfulness_flags_an_unasserted_vocabulary_value_and_sentence_keys_are_not_accused() {
        Scenario s = scenario(1, 10);
        String unasserted = s.vocabulary().stream().filter(v -> s.facts().stream().noneMatch(f -> f.value().equals(v))).findFirst().orElseThrow();
        assertThat(BenchScoring.faithfulness(s, "we now use " + unasserted).invented()).containsExactly(unasserted);
        for (Surface b : s.branches()) assertThat(BenchScoring.faithfulness(s, BenchScoring.branchText(b)).invented()).isEmpty();
        List<Slot> slots = BeliefMerge.mergeSurfaces(s.branches(), MergeOptions.defaults());
        String text = Renderer.render(slots, Renderer.Options.defaults().withBudget(100000)).text();
        assertThat(BenchScoring.faithfulness(s, text).invented()).isEmpty();
    }

    @Test
    void conflict_resolution_on_text_counts_unambiguous_ambiguous_and_absent() {
        Scenario s = scenario(2, 10);
        Scenario.Fact correct = s.facts().stream().filter(f -> !f.correct()).map(w -> s.facts().stream()
                .filter(f -> f.correct() && f.key().equals(w.key())).findFirst().orElseThrow()).findFirst().orElseThrow();
        Scenario.Fact wrong = s.facts().stream().filter(f -> !f.correct() && f.key().equals(correct.key())).findFirst().orElseThrow();
        assertThat(BenchScoring.conflictResolution(s, correct.value()).unambiguous()).isGreaterThanOrEqualTo(1);
        BenchScoring.ConflictResolution both = BenchScoring.conflictResolution(s, correct.value() + " " + wrong.value());
        assertThat(both.ambiguous()).isGreaterThanOrEqualTo(1);
        assertThat(both.unambiguous()).isZero();
        BenchScoring.ConflictResolution empty = BenchScoring.conflictResolution(s, "");
        assertThat(empty.unambiguous()).isZero();
        assertThat(empty.absent()).isEqualTo(empty.total());
        assertThat(BenchScoring.conflicts(s, BenchScoring.parseContext("")).missing()).isEqualTo(2);
    }

    @Test
    void truncate_to_budget_keeps_whole_lines_within_four_chars_per_token() {
        String text = String.join("\n", java.util.Collections.nCopies(100, "a line of some forty characters or so.."));
        String cut = BenchArms.truncateToBudget(text, 50);
        assertThat(cut).isNotEmpty();
        assertThat(cut.length()).isLessThanOrEqualTo(200);
        assertThat(BenchArms.truncateToBudget("short", 50)).isEqualTo("short");
    }

    @Test
    void regression_every_arm_stays_within_the_budget() {
        for (long seed = 1; seed <= 3; seed++) {
            Scenario s = scenario(seed, 10);
            for (BenchArms.Arm arm : BenchArms.all(s, 200)) {
                if (arm.name().equals("beliefmerge-oracle")) continue;
                assertThat(arm.tokens()).as(arm.name()).isLessThanOrEqualTo((int) (200 * 1.15));
            }
        }
    }

    @Test
    void a_tight_budget_costs_concatenation_its_bridges_and_the_panel_separates() {
        Scenario s = scenario(4, 10);
        double tight = BenchScoring.coverage(s.bridge(), BenchArms.concat(s.branches(), 200).text()).rate();
        double loose = BenchScoring.coverage(s.bridge(), BenchArms.concat(s.branches(), 100000).text()).rate();
        assertThat(loose).isGreaterThan(tight);
        assertThat(BenchScoring.coverage(s.bridge(), BenchArms.none().text()).rate()).isZero();
        String oracle = BenchArms.oracle(s, 100000).text();
        assertThat(BenchScoring.coverage(s.bridge(), oracle).rate()).isPositive();
        assertThat(BenchScoring.conflictResolution(s, oracle).rate())
                .isGreaterThan(BenchScoring.conflictResolution(s, BenchArms.concat(s.branches(), 100000).text()).rate());
    }

    @Test
    void caveat_truncating_concat_looks_more_decisive_because_it_loses_a_side() {
        Scenario s = scenario(4, 10);
        String tight = BenchArms.concat(s.branches(), 200).text();
        String loose = BenchArms.concat(s.branches(), 100000).text();
        assertThat(BenchScoring.coverage(s.bridge(), tight).rate()).isLessThanOrEqualTo(BenchScoring.coverage(s.bridge(), loose).rate());
        assertThat(BenchScoring.conflictResolution(s, tight).rate()).isGreaterThanOrEqualTo(BenchScoring.conflictResolution(s, loose).rate());
    }

    @Test
    void scoring_and_the_table_are_deterministic() {
        MergeBench.Report a = MergeBench.run(TIGHT);
        MergeBench.Report b = MergeBench.run(TIGHT);
        assertThat(a).isEqualTo(b);
        String table = MergeBench.table(a, Locale.ROOT);
        assertThat(table).isEqualTo(MergeBench.table(b, Locale.ROOT)).contains("beliefmerge-oracle").contains("  unambig   ");
        assertThat(MergeBench.table(a, Locale.SIMPLIFIED_CHINESE)).contains("桥接问题");
    }

    @Test
    void filler_asserts_no_topic_value_and_only_the_tenth_line_is_negated() {
        List<Integer> lengths = TopicPool.FILLER.stream().map(String::length).toList();
        assertThat(lengths).containsExactly(65, 77, 71, 74, 74, 69, 77, 73, 72, 71, 72, 78);
        for (int i = 0; i < TopicPool.FILLER.size(); i++) {
            String line = TopicPool.FILLER.get(i);
            for (TopicPool.Topic t : TopicPool.TOPICS) {
                for (String v : t.values()) assertThat(BenchScoring.mentions(line, v)).as(line + " / " + v).isFalse();
            }
            var claims = io.dsh4j.beliefmerge.core.HeuristicExtractor.extract(List.of(io.dsh4j.beliefmerge.core.SourceMessage.text("user", line, "user")),
                    "s", io.dsh4j.beliefmerge.core.HeuristicExtractor.Options.defaults()).claims();
            assertThat(claims).as(line).hasSize(1);
            assertThat(claims.getFirst().value()).as(line).isEqualTo(i == 9 ? "refute" : "assert");
        }
    }
}
