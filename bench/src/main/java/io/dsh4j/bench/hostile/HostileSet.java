package io.dsh4j.bench.hostile;

import io.dsh4j.testkit.HostileLogs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the hostile set of issue 17 into a folder, one log per finding shape, for
 * {@code bench/scripts/hostile-peaks.sh} (peak memory and CPU of every command on each).
 * {@code HostileSet DIR}.
 */
public final class HostileSet {

    private HostileSet() {}

    public static void main(String[] args) throws IOException {
        Path dir = Files.createDirectories(Path.of(args[0]));
        HostileLogs.recordAcrossFrames(dir.resolve("1-record-across-frames.jsonl.zstd"), 132L << 20);
        HostileLogs.manySmallEvents(dir.resolve("2-many-small-events.jsonl"), 1_370_000);
        HostileLogs.manySurfaceMessages(dir.resolve("2-many-surface-messages.jsonl"), 300_000);
        HostileLogs.repeatedEventBomb(dir.resolve("3-repeated-event-bomb.jsonl.zstd"), 1L << 30);
        HostileLogs.newlineBomb(dir.resolve("3-newline-bomb.jsonl.zstd"), 1L << 30);
        HostileLogs.longMessage(dir.resolve("4-long-message-0.5mb.jsonl"), 500_000, 4);
        HostileLogs.longMessage(dir.resolve("4-long-message-10mb.jsonl"), 10_000_000, 4);
    }
}
