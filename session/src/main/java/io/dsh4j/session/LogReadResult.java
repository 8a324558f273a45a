package io.dsh4j.session;

import io.dsh4j.session.event.SessionHeader;
import java.nio.file.Path;

/**
 * The end of a streaming read.
 *
 * @param file the log read
 * @param encoding its encoding
 * @param header the header, or {@code null} when the log has none (or its header was refused or corrupt)
 * @param status how the read ended
 * @param events events handed over
 * @param decodedBytes decoded JSONL bytes read
 * @param fileBytes stored bytes read
 */
public record LogReadResult(Path file, LogEncoding encoding, SessionHeader header, LogStatus status,
        long events, long decodedBytes, long fileBytes) {

    /** {@code "<file>: <status>"}, the line the {@code sessions verify} command prints. */
    public String describe() {
        return file + ": " + status.describe();
    }
}
