package io.dsh4j.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.message.json.JsonLimits;
import io.dsh4j.session.event.CorruptRecordException;
import io.dsh4j.session.event.DataProjection;
import io.dsh4j.session.event.StorageCodec;
import io.dsh4j.session.event.StorageRecord;
import io.dsh4j.testkit.SessionLogBuilder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;

/**
 * Issue 16, the streaming token scan as a law: on generated logs (SessionLogBuilder turns plus
 * events of every kind the scans skip, with random JSON data) and on the same logs with random
 * byte damage — invalid UTF-8, stray structure, broken escapes — the stats scan gives the tree
 * read's status and totals, and the verify scan the tree read's result; line by line, the projected
 * decode fails exactly when the full decode does, with the same message.
 */
class StreamingScanProperties {

    private final Path dir;

    StreamingScanProperties() throws IOException {
        dir = Files.createTempDirectory("dsh4j-scan-props");
    }

    @AfterProperty
    void cleanUp() throws IOException {
        try (var s = Files.list(dir)) {
            for (Path p : s.toList()) Files.deleteIfExists(p);
        }
    }

    static final List<String> TYPES = List.of("request/header", "session/title", "agent/inbox/spliced", "hook/invoked",
            "request/context", "x-new/thing", "turn/start", "turn/end", "step/start", "step/end", "tool/call", "llm/retry",
            "assistant/chunk", "user/message", "steering/message");

    static Arbitrary<String> json(int depth) {
        Arbitrary<String> scalar = Arbitraries.oneOf(
                Arbitraries.of("1", "-0", "0", "-12", "1e400", "12345678901234567890", "0.5", "true", "false", "null", "\"\"",
                        "\"fallback\"", "\"completed\"", "\"\\u00e9\\ud800x\"", "\"a\\\\b\\/c\\n\"", "\"\u00e9\u4e2d\uD83D\uDE00\"",
                        "\"" + "long ".repeat(50) + "\""),
                Arbitraries.strings().alpha().numeric().ofMaxLength(12).map(s -> "\"" + s + "\""));
        if (depth == 0) return scalar;
        Arbitrary<String> key = Arbitraries.of("reason", "title", "turn", "step", "kind", "a", "content", "callId", "trigger", "id", "role",
                "source", "message", "provenance", "isError");
        Arbitrary<String> member = Combinators.combine(key, json(depth - 1)).as((k, v) -> "\"" + k + "\":" + v);
        Arbitrary<String> object = member.list().ofMaxSize(4).map(ms -> "{" + String.join(",", ms) + "}");
        Arbitrary<String> array = json(depth - 1).list().ofMaxSize(3).map(vs -> "[" + String.join(",", vs) + "]");
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(2, scalar), net.jqwik.api.Tuple.of(5, object),
                net.jqwik.api.Tuple.of(2, array));
    }

    record Line(String type, String data, boolean ignorable) {}

    @Provide
    Arbitrary<List<Line>> lines() {
        return Combinators.combine(Arbitraries.of(TYPES), json(3), Arbitraries.integers().between(0, 5))
                .as((t, d, i) -> new Line(t, d, i == 0)).list().ofMaxSize(14);
    }

    /** Damage: positions (per mille of the text) and the bytes put there (replacing one byte, or inserted). */
    record Damage(int permille, byte[] bytes, boolean insert) {}

    @Provide
    Arbitrary<List<Damage>> damage() {
        Arbitrary<byte[]> bytes = Arbitraries.of(new byte[] {(byte) 0x80}, new byte[] {(byte) 0xC3}, new byte[] {(byte) 0xFF},
                new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, new byte[] {'"'}, new byte[] {'\\'}, new byte[] {'{'},
                new byte[] {'}'}, new byte[] {']'}, new byte[] {','}, new byte[] {':'}, new byte[] {'\n'}, new byte[] {1},
                new byte[] {'\\', 'u', 'd', '8'}, new byte[] {'-'}, new byte[] {'e'}, new byte[] {' '});
        return Combinators.combine(Arbitraries.integers().between(0, 999), bytes, Arbitraries.of(true, false))
                .as(Damage::new).list().ofMaxSize(2);
    }

    static String text(List<Line> lines) {
        SessionLogBuilder b = SessionLogBuilder.session("scan", "/work/p");
        b.turn(1, t -> t.user("hello").assistant("hi"));
        for (Line l : lines) b.event(l.type(), l.data(), l.ignorable() ? "\"ignorable\":true" : null);
        b.turn(2, t -> t.user("again").assistant("sure"));
        return b.text();
    }

    /**
     * The text with the damage applied after its header line (the header is read whole on every path;
     * and {@code SessionHeader.equals} cannot compare a fixture header holding {@code -0}).
     */
    static byte[] damaged(byte[] text, List<Damage> damage) {
        byte[] out = text;
        int body = 0;
        while (body < text.length && text[body] != '\n') body++;
        body++;
        for (Damage d : damage) {
            int at = body + (int) ((long) (out.length - body) * d.permille() / 1000);
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            b.write(out, 0, at);
            b.writeBytes(d.bytes());
            int skip = d.insert() ? 0 : 1;
            if (at + skip <= out.length) b.write(out, at + skip, out.length - at - skip);
            out = b.toByteArray();
        }
        return out;
    }

    void assertScansAgree(byte[] text) throws IOException {
        Path log = Files.write(Files.createTempFile(dir, "log", ".jsonl"), text);
        for (SessionLogReader.Options options : List.of(SessionLogReader.Options.FIXTURE, SessionLogReader.Options.STRICT)) {
            StreamingScanTest.Figures tree = StreamingScanTest.treeStats(log, options);
            assertThat(StreamingScanTest.scanStats(log, options)).isEqualTo(tree);
            assertThat(SessionLogReader.check(log, options)).isEqualTo(tree.result());
        }
    }

    @Property(tries = 150)
    void the_scans_agree_with_the_tree_read_on_generated_logs(@ForAll("lines") List<Line> lines) throws IOException {
        assertScansAgree(text(lines).getBytes(StandardCharsets.UTF_8));
    }

    @Property(tries = 400)
    void the_scans_agree_with_the_tree_read_on_damaged_logs(@ForAll("lines") List<Line> lines,
            @ForAll("damage") List<Damage> damage) throws IOException {
        assertScansAgree(damaged(text(lines).getBytes(StandardCharsets.UTF_8), damage));
    }

    @Property(tries = 1000)
    void a_projected_line_decode_fails_exactly_when_the_full_decode_fails(@ForAll("lines") List<Line> lines,
            @ForAll("damage") List<Damage> damage) {
        byte[] text = damaged(text(lines).getBytes(StandardCharsets.UTF_8), damage);
        DataProjection[] projections = {SessionStats.DATA, DataProjection.forLoading()};
        int start = 0;
        long seq = 0;
        for (int i = 0; i <= text.length; i++) {
            if (i < text.length && text[i] != '\n') continue;
            int from = start;
            int len = i - start;
            long s = seq++;
            String full = outcome(() -> StorageCodec.decode(text, from, len, s, JsonLimits.DEFAULTS));
            for (DataProjection p : projections) {
                String projected = outcome(() -> StorageCodec.decode(text, from, len, s, JsonLimits.DEFAULTS, p));
                assertThat(projected).isEqualTo(full);
            }
            start = i + 1;
        }
    }

    /** "ok TYPE FIRSTSEQ COUNT" or "error MESSAGE". */
    static String outcome(java.util.function.Supplier<StorageRecord> decode) {
        try {
            StorageRecord r = decode.get();
            return "ok " + r.type() + " " + r.firstSeq() + " " + r.eventCount();
        } catch (CorruptRecordException e) {
            return "error " + e.getMessage();
        }
    }
}
