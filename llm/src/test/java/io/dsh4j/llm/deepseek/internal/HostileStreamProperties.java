package io.dsh4j.llm.deepseek.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.llm.BlockAssembler;
import io.dsh4j.llm.LlmCodes;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsJson;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * Hostile event streams: random framing (splits at any byte, CR / LF / CRLF, comments, other fields,
 * empty events), garbage, a 100 MB event and never-ending streams all end in a defined finish or a
 * clear failure, never an exception escaping, never unbounded memory.
 */
class HostileStreamProperties {

    private static final Set<String> FAILURE_CODES = Set.of(LlmCodes.STREAM_CLOSED, LlmCodes.MALFORMED_RESPONSE,
            LlmCodes.EVENT_TOO_LARGE, LlmCodes.RESPONSE_TOO_LARGE, LlmCodes.EMPTY_RESPONSE);

    /** Serves {@code bytes} in reads whose sizes come from {@code cuts} (cycled), splitting at any byte. */
    static InputStream split(byte[] bytes, List<Integer> cuts) {
        return new InputStream() {
            int pos;
            int turn;

            @Override public int read() {
                return pos < bytes.length ? bytes[pos++] & 0xff : -1;
            }

            @Override public int read(byte[] b, int off, int len) {
                if (pos >= bytes.length) return -1;
                int want = cuts.isEmpty() ? len : Math.max(1, cuts.get(turn++ % cuts.size()));
                int n = Math.min(Math.min(want, len), bytes.length - pos);
                System.arraycopy(bytes, pos, b, off, n);
                pos += n;
                return n;
            }
        };
    }

    // ---- SSE framing -------------------------------------------------------------------------------

    @Provide
    Arbitrary<List<String>> eventData() {
        Arbitrary<String> line = Arbitraries.strings().withChars("abc {}\":,é中\u00ff").ofMaxLength(12);
        return line.list().ofMinSize(1).ofMaxSize(3).map(lines -> String.join("\n", lines))
                .filter(s -> !s.isEmpty()).list().ofMaxSize(8);
    }

    /** Writes {@code events} as SSE with random line endings, comments, other fields and blank lines. */
    static byte[] frame(List<String> events, long seed) {
        Random r = new Random(seed);
        Framer f = new Framer(r);
        for (String e : events) {
            if (r.nextInt(3) == 0) f.line(": keep-alive");
            if (r.nextInt(4) == 0) f.line("");
            if (r.nextInt(4) == 0) f.line("event: message");
            for (String line : e.split("\n", -1)) {
                // "data:" + a line starting with a space would lose that space: such lines always get "data: "
                f.line((r.nextBoolean() || line.startsWith(" ") ? "data: " : "data:") + line);
                if (r.nextInt(5) == 0) f.line("id: 42");
            }
            f.line("");
        }
        return f.b.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Appends lines with random endings; after a lone CR the next ending never starts with LF (that would be one CRLF). */
    static final class Framer {
        final StringBuilder b = new StringBuilder();
        final Random r;
        boolean afterCr;

        Framer(Random r) {
            this.r = r;
        }

        void line(String text) {
            if (afterCr && text.isEmpty()) {
                b.append(r.nextBoolean() ? "\r" : "\r\n");
                afterCr = b.charAt(b.length() - 1) == '\r';
                return;
            }
            b.append(text);
            String[] endings = {"\n", "\r\n", "\r"};
            String end = endings[r.nextInt(3)];
            b.append(end);
            afterCr = end.equals("\r");
        }
    }

    @Property
    void sse_events_survive_any_framing_and_any_split(@ForAll("eventData") List<String> events, @ForAll long seed,
                                                      @ForAll @Size(max = 6) List<@IntRange(min = 1, max = 9) Integer> cuts) throws IOException {
        byte[] bytes = frame(events, seed);
        List<String> seen = new ArrayList<>();

        new SseReader(split(bytes, cuts), 1 << 20).run((data, length) -> seen.add(new String(data, 0, length, StandardCharsets.UTF_8)));

        assertThat(seen.stream().map(JsJson::quote).toList()).isEqualTo(events.stream().map(JsJson::quote).toList());
    }

    @Test
    void an_event_without_data_lines_and_a_trailing_unterminated_event_are_not_dispatched() throws IOException {
        List<String> seen = new ArrayList<>();
        byte[] bytes = ":c\n\nevent: x\n\n\n\ndata: a\n\ndata: tail".getBytes(StandardCharsets.UTF_8);

        new SseReader(new ByteArrayInputStream(bytes), 1024).run((d, n) -> seen.add(new String(d, 0, n, StandardCharsets.UTF_8)));

        assertThat(seen).containsExactly("a");
    }

    // ---- translation end to end --------------------------------------------------------------------

    /** One delta of a scripted answer: kind 0 reasoning, 1 text, 2.. tool call (kind - 2). */
    record Delta(int kind, String text) { }

    @Provide
    Arbitrary<List<Delta>> script() {
        Arbitrary<Delta> d = Combinators.combine(Arbitraries.integers().between(0, 4),
                Arbitraries.strings().withChars("ab{}\":\\\n é中").ofMaxLength(6)).as(Delta::new);
        return d.list().ofMaxSize(30);
    }

    static String payload(Delta d, boolean[] named) {
        var chunk = JsJson.nodes().objectNode();
        var delta = chunk.putArray("choices").addObject().putObject("delta");
        switch (d.kind) {
            case 0 -> delta.put("reasoning_content", d.text);
            case 1 -> delta.put("content", d.text);
            default -> {
                int call = d.kind - 2;
                var c = delta.putArray("tool_calls").addObject().put("index", call);
                var fn = c.putObject("function");
                if (!named[call]) {
                    c.put("id", "call_" + call).put("type", "function");
                    fn.put("name", "tool" + call);
                    named[call] = true;
                }
                fn.put("arguments", d.text);
            }
        }
        return JsJson.stringify(chunk);
    }

    @Property
    void a_scripted_answer_assembles_to_its_blocks_whatever_the_framing(@ForAll("script") List<Delta> script, @ForAll long seed,
                                                                        @ForAll @Size(max = 5) List<@IntRange(min = 1, max = 40) Integer> cuts)
            throws IOException {
        boolean[] named = new boolean[3];
        List<String> events = new ArrayList<>();
        for (Delta d : script) events.add(payload(d, named));
        boolean anyCall = named[0] || named[1] || named[2];
        events.add("{\"choices\":[{\"delta\":{},\"finish_reason\":\"" + (anyCall ? "tool_calls" : "stop") + "\"}],"
                + "\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":3}}");
        events.add("[DONE]");
        List<StreamChunk> chunks = new ArrayList<>();

        FinishReason failure = new EventStream("t", 1 << 20, 1 << 24, false).read(split(frame(events, seed), cuts), chunks::add);

        // expected blocks in first-seen order of their kind
        List<Integer> order = new ArrayList<>();
        StringBuilder[] text = {new StringBuilder(), new StringBuilder(), new StringBuilder(), new StringBuilder(), new StringBuilder()};
        for (Delta d : script) {
            boolean opens = d.kind >= 2 || !d.text.isEmpty();
            if (opens && !order.contains(d.kind)) order.add(d.kind);
            text[d.kind].append(d.text);
        }
        List<ContentBlock> expected = order.stream().<ContentBlock>map(k -> switch (k) {
            case 0 -> new ContentBlock.Reasoning(text[0].toString());
            case 1 -> new ContentBlock.Text(text[1].toString());
            default -> new ContentBlock.ToolCall("call_" + (k - 2), "tool" + (k - 2), text[k].toString());
        }).toList();
        assertThat(failure).isNull();
        assertThat(chunks.getLast()).isInstanceOf(StreamChunk.Finish.class);
        assertThat(chunks).filteredOn(c -> c instanceof StreamChunk.Finish).hasSize(1);
        BlockAssembler a = new BlockAssembler();
        chunks.forEach(a);
        assertThat(a.blocks()).isEqualTo(expected);
        if (expected.isEmpty()) assertThat(a.finish().orElseThrow()).isInstanceOf(FinishReason.Error.class);
    }

    @Property
    void garbage_ends_in_a_defined_failure_or_finish_never_an_exception(@ForAll @Size(max = 400) byte[] noise,
                                                                      @ForAll @Size(max = 4) List<@IntRange(min = 1, max = 7) Integer> cuts,
                                                                      @ForAll boolean asData) throws IOException {
        byte[] bytes = noise;
        if (asData) {
            byte[] prefix = "data: ".getBytes(StandardCharsets.US_ASCII);
            bytes = new byte[prefix.length + noise.length];
            System.arraycopy(prefix, 0, bytes, 0, prefix.length);
            System.arraycopy(noise, 0, bytes, prefix.length, noise.length);
        }
        List<StreamChunk> chunks = new ArrayList<>();

        FinishReason failure = new EventStream("t", 1024, 4096, false).read(split(bytes, cuts), chunks::add);

        if (failure == null) {
            assertThat(chunks.getLast()).isInstanceOf(StreamChunk.Finish.class);
        } else {
            assertThat(((FinishReason.Error) failure).failure().code()).isIn(FAILURE_CODES);
            assertThat(chunks).noneMatch(c -> c instanceof StreamChunk.Finish);
        }
    }

    // ---- size caps -----------------------------------------------------------------------------------

    /** An endless (or {@code limit}-byte) stream repeating {@code unit} after {@code head}; counts what was read. */
    static final class Endless extends InputStream {
        private final byte[] head;
        private final byte[] unit;
        private final long limit;
        long served;

        Endless(String head, String unit, long limit) {
            this.head = head.getBytes(StandardCharsets.UTF_8);
            this.unit = unit.getBytes(StandardCharsets.UTF_8);
            this.limit = limit;
        }

        @Override public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override public int read(byte[] b, int off, int len) {
            if (served >= limit) return -1;
            int n = (int) Math.min(len, limit - served);
            for (int i = 0; i < n; i++, served++) {
                b[off + i] = served < head.length ? head[(int) served] : unit[(int) ((served - head.length) % unit.length)];
            }
            return n;
        }
    }

    @Test
    void a_100_MB_event_is_EVENT_TOO_LARGE_after_reading_no_more_than_the_cap() throws IOException {
        Endless hundredMb = new Endless("data: {\"choices\":[{\"delta\":{\"content\":\"", "a", 100L * 1024 * 1024);
        List<StreamChunk> chunks = new ArrayList<>();

        FinishReason failure = new EventStream("t", 16 * 1024 * 1024, 256L * 1024 * 1024, false).read(hundredMb, chunks::add);

        assertThat(((FinishReason.Error) failure).failure().code()).isEqualTo(LlmCodes.EVENT_TOO_LARGE);
        assertThat(((FinishReason.Error) failure).failure().message()).contains("16777216 bytes");
        assertThat(hundredMb.served).isLessThanOrEqualTo(16L * 1024 * 1024 + 64 * 1024);
        assertThat(chunks).isEmpty();
    }

    @Test
    void a_never_ending_stream_of_deltas_is_RESPONSE_TOO_LARGE_at_the_response_cap() throws IOException {
        Endless forever = new Endless("", "data: {\"choices\":[{\"delta\":{\"content\":\"x\"}}]}\n\n", Long.MAX_VALUE);
        long[] deltas = {0};

        FinishReason failure = new EventStream("t", 1024, 1024 * 1024, false).read(forever, c -> {
            if (c instanceof StreamChunk.TextDelta) deltas[0]++;
        });

        assertThat(((FinishReason.Error) failure).failure().code()).isEqualTo(LlmCodes.RESPONSE_TOO_LARGE);
        assertThat(deltas[0]).isGreaterThan(1000);
        assertThat(forever.served).isLessThanOrEqualTo(1024 * 1024 + 64 * 1024);
    }

    @Test
    void a_never_ending_stream_of_comments_is_RESPONSE_TOO_LARGE_too() throws IOException {
        Endless forever = new Endless("", ": keep-alive\n", Long.MAX_VALUE);

        FinishReason failure = new EventStream("t", 1024, 1024 * 1024, false).read(forever, c -> { });

        assertThat(((FinishReason.Error) failure).failure().code()).isEqualTo(LlmCodes.RESPONSE_TOO_LARGE);
    }

    @Test
    void a_huge_comment_or_other_field_line_is_skipped_without_being_stored() throws IOException {
        Endless longComment = new Endless(":", "z", 8L * 1024 * 1024);
        List<StreamChunk> chunks = new ArrayList<>();

        FinishReason failure = new EventStream("t", 1024, 64L * 1024 * 1024, false).read(longComment, chunks::add);

        assertThat(((FinishReason.Error) failure).failure().code()).isEqualTo(LlmCodes.STREAM_CLOSED);
    }
}
