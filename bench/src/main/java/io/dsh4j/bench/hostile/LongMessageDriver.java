package io.dsh4j.bench.hostile;

import com.sun.management.ThreadMXBean;
import io.dsh4j.attention.core.ColdFold;
import io.dsh4j.attention.core.HealthCheck;
import io.dsh4j.attention.core.PriceTable;
import io.dsh4j.attention.core.Thresholds;
import io.dsh4j.beliefmerge.core.BeliefMerge;
import io.dsh4j.beliefmerge.core.CancelSignal;
import io.dsh4j.beliefmerge.core.MergeOptions;
import io.dsh4j.beliefmerge.core.Renderer;
import io.dsh4j.beliefmerge.core.Trust;
import io.dsh4j.beliefmerge.sessions.SessionSurfaceReader;
import io.dsh4j.session.LenientLogReader;
import io.dsh4j.testkit.HostileLogs;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * Finding 4 of issue 17: one long message through the library paths of {@code health} (lenient read,
 * cold fold, assessment) and {@code merge} (surface read, heuristic merge, render), reported in CPU
 * seconds of the calling thread (stable on a shared machine), best of {@code REPS} runs after one
 * warm-up run. A linear text path shows a constant time per MB across sizes.
 *
 * <p>{@code LongMessageDriver [REPS [MB...]]} (default 3, sizes 0.5 2 10).
 */
public final class LongMessageDriver {

    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    private LongMessageDriver() {}

    @FunctionalInterface
    interface Step {
        void run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        int reps = args.length == 0 ? 3 : Integer.parseInt(args[0]);
        double[] sizes = args.length < 2 ? new double[] {0.5, 2, 10}
                : java.util.Arrays.stream(args, 1, args.length).mapToDouble(Double::parseDouble).toArray();
        Path dir = Files.createTempDirectory("dsh4j-long-message");
        System.out.printf("%-8s %12s %12s %12s %12s%n", "MB", "health s", "health s/MB", "merge s", "merge s/MB");
        for (double mb : sizes) {
            Path log = HostileLogs.longMessage(dir.resolve("long-" + mb + ".jsonl"), (int) (mb * 1_000_000), 4);
            double health = best(reps, () -> {
                ColdFold fold = ColdFold.forDocument();
                LenientLogReader.Result read = LenientLogReader.read(log, LenientLogReader.Limits.DEFAULTS, fold::accept);
                HealthCheck.assess(fold.finish(), read.header(), "v0", Instant.parse("2026-09-19T02:00:00Z"), Thresholds.DEFAULTS,
                        PriceTable.DEFAULTS);
            });
            double merge = best(reps, () -> {
                SessionSurfaceReader.Read read = SessionSurfaceReader.read(log, Trust.EXTERNAL);
                BeliefMerge.mergeSurfacesAligned(List.of(read.surface()), MergeOptions.defaults(), null, CancelSignal.NEVER, w -> {})
                        .render(Renderer.Options.defaults().withBudget(1200));
            });
            System.out.printf("%-8s %12.2f %12.3f %12.2f %12.3f%n", mb, health, health / mb, merge, merge / mb);
            Files.delete(log);
        }
    }

    private static double best(int reps, Step step) throws Exception {
        step.run();
        long best = Long.MAX_VALUE;
        for (int i = 0; i < reps; i++) {
            long t0 = THREADS.getCurrentThreadCpuTime();
            step.run();
            best = Math.min(best, THREADS.getCurrentThreadCpuTime() - t0);
        }
        return best / 1e9;
    }
}
