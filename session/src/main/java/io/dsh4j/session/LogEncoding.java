package io.dsh4j.session;

import java.nio.file.Path;
import java.util.Optional;

/** The two physical encodings of a session log (§1.6); one root holds only one of them. */
public enum LogEncoding {
    /** DSH's default: a concatenation of checksummed zstd frames, {@code session.jsonl.zstd}. */
    ZSTD(".jsonl.zstd"),
    /** Raw mode ({@code compression: 'none'}): the decoded text itself, {@code session.jsonl}. */
    RAW(".jsonl");

    private final String suffix;

    LogEncoding(String suffix) {
        this.suffix = suffix;
    }

    /** The file-name suffix, {@code .jsonl.zstd} or {@code .jsonl}. */
    public String suffix() {
        return suffix;
    }

    /** The transcript file name inside a session directory: {@code session} + suffix. */
    public String transcriptName() {
        return "session" + suffix;
    }

    /** The other encoding. */
    public LogEncoding opposite() {
        return this == ZSTD ? RAW : ZSTD;
    }

    /** The encoding a file name announces ({@code *.jsonl.zstd} or {@code *.jsonl}), if any. */
    public static Optional<LogEncoding> ofFileName(Path file) {
        Path name = file.getFileName();
        if (name == null) return Optional.empty();
        String s = name.toString();
        if (s.endsWith(ZSTD.suffix)) return Optional.of(ZSTD);
        if (s.endsWith(RAW.suffix)) return Optional.of(RAW);
        return Optional.empty();
    }
}
