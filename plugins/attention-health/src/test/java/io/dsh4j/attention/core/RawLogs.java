package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.dsh4j.session.LenientLogReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Test support: a session log read by the harness's lenient reader, the plugin's reading rules (spec §2.3–2.4). */
final class RawLogs {

    /** A read log: the first {@code session} record (an empty object when there is none) and every other record. */
    record Log(JsonNode header, List<JsonNode> events) {}

    private RawLogs() {}

    static Log read(Path file) {
        List<JsonNode> events = new ArrayList<>();
        try {
            LenientLogReader.Result r = LenientLogReader.read(file, LenientLogReader.Limits.DEFAULTS, events::add);
            return new Log(r.header() == null ? JsonNodeFactory.instance.objectNode() : r.header(), events);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
