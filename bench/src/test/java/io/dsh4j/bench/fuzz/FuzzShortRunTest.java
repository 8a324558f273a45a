package io.dsh4j.bench.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.llm.LlmCodes;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.StreamChunk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The short run of the issue-17 fuzz campaign in the test suite (the long run is
 * {@code bench/scripts/fuzz.sh}): a fixed seed, every mutation class over every entry point, zero defects;
 * and checks that the tool entry point's invariants are not vacuous.
 */
class FuzzShortRunTest {

    private static final List<FuzzCampaign.Entry> LOG_ENTRIES = List.of(FuzzCampaign.Entry.VERIFY, FuzzCampaign.Entry.STATS,
            FuzzCampaign.Entry.HEALTH, FuzzCampaign.Entry.MERGE);

    @TempDir
    Path work;

    @Test
    void two_thousand_mutated_logs_break_no_invariant_of_verify_stats_health_or_merge() throws Exception {
        FuzzCampaign.Report report = FuzzCampaign.overCorpus(work).entries(LOG_ENTRIES).run(20261201L, 0, 2_000);
        assertThat(report.cases()).isEqualTo(2_000);
        for (FuzzCampaign.Entry e : LOG_ENTRIES) {
            for (LogMutator.Mutation m : LogMutator.Mutation.values()) {
                assertThat(report.count(e, m)).as(e + " × " + m).isPositive();
            }
        }
        assertThat(report.defects()).as(report.table()).isEmpty();
        assertThat(report.defectCount()).isZero();
    }

    @Test
    void four_thousand_mutated_event_streams_break_no_invariant_of_the_model_adapters_sse_parser() throws Exception {
        FuzzCampaign campaign = FuzzCampaign.overCorpus(work).entries(List.of(FuzzCampaign.Entry.SSE));
        assertThat(campaign.sseSeedCount()).isGreaterThan(100);

        FuzzCampaign.Report report = campaign.run(20261202L, 0, 4_000);

        assertThat(report.cases()).isEqualTo(4_000);
        for (SseMutator.Mutation m : SseMutator.Mutation.values()) assertThat(report.count(m)).as(m.name()).isPositive();
        assertThat(report.defects()).as(report.table()).isEmpty();
        assertThat(report.defectCount()).isZero();
    }

    @Test
    void fifteen_hundred_mutated_tool_calls_break_no_invariant_of_the_agent_loops_tool_step() throws Exception {
        try (FuzzCampaign campaign = FuzzCampaign.overCorpus(work).entries(List.of(FuzzCampaign.Entry.TOOLS))) {
            assertThat(campaign.toolSeedCount()).isGreaterThan(100);

            FuzzCampaign.Report report = campaign.run(20261203L, 0, 1_500);

            assertThat(report.cases()).isEqualTo(1_500);
            for (ToolArgsMutator.Mutation m : ToolArgsMutator.Mutation.values()) {
                assertThat(report.count(m)).as(m.name()).isPositive();
            }
            assertThat(report.defects()).as(report.table()).isEmpty();
            assertThat(report.defectCount()).isZero();
            assertThat(report.slowestNanos(FuzzCampaign.Entry.TOOLS)).isPositive();
            assertThat(report.multiCallSteps()).as("cases run in multi-call steps").isPositive();
            assertThat(report.multiCallCalls()).isGreaterThan(2 * report.multiCallSteps());
        }
    }

    @Test
    void the_tool_invariants_catch_a_read_or_written_sentinel_a_file_left_outside_and_a_silent_error() throws Exception {
        try (ToolHarness harness = new ToolHarness(work)) {
            assertThat(harness.outsideProblems()).isEmpty();
            Path sentinel = harness.outside().resolve("sentinel");

            Files.readAllBytes(sentinel);
            assertThat(harness.outsideProblems()).containsExactly("the sentinel outside the working directory was read");
            assertThat(harness.outsideProblems()).isEmpty();

            Files.writeString(sentinel, "changed");
            assertThat(harness.outsideProblems()).contains("the sentinel outside the working directory was changed");
            Files.writeString(harness.outside().resolve("leaked.txt"), "x");
            assertThat(harness.outsideProblems()).containsExactly("the outside directory changed: [fifo, leaked.txt, sentinel]");
            assertThat(harness.outsideProblems()).isEmpty();
        }
        assertThat(ToolHarness.messageProblem(null, " ")).contains("without a message");
        assertThat(ToolHarness.messageProblem("INVALID_ARGS", "Error: bad")).contains("does not name");
        assertThat(ToolHarness.messageProblem("FS_NOT_FOUND", "Error: cannot read it")).contains("does not name");
        assertThat(ToolHarness.messageProblem("UNKNOWN_TOOL", "Error: unknown tool \"x".repeat(5_000))).contains("echoes");
        assertThat(ToolHarness.messageProblem("FS_NOT_FOUND", "Error: cannot read \"a.txt\": not found")).isNull();
    }

    @Test
    void bash_is_validated_but_never_started_and_writes_are_allowed_only_inside() throws Exception {
        try (ToolHarness harness = new ToolHarness(work)) {
            harness.prepare(new ToolArgsMutator.Case(ToolArgsMutator.Mutation.SEED, "bash", "{}"));
            ToolHarness.Outcome bash = harness.call(new ToolArgsMutator.Case(ToolArgsMutator.Mutation.SEED, "bash",
                    "{\"command\":\"touch ../outside/ran ran\",\"description\":\"d\",\"workdir\":\"notes\"}"));
            assertThat(bash.problems()).isEmpty();
            assertThat(bash.fingerprint()).startsWith("bash error=true code=" + ToolHarness.NOT_STARTED);
            assertThat(harness.cwd().resolve("notes/ran")).doesNotExist();
            ToolHarness.Outcome invalid = harness.call(new ToolArgsMutator.Case(ToolArgsMutator.Mutation.HOSTILE_NUMBER, "bash",
                    "{\"command\":\"true\",\"description\":\"d\",\"timeoutMs\":1.5}"));
            assertThat(invalid.problems()).isEmpty();
            assertThat(invalid.fingerprint()).startsWith("bash error=true code=INVALID_ARGS");
            harness.prepare(new ToolArgsMutator.Case(ToolArgsMutator.Mutation.SEED, "write", "{}"));
            ToolHarness.Outcome inside = harness.call(new ToolArgsMutator.Case(ToolArgsMutator.Mutation.SEED, "write",
                    "{\"file_path\":\"notes/n.txt\",\"content\":\"x\"}"));
            assertThat(inside.fingerprint()).contains("write error=false");
            assertThat(Files.readString(harness.cwd().resolve("notes/n.txt"))).isEqualTo("x");
            ToolHarness.Outcome outside = harness.call(new ToolArgsMutator.Case(ToolArgsMutator.Mutation.HOSTILE_PATH, "write",
                    "{\"file_path\":\"../outside/w.txt\",\"content\":\"x\"}", ToolArgsMutator.Expect.REFUSED, false));
            assertThat(outside.problems()).isEmpty();
            assertThat(outside.fingerprint()).contains("write error=true");
            assertThat(harness.outsideProblems()).isEmpty();
        }
    }

    @Test
    void a_multi_call_step_answers_every_call_in_model_order_with_parallel_reads_and_exclusive_writes() throws Exception {
        try (ToolHarness harness = new ToolHarness(work)) {
            List<ToolArgsMutator.Case> step = new java.util.ArrayList<>();
            for (int k = 0; k < 12; k++) { // more parallel-safe calls than run at once
                step.add(new ToolArgsMutator.Case(ToolArgsMutator.Mutation.SEED, "read", "{\"file_path\":\"a.txt\",\"limit\":" + (k + 1) + "}"));
            }
            step.add(4, new ToolArgsMutator.Case(ToolArgsMutator.Mutation.SEED, "edit",
                    "{\"file_path\":\"a.txt\",\"old_string\":\"gamma\",\"new_string\":\"GAMMA\"}"));
            step.add(new ToolArgsMutator.Case(ToolArgsMutator.Mutation.UNKNOWN_TOOL, "nope", "{}", ToolArgsMutator.Expect.REFUSED, false));
            harness.prepare(step);

            ToolHarness.Outcome o = harness.call(step, "multi");

            assertThat(o.problems()).isEmpty();
            List<String> lines = o.fingerprint().lines().filter(l -> !l.startsWith("contexts=")).toList();
            assertThat(lines).hasSize(1 + step.size()); // the edit's read, then the step
            assertThat(lines.get(5)).startsWith("edit error=false");
            assertThat(lines.getLast()).startsWith("nope error=true code=UNKNOWN_TOOL");
            assertThat(Files.readString(harness.cwd().resolve("a.txt"))).contains("GAMMA");
        }
    }

    @Test
    void the_event_stream_invariants_catch_a_changed_chunk_a_missing_finish_and_a_wrong_code() {
        StreamChunk text = new StreamChunk.TextDelta(0, "hello");
        StreamChunk stop = new StreamChunk.Finish(new FinishReason.Stop(), null);
        List<StreamChunk> seed = List.of(text, stop);
        StreamChunk closed = new StreamChunk.Finish(new FinishReason.Error(LlmFailure.of("t", LlmCodes.STREAM_CLOSED)), null);
        StreamChunk transport = new StreamChunk.Finish(new FinishReason.Error(LlmFailure.of("t", LlmCodes.TRANSPORT)), null);

        assertThat(FuzzCampaign.sseProblem(SseMutator.Expect.SAME, seed, seed)).isNull();
        assertThat(FuzzCampaign.sseProblem(SseMutator.Expect.SAME, List.of(new StreamChunk.TextDelta(0, "hellp"), stop), seed))
                .contains("changed the chunks");
        assertThat(FuzzCampaign.sseProblem(SseMutator.Expect.ANY_DEFINED, List.of(text), seed)).contains("0 finish chunks");
        assertThat(FuzzCampaign.sseProblem(SseMutator.Expect.ANY_DEFINED, List.of(stop, text, stop), seed)).contains("2 finish");
        assertThat(FuzzCampaign.sseProblem(SseMutator.Expect.ANY_DEFINED, List.of(transport), seed)).contains("TRANSPORT");
        assertThat(FuzzCampaign.sseProblem(SseMutator.Expect.PREFIX_THEN_STREAM_CLOSED, List.of(closed), seed)).isNull();
        assertThat(FuzzCampaign.sseProblem(SseMutator.Expect.PREFIX_THEN_STREAM_CLOSED,
                List.of(new StreamChunk.TextDelta(0, "x"), closed), seed)).contains("not the seed's");
        assertThat(FuzzCampaign.sseProblem(SseMutator.Expect.PREFIX_THEN_EVENT_TOO_LARGE, List.of(closed), seed))
                .contains("over-long");
    }

    @Test
    void a_planted_defect_is_reported_by_the_prefix_invariant() {
        // the invariant is not vacuous: a read of a truncated copy that claims an event past the seed's is caught
        var seed = java.util.List.of(io.dsh4j.session.event.SessionEvent.of("turn/start", 0, 0,
                com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("turn", 1)));
        var more = java.util.List.of(seed.get(0), io.dsh4j.session.event.SessionEvent.of("turn/start", 1, 0,
                com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("turn", 2)));
        assertThat(FuzzCampaign.isPrefixForTest(seed, more)).isTrue();
        assertThat(FuzzCampaign.isPrefixForTest(more, seed)).isFalse();
    }
}
