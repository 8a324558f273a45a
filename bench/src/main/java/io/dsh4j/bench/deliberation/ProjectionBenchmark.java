package io.dsh4j.bench.deliberation;

import io.dsh4j.deliberation.core.Mask;
import io.dsh4j.deliberation.core.MidForkProjection;
import io.dsh4j.deliberation.core.MidForkProjector;
import io.dsh4j.deliberation.core.ProjectionLimits;
import io.dsh4j.deliberation.core.Window;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.SurfaceFold;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The mid-fork projection (spec {@code deliberation.md} §3.4–§3.5) of one corpus log already in memory:
 * step selection, the balanced cut, the event walk and the snapshot, for recent-steps 8 with either mask.
 * Input: {@code apps/web/tests/snapshots/approval-composer} (1,814 events after packed chunk rows are
 * expanded — the longest corpus log), read once with the session library, surface folded. Read the score
 * as microseconds per projection; the preview command adds the log read to it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ProjectionBenchmark {

    @Param({"reasoning-only", "action-only"})
    public String mask;

    private List<SessionEvent> events;
    private Set<Long> surface;
    private final MidForkProjector projector = MidForkProjector.english();

    @Setup(Level.Trial)
    public void read() throws IOException {
        events = SessionLogReader.read(Corpus.rawDir().resolve("apps/web/tests/snapshots/approval-composer/session.jsonl"),
                SessionLogReader.Options.FIXTURE).events();
        SurfaceFold fold = new SurfaceFold();
        events.forEach(fold::accept);
        surface = new HashSet<>(fold.nodeSeqs());
    }

    @Benchmark
    public MidForkProjection recentSteps8() {
        return projector.project(events, surface, new Window.RecentSteps(8), Mask.of(mask).orElseThrow(), ProjectionLimits.DEFAULTS);
    }
}
