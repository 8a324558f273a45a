package io.dsh4j.app.serve;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.SessionLayout;
import io.dsh4j.session.SessionLog;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A DSH home made from the shared corpus: every primary {@code session.jsonl} of {@code corpus/dsh}
 * whose log reads clean, its header given a unique id ({@code corpus-NNN}), a cwd naming the
 * scenario and a distinct {@code createdAt} (later files newer), so that the session store finds it
 * where its header says it is.
 */
final class CorpusHome {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** createdAt of the first session; each next one is a second later. */
    static final long FIRST_CREATED_AT = 1_780_000_000_000L;

    /** A session put into the home. */
    record Entry(String id, Path log, Path source, int events) {}

    private CorpusHome() {}

    /** Builds the home under {@code home} and returns its sessions, oldest first. */
    static List<Entry> build(Path home) throws IOException {
        Path root = home.resolve("sessions");
        List<Path> sources;
        try (Stream<Path> s = Files.walk(Corpus.rawDir())) {
            sources = s.filter(p -> p.getFileName().toString().equals("session.jsonl")).sorted().toList();
        }
        List<Entry> out = new ArrayList<>();
        int n = 0;
        for (Path source : sources) {
            String text = Files.readString(source, StandardCharsets.UTF_8);
            int nl = text.indexOf('\n');
            if (nl < 0) continue;
            ObjectNode header;
            try {
                header = (ObjectNode) JSON.readTree(text.substring(0, nl));
            } catch (IOException | ClassCastException e) {
                continue;
            }
            if (header.has("parentSession")) continue;
            String id = String.format("corpus-%03d", n);
            String cwd = "/corpus/" + source.getParent().getFileName();
            header.put("id", id).put("cwd", cwd).put("createdAt", FIRST_CREATED_AT + n * 1000L);
            Path log = SessionLayout.logPath(root, cwd, id, LogEncoding.RAW);
            Files.createDirectories(log.getParent());
            Files.writeString(log, JSON.writeValueAsString(header) + text.substring(nl), StandardCharsets.UTF_8);
            SessionLog read = SessionLogReader.read(log, SessionLogReader.Options.FIXTURE);
            if (!(read.status() instanceof LogStatus.Ok) || read.events().isEmpty()) {
                Files.delete(log);
                Files.delete(log.getParent());
                continue;
            }
            out.add(new Entry(id, log, source, read.events().size()));
            n++;
        }
        return out;
    }
}
