package io.dsh4j.bench.session;

import io.dsh4j.session.LogReadResult;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.SessionLogVisitor;
import io.dsh4j.session.StatsVisitor;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Shows that {@code sessions stats} keeps memory flat as the log grows: for each size (default 50
 * and 200 MiB decoded, zstd) it starts a fresh JVM with a small fixed heap ({@code -Xmx64m}, serial
 * GC) that streams the log through the stats accumulator, and reports the live set — the heap still
 * used after a full collection, sampled at ten evenly spaced points of the read, largest sample —
 * and the peak heap used (garbage included). A reader that kept the log would need hundreds of MiB
 * and fail under that heap. Run:
 * {@code java -cp bench/target/benchmarks.jar io.dsh4j.bench.session.StatsMemoryDriver [MB...]}.
 */
public final class StatsMemoryDriver {

    private StatsMemoryDriver() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 3 && args[0].equals("--measure")) {
            measure(Path.of(args[1]), Long.parseLong(args[2]));
            return;
        }
        List<Integer> sizes = new ArrayList<>();
        for (String a : args) sizes.add(Integer.parseInt(a));
        if (sizes.isEmpty()) sizes = List.of(50, 200);
        String javaCmd = ProcessHandle.current().info().command().orElse("java");
        String cp = System.getProperty("java.class.path");
        System.out.printf("%-10s %-12s %-12s %-14s %-14s %s%n", "decoded", "zstd file", "events", "live set", "peak heap", "heap limit");
        for (int mb : sizes) {
            LongSession.Built f = LongSession.ofAtLeast(mb);
            Process p = new ProcessBuilder(javaCmd, "-Xmx64m", "-XX:+UseSerialGC", "--enable-native-access=ALL-UNNAMED", "-cp", cp,
                    StatsMemoryDriver.class.getName(), "--measure", f.zstd().toString(), Long.toString(f.events()))
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            if (p.waitFor() != 0) throw new IllegalStateException("measuring " + f.zstd() + " failed: " + out);
            String[] v = out.lines().reduce((a, b) -> b).orElseThrow().split(" ");
            System.out.printf("%-10s %-12s %-12s %-14s %-14s %s%n", String.format("%.0f MiB", f.decodedBytes() / 1048576.0),
                    String.format("%.1f MiB", java.nio.file.Files.size(f.zstd()) / 1048576.0), v[0],
                    mib(Long.parseLong(v[1])), mib(Long.parseLong(v[2])), "64 MiB");
        }
    }

    private static long usedAfterFullGc() {
        System.gc();
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) used += pool.getUsage().getUsed();
        }
        return used;
    }

    private static String mib(long bytes) {
        return String.format("%.1f MiB", bytes / 1048576.0);
    }

    /** In the child JVM: stream stats over {@code file}; print "events liveSetBytes peakHeapBytes". */
    private static void measure(Path file, long expected) throws Exception {
        AtomicLong liveSet = new AtomicLong();
        long every = Math.max(1, expected / 10);
        long[] seen = {0};
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) pool.resetPeakUsage();
        StatsVisitor stats = new StatsVisitor();
        LogReadResult r = SessionLogReader.stream(file, new SessionLogVisitor() {
            @Override
            public void header(SessionHeader header) {
                stats.header(header);
            }

            @Override
            public void event(SessionEvent event) {
                stats.event(event);
                if (++seen[0] % every == 0) liveSet.accumulateAndGet(usedAfterFullGc(), Math::max);
            }
        });
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) peak += pool.getPeakUsage().getUsed();
        }
        liveSet.accumulateAndGet(usedAfterFullGc(), Math::max);
        System.out.println(stats.totals().events() + " " + liveSet.get() + " " + peak + " " + r.status().label());
    }
}
