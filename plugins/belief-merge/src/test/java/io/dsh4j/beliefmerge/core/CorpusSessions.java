package io.dsh4j.beliefmerge.core;

import io.dsh4j.session.SurfaceFold;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.SessionLogDecoder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test support: a raw-mode corpus log (a recorded fixture) read with the harness's decoder and folded
 * into its model-visible surface, then mapped to the engine's messages.
 */
final class CorpusSessions {

    private CorpusSessions() {}

    static Surface surface(Path log, Trust trust) {
        try {
            SessionLogDecoder.DecodedLog decoded = SessionLogDecoder.readAll(Files.readString(log, StandardCharsets.UTF_8),
                    SessionHeader.Mode.FIXTURE);
            SurfaceFold fold = new SurfaceFold();
            for (SessionEvent e : decoded.events()) fold.accept(e);
            return new Surface(decoded.header().id(), EventMessages.fromSurface(fold.nodes()), trust);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
