package io.dsh4j.testkit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.luben.zstd.ZstdCompressCtx;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Builds DSH session logs as DSH stores them (spec {@code sessions-llm-http.md} §1): line 1 the
 * {@code session} header, then one storage record per line with {@code seq} counted from 0; written
 * raw ({@code session.jsonl}) or as DSH's default encoding, independent checksummed zstd frames —
 * the header alone in the first, then batches of lines ({@code session.jsonl.zstd}).
 *
 * <p>It builds text, not session objects: the testkit sits below the session library so that the
 * session module's own tests can use it (docs/decisions.md). Not thread-safe.
 *
 * <pre>{@code
 * String text = SessionLogBuilder.session("s1", "/work/project")
 *         .turn(1, t -> t.user("How do I rotate the logs?").assistant("Use logrotate."))
 *         .text();
 * SessionLogBuilder.session("s2", cwd).turn(1, t -> t.user("hi")).writeZstd(dir.resolve("session.jsonl.zstd"), 3);
 * }</pre>
 */
public final class SessionLogBuilder {

    /** Default {@code createdAt} of a header, and {@code time} of every record. */
    public static final long DEFAULT_TIME = 1_783_352_050_748L;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String header;
    private final List<String> records = new ArrayList<>();
    private long time = DEFAULT_TIME;
    private int messages;

    private SessionLogBuilder(String header) {
        this.header = header;
    }

    /** A log whose header names session {@code id} started in {@code cwd}, at {@link #DEFAULT_TIME}. */
    public static SessionLogBuilder session(String id, String cwd) {
        return session(id, cwd, DEFAULT_TIME);
    }

    /** A log whose header names session {@code id} started in {@code cwd} at {@code createdAt}. */
    public static SessionLogBuilder session(String id, String cwd, long createdAt) {
        return new SessionLogBuilder("{\"type\":\"session\",\"version\":0,\"id\":" + quote(id) + ",\"createdAt\":"
                + createdAt + ",\"cwd\":" + quote(cwd) + ",\"delegationDepth\":0}");
    }

    /** A log whose first line is {@code headerJson} verbatim (a header of any shape, or none at all). */
    public static SessionLogBuilder withHeaderLine(String headerJson) {
        return new SessionLogBuilder(Objects.requireNonNull(headerJson, "headerJson"));
    }

    /** The {@code time} of the records appended from now on. */
    public SessionLogBuilder at(long epochMillis) {
        this.time = epochMillis;
        return this;
    }

    /**
     * Appends one record: {@code {"type":…,"seq":<next>,"time":…,"data":<dataJson>}} followed by
     * {@code extraFieldsJson} (e.g. {@code "surfaceOp":"append"}, or empty).
     */
    public SessionLogBuilder event(String type, String dataJson, String extraFieldsJson) {
        String extra = extraFieldsJson == null || extraFieldsJson.isEmpty() ? "" : "," + extraFieldsJson;
        records.add("{\"type\":" + quote(type) + ",\"seq\":" + records.size() + ",\"time\":" + time + ",\"data\":"
                + dataJson + extra + "}");
        return this;
    }

    /** Appends one record without extra fields. */
    public SessionLogBuilder event(String type, String dataJson) {
        return event(type, dataJson, "");
    }

    /** Appends a line verbatim (a torn, corrupt or foreign line); it takes no {@code seq}. */
    public SessionLogBuilder rawLine(String line) {
        records.add(line);
        return this;
    }

    /** Appends {@code turn/start}, what {@code body} adds, and a completed {@code turn/end}. */
    public SessionLogBuilder turn(int turn, java.util.function.Consumer<Turn> body) {
        event("turn/start", "{\"turn\":" + turn + "}");
        body.accept(new Turn(turn));
        return event("turn/end", "{\"turn\":" + turn + ",\"reason\":{\"kind\":\"completed\"}}");
    }

    /** The messages of one turn. */
    public final class Turn {
        private final int turn;

        private Turn(int turn) {
            this.turn = turn;
        }

        /** A {@code user/message} with one text block. */
        public Turn user(String text) {
            event("user/message", "{\"id\":\"u" + (messages++) + "\",\"role\":\"user\",\"source\":{\"kind\":\"user\"},"
                    + "\"content\":[{\"type\":\"text\",\"text\":" + quote(text) + "}]}", "\"surfaceOp\":\"append\"");
            return this;
        }

        /** An {@code assistant/message} of step 1 with one text block. */
        public Turn assistant(String text) {
            return assistantBlock("text", text);
        }

        /** An {@code assistant/message} of step 1 with one reasoning block. */
        public Turn reasoning(String text) {
            return assistantBlock("reasoning", text);
        }

        private Turn assistantBlock(String blockType, String text) {
            event("assistant/message", "{\"turn\":" + turn + ",\"step\":1,\"message\":{\"id\":\"a" + (messages++)
                    + "\",\"role\":\"assistant\",\"source\":{\"kind\":\"model\",\"provider\":\"p\",\"model\":\"m\"},"
                    + "\"content\":[{\"type\":" + quote(blockType) + ",\"text\":" + quote(text) + "}]}}",
                    "\"surfaceOp\":\"append\",\"sourceEventSeqs\":[]");
            return this;
        }
    }

    /** The lines: the header first. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>(records.size() + 1);
        lines.add(header);
        lines.addAll(records);
        return lines;
    }

    /** The raw log: every line followed by a newline. */
    public String text() {
        StringBuilder out = new StringBuilder();
        for (String line : lines()) out.append(line).append('\n');
        return out.toString();
    }

    /**
     * The zstd log: the header line alone in the first frame, then frames of {@code linesPerFrame}
     * lines each, every frame independent and checksummed. Decoding all frames gives {@link #text()}.
     */
    public byte[] zstd(int linesPerFrame) {
        if (linesPerFrame < 1) throw new IllegalArgumentException("linesPerFrame must be at least 1: " + linesPerFrame);
        List<String> lines = lines();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
            ctx.setLevel(3).setChecksum(true);
            out.writeBytes(ctx.compress((lines.getFirst() + "\n").getBytes(StandardCharsets.UTF_8)));
            for (int i = 1; i < lines.size(); i += linesPerFrame) {
                StringBuilder frame = new StringBuilder();
                for (String line : lines.subList(i, Math.min(lines.size(), i + linesPerFrame))) {
                    frame.append(line).append('\n');
                }
                out.writeBytes(ctx.compress(frame.toString().getBytes(StandardCharsets.UTF_8)));
            }
        }
        return out.toByteArray();
    }

    /** Writes {@link #text()} to {@code file}, creating its folders; returns {@code file}. */
    public Path writeRaw(Path file) throws IOException {
        createParent(file);
        Files.writeString(file, text(), StandardCharsets.UTF_8);
        return file;
    }

    /** Writes {@link #zstd(int)} to {@code file}, creating its folders; returns {@code file}. */
    public Path writeZstd(Path file, int linesPerFrame) throws IOException {
        createParent(file);
        Files.write(file, zstd(linesPerFrame));
        return file;
    }

    private static void createParent(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
    }

    /** {@code JSON.stringify(s)} for a string. */
    static String quote(String s) {
        try {
            return JSON.writeValueAsString(Objects.requireNonNull(s, "text"));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot quote " + s, e);
        }
    }
}
