package io.dsh4j.tool.builtin;

import io.dsh4j.kernel.config.ConfigSchema;
import io.dsh4j.kernel.config.Schema;

/**
 * Config of {@link BuiltinTools#PLUGIN}; every default is here.
 *
 * @param cwd             working directory of calls whose agent has none; empty: the process's
 * @param readLimit       default and maximum lines of one {@code read}
 * @param readMaxBytes    largest file {@code read}/{@code edit} open, in bytes
 * @param readOutputBytes bytes of selected lines one {@code read} returns before it caps
 * @param maxLineChars    a longer line is cut and marked
 * @param bashTimeoutMs   default {@code bash} timeout
 * @param bashMaxTimeoutMs largest {@code timeoutMs} a call may ask for
 * @param bashOutputChars characters of each stream's tail the model sees
 * @param bashCaptureBytes bytes of each stream's tail held in memory
 * @param searchMaxResults paths of one {@code glob} / matches of one {@code grep}
 * @param searchMaxFiles  files one search visits before it stops
 * @param searchTimeoutMs how long one {@code grep} may take before it stops
 */
public record BuiltinConfig(String cwd, long readLimit, long readMaxBytes, long readOutputBytes, long maxLineChars,
                            long bashTimeoutMs, long bashMaxTimeoutMs, long bashOutputChars, long bashCaptureBytes,
                            long searchMaxResults, long searchMaxFiles, long searchTimeoutMs) {

    public static final ConfigSchema<BuiltinConfig> SCHEMA = Schema.object()
            .field("cwd", Schema.string().defaultValue(""))
            .field("readLimit", Schema.natural().min(1).defaultValue(2000))
            .field("readMaxBytes", Schema.natural().min(1).defaultValue(10 * 1024 * 1024))
            .field("readOutputBytes", Schema.natural().min(1).defaultValue(50 * 1024))
            .field("maxLineChars", Schema.natural().min(1).defaultValue(2000))
            .field("bashTimeoutMs", Schema.natural().min(1).defaultValue(120_000))
            .field("bashMaxTimeoutMs", Schema.natural().min(1).defaultValue(600_000))
            .field("bashOutputChars", Schema.natural().min(1).defaultValue(30_000))
            .field("bashCaptureBytes", Schema.natural().min(1).defaultValue(1024 * 1024))
            .field("searchMaxResults", Schema.natural().min(1).defaultValue(100))
            .field("searchMaxFiles", Schema.natural().min(1).defaultValue(100_000))
            .field("searchTimeoutMs", Schema.natural().min(1).defaultValue(60_000))
            .as(BuiltinConfig.class);

    /** The defaults with a fixed working directory (tests, embedding). */
    public static BuiltinConfig defaults(String cwd) {
        return new BuiltinConfig(cwd, 2000, 10 * 1024 * 1024, 50 * 1024, 2000, 120_000, 600_000, 30_000,
                1024 * 1024, 100, 100_000, 60_000);
    }
}
