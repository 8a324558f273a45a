package io.dsh4j.bench.session;

import io.dsh4j.session.LogStatus;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.event.SessionEvent;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A driver for {@link SessionReadBenchmark} that reports MB/s per CPU-second of the reading thread
 * (and of the whole process, GC included) as well as per wall-second — on a machine shared with
 * other work, wall-clock figures swing with the load while CPU-time figures do not. {@code framesOnly}
 * is the in-process decompression floor (zstd-jni's stream decoder, text dropped). The reference
 * floor, {@code zstd -d}, is a separate process, run with {@code --no-asyncio} (its decoder's speed)
 * and with its default asynchronous I/O; its figures are wall times over the passes. Run with {@code -XX:+UseSerialGC} for a one-core picture:
 * {@code java -XX:+UseSerialGC --enable-native-access=ALL-UNNAMED -cp bench/target/benchmarks.jar
 * io.dsh4j.bench.session.SessionReadDriver [passes] [targetMb]}.
 */
public final class SessionReadDriver {

    private SessionReadDriver() {}

    public static void main(String[] args) throws Exception {
        int passes = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int targetMb = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        LongSession.Built f = LongSession.ofAtLeast(targetMb);
        double mb = f.decodedBytes() / 1048576.0;
        System.out.printf("long session: %.1f MiB decoded, %d events, zstd file %.1f MiB%n", mb, f.events(),
                java.nio.file.Files.size(f.zstd()) / 1048576.0);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long[] sink = {0};
        for (String mode : new String[] {"framesOnly", "readRaw", "readZstd", "readZstdPayloads"}) {
            double[] cpuRates = new double[passes];
            double[] procRates = new double[passes];
            double[] wallRates = new double[passes];
            for (int i = 0; i < passes; i++) {
                long cpu0 = mx.getCurrentThreadCpuTime();
                long proc0 = os.getProcessCpuTime();
                long wall0 = System.nanoTime();
                Path file = mode.equals("readRaw") ? f.raw() : f.zstd();
                if (mode.equals("framesOnly")) {
                    sink[0] += framesOnly(file);
                } else {
                    boolean payloads = mode.equals("readZstdPayloads");
                    var r = SessionLogReader.stream(file, e -> sink[0] += payloads ? e.payload().hashCode() : touch(e));
                    if (!(r.status() instanceof LogStatus.Ok)) throw new IllegalStateException(r.describe());
                }
                cpuRates[i] = mb / ((mx.getCurrentThreadCpuTime() - cpu0) / 1e9);
                procRates[i] = mb / ((os.getProcessCpuTime() - proc0) / 1e9);
                wallRates[i] = mb / ((System.nanoTime() - wall0) / 1e9);
            }
            report(mode, cpuRates, procRates, wallRates, passes);
        }
        for (boolean synchronous : new boolean[] {true, false}) {
            double[] floor = new double[passes];
            for (int i = 0; i < passes; i++) {
                long wall0 = System.nanoTime();
                SessionReadBenchmark.zstdTool(f.zstd(), synchronous);
                floor[i] = mb / ((System.nanoTime() - wall0) / 1e9);
            }
            Arrays.sort(floor);
            System.out.printf("%-17s best %7.1f MB/s wall, median %7.1f MB/s wall (a separate process, start-up included)%n",
                    synchronous ? "zstd -d --no-asyncio" : "zstd -d (default)", floor[passes - 1], floor[passes / 2]);
        }
        if (sink[0] == 42) System.out.println();
    }

    /**
     * The in-process decompression floor: zstd-jni's stream decoder (the same native library) over
     * the whole file, every frame decoded and checksum-verified, the text dropped.
     */
    private static long framesOnly(Path file) throws java.io.IOException {
        byte[] buffer = new byte[1 << 17];
        long total = 0;
        try (var in = new com.github.luben.zstd.ZstdInputStream(new java.io.BufferedInputStream(
                java.nio.file.Files.newInputStream(file), 1 << 20))) {
            for (int n; (n = in.read(buffer)) > 0; ) total += n;
        }
        return total;
    }

    private static long touch(SessionEvent e) {
        return e.seq();
    }

    /** Median over the second half of the passes (the first half warms the JIT). */
    private static void report(String mode, double[] cpu, double[] proc, double[] wall, int passes) {
        System.out.printf("%-17s median %7.1f MB per thread-CPU-second, %7.1f MB per process-CPU-second, %7.1f MB/s wall%n",
                mode, median(cpu, passes), median(proc, passes), median(wall, passes));
    }

    private static double median(double[] v, int passes) {
        double[] tail = Arrays.copyOfRange(v, passes / 2, passes);
        Arrays.sort(tail);
        return tail[tail.length / 2];
    }
}
