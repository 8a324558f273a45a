package io.dsh4j.session.event;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsonLimits;
import io.dsh4j.session.SessionStats;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.Tuple;

/**
 * Issue 16, the byte-level fast path pinned to the projected decode it stands in for: on generated lines
 * (DSH's compact envelopes with random data — escapes, surrogates, every kind of number, duplicate and
 * hollowed keys — and odd envelopes, with random byte damage) and on every corpus line, whenever
 * {@link CompactLineDecoder} reads a line, the token decode reads it too and gives the same event: type,
 * seq, time, key layout, metadata and data, node class for node class and in key order. A line the token
 * decode refuses is never read by the fast path (so the full decoder's error stands).
 */
class CompactLineDecoderProperties {

    static final List<String> TYPES = List.of("request/header", "session/title", "agent/inbox/spliced", "hook/invoked",
            "x-new/thing", "turn/start", "turn/end", "step/start", "step/end", "tool/call", "tool/result", "llm/retry",
            "assistant/chunk", "assistant/message", "user/message", "steering/message", "text-chunks");

    static final DataProjection[] PROJECTIONS = {SessionStats.DATA, DataProjection.forLoading()};

    static Arbitrary<String> json(int depth) {
        Arbitrary<String> valid = Arbitraries.oneOf(
                Arbitraries.of("1", "-0", "0", "-12", "1e400", "1.5e3", "1E-2", "0.0", "-0.0", "2147483647", "2147483648",
                        "-2147483649", "1234567890", "123456789012345678", "1234567890123456789", "12345678901234567890", "0.5",
                        "true", "false", "null", "\"\"", "\"fallback\"", "\"completed\"", "\"\\u00e9\\ud800x\"",
                        "\"\\uD83D\\uDE00\"", "\"a\\\\b\\/c\\n\\t\\r\\b\\f\\\"\"", "\"\u00e9\u4e2d\uD83D\uDE00\"",
                        "\"" + "long ".repeat(50) + "\""),
                Arbitraries.strings().ofMaxLength(8).map(s -> JsJson.stringify(JsJson.nodes().textNode(s))));
        // what JSON.parse refuses (leading zeros, bad escapes and literals, a raw control character)
        Arbitrary<String> invalid = Arbitraries.of("01", "1.", "-", "nul", "\"\\x\"", "\"\\u12\"", "\"tab\there\"", "+1");
        Arbitrary<String> scalar = Arbitraries.frequencyOf(Tuple.of(40, valid), Tuple.of(1, invalid));
        if (depth == 0) return scalar;
        Arbitrary<String> key = Arbitraries.frequencyOf(Tuple.of(30, Arbitraries.of("reason", "title", "turn", "step", "kind", "a",
                "content", "callId", "id", "role", "source", "message", "chunk", "type", "\u00e9t\u00e9")),
                Tuple.of(1, Arbitraries.just("k\\u0065y")));
        Arbitrary<String> member = Combinators.combine(key, json(depth - 1)).as((k, v) -> "\"" + k + "\":" + v);
        Arbitrary<String> object = member.list().ofMaxSize(4).map(ms -> "{" + String.join(",", ms) + "}");
        Arbitrary<String> array = json(depth - 1).list().ofMaxSize(3).map(vs -> "[" + String.join(",", vs) + "]");
        return Arbitraries.frequencyOf(Tuple.of(2, scalar), Tuple.of(5, object), Tuple.of(2, array));
    }

    /** The envelope's keys after type (each as it is written), in a generated order. */
    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> seq = Arbitraries.frequencyOf(Tuple.of(10, Arbitraries.of("\"seq\":7", "\"seq\":0", "\"seq\":123456789012345")),
                Tuple.of(1, Arbitraries.of("\"seq\":-1", "\"seq\":1.0", "\"seq\":1234567890123456", "\"seq\":\"7\"")));
        Arbitrary<String> time = Arbitraries.frequencyOf(Tuple.of(10, Arbitraries.of("\"time\":1700000000000", "\"time\":-5", "\"time\":0")),
                Tuple.of(1, Arbitraries.just("\"time\":-0")));
        Arbitrary<String> extra = Arbitraries.frequencyOf(Tuple.of(10, Arbitraries.of("", ",\"surfaceOp\":\"append\"",
                ",\"sourceEventSeqs\":[1,2],\"surfaceOp\":\"append\"",
                ",\"sourceEventSeqs\":[],\"surfaceOp\":{\"op\":\"replace\",\"start\":1,\"end\":3}")),
                Tuple.of(1, Arbitraries.of(",\"sourceEventSeqs\":[-1]", ",\"surfaceOp\":{\"op\":\"replace\",\"start\":1}",
                        ",\"ignorable\":true", ",\"seq\":8", ",\"other\":1")));
        Arbitrary<Integer> order = Arbitraries.integers().between(0, 9);
        return Combinators.combine(Arbitraries.of(TYPES), seq, time, json(3), extra, order).as((type, s, t, data, x, o) -> {
            String typeKey = "\"type\":\"" + type + "\"";
            String dataKey = "\"data\":" + data;
            return switch (o) {
                case 0 -> "{" + dataKey + "," + typeKey + "," + s + "," + t + x + "}";
                case 1 -> "{" + typeKey + "," + dataKey + x + "}";
                case 2 -> "{" + typeKey + ", " + s + "," + t + "," + dataKey + x + "}";
                default -> "{" + typeKey + "," + s + "," + t + "," + dataKey + x + "}";
            };
        });
    }

    @Provide
    Arbitrary<List<Tuple.Tuple2<Integer, byte[]>>> damage() {
        Arbitrary<byte[]> bytes = Arbitraries.of(new byte[] {(byte) 0x80}, new byte[] {(byte) 0xC3}, new byte[] {(byte) 0xFF},
                new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
                new byte[] {'"'}, new byte[] {'\\'}, new byte[] {'{'}, new byte[] {'}'}, new byte[] {']'}, new byte[] {','},
                new byte[] {':'}, new byte[] {1}, new byte[] {'-'}, new byte[] {'e'}, new byte[] {' '}, new byte[] {'0'});
        Arbitrary<List<Tuple.Tuple2<Integer, byte[]>>> some = Combinators.combine(Arbitraries.integers().between(0, 999), bytes)
                .as(Tuple::of).list().ofMinSize(1).ofMaxSize(2);
        return Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just(List.of())), Tuple.of(1, some));
    }

    @Property(tries = 2000)
    void the_fast_path_reads_a_generated_line_as_the_token_decode_does(@ForAll("lines") String line,
            @ForAll("damage") List<Tuple.Tuple2<Integer, byte[]>> damage) throws IOException {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        for (var d : damage) {
            int at = (int) ((long) bytes.length * d.get1() / 1000);
            byte[] out = new byte[bytes.length - 1 + d.get2().length];
            System.arraycopy(bytes, 0, out, 0, at);
            System.arraycopy(d.get2(), 0, out, at, d.get2().length);
            System.arraycopy(bytes, at + 1, out, at + d.get2().length, bytes.length - at - 1);
            bytes = out;
        }
        // the line sits inside a larger buffer, as in a decoded frame: the bytes around it must not matter
        byte[] buf = new byte[bytes.length + 8];
        System.arraycopy(bytes, 0, buf, 3, bytes.length);
        buf[3 + bytes.length] = '\n';
        buf[4 + bytes.length] = '}';
        Statistics.collect(assertSame(buf, 3, bytes.length) ? "read" : "declined");
        // a law that held because every line was declined would pin nothing
        Statistics.coverage(c -> c.check("read").percentage(p -> p > 10));
    }

    @Example
    void the_fast_path_reads_every_corpus_line_as_the_token_decode_does() throws IOException {
        List<Path> logs = new ArrayList<>(Corpus.rawLogs());
        int read = 0;
        for (Path log : logs) {
            byte[] text = Files.readAllBytes(log);
            int start = 0;
            for (int i = 0; i < text.length; i++) {
                if (text[i] != '\n') continue;
                if (start > 0 && assertSame(text, start, i - start)) read++;
                start = i + 1;
            }
        }
        assertThat(read).as("corpus lines the fast path reads").isGreaterThan(1000);
    }

    @Example
    void the_fast_path_declines_what_it_does_not_read() {
        String base = "{\"type\":\"step/start\",\"seq\":3,\"time\":5,\"data\":{\"turn\":1,\"step\":1}}";
        assertThat(decode(base)).isNotNull();
        for (String line : List.of(
                "{\"type\":\"step/start\", \"seq\":3,\"time\":5,\"data\":{\"turn\":1,\"step\":1}}", // white space
                "{\"type\":\"step/start\",\"seq\":3,\"data\":{\"turn\":1,\"step\":1}}", // seq without time
                "{\"type\":\"step/start\",\"seq\":3,\"time\":5,\"data\":{\"turn\":1,\"step\":1},\"ignorable\":true}",
                "{\"type\":\"step/start\",\"seq\":3,\"time\":5,\"data\":{\"t\\u0075rn\":1,\"step\":1}}", // escaped key
                "{\"type\":\"step/start\",\"seq\":3,\"time\":5,\"data\":{\"turn\":12345678901234567890,\"step\":1}}",
                "{\"type\":\"step/start\",\"seq\":3,\"time\":5,\"data\":{\"turn\":1,\"step\":1}} ",
                "{\"type\":\"text-chunks\",\"seq0\":3,\"time0\":5,\"data\":{\"turn\":1,\"step\":1}}", // a packed row
                "{\"type\":\"step/start\",\"seq\":3,\"time\":5,\"data\":" + "[".repeat(70) + "]".repeat(70) + "}")) {
            assertThat(decode(line)).as(line).isNull();
        }
    }

    @Example
    void a_user_message_read_for_loading_keeps_its_content_empty() {
        String line = "{\"type\":\"user/message\",\"seq\":3,\"time\":5,\"data\":{\"content\":[{\"type\":\"text\",\"text\":\"hi\"}],"
                + "\"source\":{\"kind\":\"user\"},\"role\":\"user\",\"id\":\"m1\"},\"surfaceOp\":\"append\"}";
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        SessionEvent loading = CompactLineDecoder.decode(b, 0, b.length, 99, DataProjection.forLoading(), JsonLimits.DEFAULTS);
        assertThat(JsJson.stringify(loading.data())).isEqualTo("{\"content\":[],\"source\":{\"kind\":\"user\"},\"role\":\"user\",\"id\":\"m1\"}");
        SessionEvent whole = CompactLineDecoder.decode(b, 0, b.length, 99,
                DataProjection.forLoading(java.util.Set.of(EventTypes.USER_MESSAGE)), JsonLimits.DEFAULTS);
        assertThat(JsJson.stringify(whole.data())).startsWith("{\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]");
    }

    private static SessionEvent decode(String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        return CompactLineDecoder.decode(b, 0, b.length, 99, SessionStats.DATA, JsonLimits.DEFAULTS);
    }

    /** For each projection: when the fast path reads the line, the token decode gives the same event. Whether it read it. */
    private static boolean assertSame(byte[] buf, int off, int len) throws IOException {
        boolean read = false;
        for (DataProjection projection : PROJECTIONS) {
            SessionEvent fast = CompactLineDecoder.decode(buf, off, len, 99, projection, JsonLimits.DEFAULTS);
            if (fast == null) continue;
            read = true;
            String line = new String(buf, off, len, StandardCharsets.UTF_8);
            StorageRecord token;
            try (JsonParser p = JsJson.factory(JsonLimits.DEFAULTS).createParser(buf, off, len)) {
                token = RecordDecoder.decode(p, 99, projection);
            }
            assertThat(token).as(line).isInstanceOf(SessionEvent.class);
            SessionEvent e = (SessionEvent) token;
            assertThat(fast).as(line).isEqualTo(e);
            assertThat(fast.layout()).as(line).isEqualTo(e.layout());
            assertThat(fast.time()).as(line).isEqualTo(e.time());
            assertStrictlyEqual(fast.data(), e.data(), line);
        }
        return read;
    }

    /** Node class for node class ({@code IntNode} is not {@code LongNode}, {@code -0.0} is not {@code 0}), keys in order. */
    private static void assertStrictlyEqual(JsonNode a, JsonNode b, String line) {
        assertThat(a).as(line).isEqualTo(b);
        assertThat(a.getClass()).as(line).isEqualTo(b.getClass());
        if (a.isObject()) {
            Iterator<String> ka = a.fieldNames();
            Iterator<String> kb = b.fieldNames();
            while (ka.hasNext()) {
                String k = ka.next();
                assertThat(kb.next()).as(line).isEqualTo(k);
                assertStrictlyEqual(a.get(k), b.get(k), line);
            }
        } else if (a.isArray()) {
            for (int i = 0; i < a.size(); i++) assertStrictlyEqual(a.get(i), b.get(i), line);
        }
    }
}
