package io.dsh4j.bench.events;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A benchmark driver for {@link EventDecodeBenchmark} that reports throughput per CPU-second — of the
 * measuring thread, and of the whole process (GC and JIT threads included) — as well as per
 * wall-second, for machines shared with other work (where wall-clock JMH figures swing with the load).
 * Run with {@code -XX:+UseSerialGC} for a one-core picture. Run: {@code java -cp bench/target/benchmarks.jar
 * io.dsh4j.bench.events.EventDecodeDriver [passes]}.
 */
public final class EventDecodeDriver {

    private EventDecodeDriver() {}

    public static void main(String[] args) throws Exception {
        int passes = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        EventDecodeBenchmark b = new EventDecodeBenchmark();
        b.targetMb = 60;
        b.build();
        Blackhole bh = new Blackhole("Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        double mb = b.inputBytes() / 1048576.0;
        for (String mode : new String[] {"decode", "decodePayloads", "stats"}) {
            for (int i = 0; i < passes; i++) {
                long cpu0 = mx.getCurrentThreadCpuTime();
                long proc0 = os.getProcessCpuTime();
                long wall0 = System.nanoTime();
                switch (mode) {
                    case "decode" -> b.decode(bh);
                    case "decodePayloads" -> b.decodePayloads(bh);
                    default -> bh.consume(b.stats(bh));
                }
                double cpu = (mx.getCurrentThreadCpuTime() - cpu0) / 1e9;
                double proc = (os.getProcessCpuTime() - proc0) / 1e9;
                double wall = (System.nanoTime() - wall0) / 1e9;
                if (i >= passes / 2) {
                    System.out.printf("%-15s pass %2d: %7.1f MB per thread-CPU-second, %7.1f MB per process-CPU-second (GC included),"
                            + " %7.1f MB/s wall%n", mode, i, mb / cpu, mb / proc, mb / wall);
                }
            }
        }
    }
}
