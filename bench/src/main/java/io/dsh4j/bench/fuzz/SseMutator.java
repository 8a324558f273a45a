package io.dsh4j.bench.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.Js;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.SessionEvent;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The mutation classes of the issue-17 campaign over a model answer's server-sent event stream. A seed
 * is the event list a DeepSeek-style endpoint sends for one recorded assistant message (the role chunk,
 * reasoning, text and tool-call deltas in pieces, the finish chunk with usage, {@code [DONE]}), built
 * from a corpus log's {@code assistant/message} events as {@code ../shared/tools/replay-model-server.py}
 * builds its answers. A case is the seed framed as bytes, damaged by one class, and served in reads of
 * random sizes. Deterministic for a given random source; stateless.
 */
public final class SseMutator {

    /** What a case does to its seed's stream. */
    public enum Mutation {
        /** Serve the canonical bytes in reads of 1–3 bytes (every line end and multi-byte character split). */
        RESPLIT(Expect.SAME),
        /** End each line with LF, CR or CRLF at random, and use {@code data:} with or without the space. */
        LINE_ENDINGS(Expect.SAME),
        /** Insert comments, {@code event}/{@code id}/{@code retry} fields and blank lines between and inside events. */
        COMMENTS(Expect.SAME),
        /** Insert a comment line longer than the event cap (skipped without being stored). */
        HUGE_COMMENT(Expect.SAME),
        /** Make one event's data longer than the event cap. */
        HUGE_EVENT(Expect.PREFIX_THEN_EVENT_TOO_LARGE),
        /** Put an ill-formed UTF-8 sequence at the start of one text, reasoning or arguments value. */
        INVALID_UTF8(Expect.REPLACED),
        /** Cut the stream at a random byte before its end. */
        TRUNCATE(Expect.PREFIX_THEN_STREAM_CLOSED),
        /** Flip one to eight random bytes. */
        BYTE_FLIP(Expect.ANY_DEFINED);

        private final Expect expect;

        Mutation(Expect expect) {
            this.expect = expect;
        }

        /** What the translation of a case of this class must be, compared with the seed's. */
        public Expect expect() {
            return expect;
        }
    }

    /** The invariant a class promises beyond "one finish, last, with a documented code". */
    public enum Expect {
        /** The same chunks as the seed's canonical stream. */
        SAME,
        /** A prefix of the seed's chunks, then a finish with {@code EVENT_TOO_LARGE}. */
        PREFIX_THEN_EVENT_TOO_LARGE,
        /**
         * As many chunks of the same types as the seed's, each equal to the seed's or carrying U+FFFD
         * (the ill-formed bytes read as Node reads them).
         */
        REPLACED,
        /** A prefix of the seed's chunks, then {@code STREAM_CLOSED}. */
        PREFIX_THEN_STREAM_CLOSED,
        /** Only the general invariants. */
        ANY_DEFINED
    }

    /** One case: the damaged bytes and the read sizes to serve them in (cycled). */
    public record Case(Mutation mutation, byte[] body, int[] reads) {}

    /** Characters a piece of text is cut into, as the replay server cuts them. */
    private static final int PIECE = 12;
    private static final int ARGUMENT_PIECE = 16;
    private static final byte[][] ILL_FORMED = {
        {(byte) 0x80}, {(byte) 0xbf, (byte) 0x80}, {(byte) 0xc0, (byte) 0xaf}, {(byte) 0xe0, (byte) 0x80, (byte) 0xaf},
        {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xe4, (byte) 0xb8},
        {(byte) 0xf0, (byte) 0x9f, (byte) 0x98}, {(byte) 0xfe}, {(byte) 0xff, (byte) 0xfe}
    };
    private static final String[] NOISE_LINES = {": keep-alive", ":", ": 心跳", "event: message", "event:", "id: 42", "id",
        "retry: 3000", "retry: x", "dat: {}", "DATA: {}", "data_: {}", " data: {}"};

    private SseMutator() {}

    /**
     * The seed event list for one {@code assistant/message} event, or {@code null} when the event holds
     * no message content.
     */
    public static List<String> seedOf(SessionEvent event) {
        if (!"assistant/message".equals(event.type())) return null;
        JsonNode data = event.data();
        JsonNode content = Js.path(data, "message", "content");
        if (content == null || !content.isArray()) return null;
        String model = Js.stringOr(Js.path(data, "message", "source", "model"), "deepseek-v4-flash");
        List<String> events = new ArrayList<>();
        events.add(chunk(model, delta().put("role", "assistant").put("content", ""), null, null));
        int calls = 0;
        for (JsonNode block : content) {
            String type = Js.str(Js.get(block, "type"));
            if ("reasoning".equals(type)) {
                for (String p : pieces(Js.stringOr(Js.get(block, "text"), ""), PIECE))
                    events.add(chunk(model, delta().put("reasoning_content", p), null, null));
            } else if ("text".equals(type)) {
                for (String p : pieces(Js.stringOr(Js.get(block, "text"), ""), PIECE))
                    events.add(chunk(model, delta().put("content", p), null, null));
            } else if ("tool-call".equals(type)) {
                ObjectNode start = delta();
                ObjectNode call = start.putArray("tool_calls").addObject().put("index", calls)
                        .put("id", Js.stringOr(Js.get(block, "id"), "call_" + calls)).put("type", "function");
                call.putObject("function").put("name", Js.stringOr(Js.get(block, "name"), "tool")).put("arguments", "");
                events.add(chunk(model, start, null, null));
                for (String p : pieces(Js.stringOr(Js.get(block, "arguments"), ""), ARGUMENT_PIECE)) {
                    ObjectNode d = delta();
                    d.putArray("tool_calls").addObject().put("index", calls).putObject("function").put("arguments", p);
                    events.add(chunk(model, d, null, null));
                }
                calls++;
            }
        }
        JsonNode u = Js.get(data, "usage");
        double cache = number(Js.get(u, "cacheReadTokens"));
        double input = number(Js.get(u, "inputTokens"));
        double output = number(Js.get(u, "outputTokens"));
        ObjectNode usage = JsJson.mapper().createObjectNode();
        usage.put("prompt_tokens", (long) (input + cache)).put("prompt_cache_hit_tokens", (long) cache)
                .put("prompt_cache_miss_tokens", (long) input).put("completion_tokens", (long) output)
                .put("total_tokens", (long) (input + cache + output));
        usage.putObject("completion_tokens_details").put("reasoning_tokens", (long) number(Js.get(u, "reasoningTokens")));
        events.add(chunk(model, delta(), calls > 0 ? "tool_calls" : "stop", usage));
        events.add("[DONE]");
        return List.copyOf(events);
    }

    /** The canonical framing: {@code data: PAYLOAD\n\n} per event. */
    public static byte[] canonical(List<String> events) {
        StringBuilder b = new StringBuilder();
        for (String e : events) b.append("data: ").append(e).append("\n\n");
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Applies {@code m} to the seed.
     *
     * @param maxEventBytes the event cap of the configuration the case is read under (sizes the huge classes)
     */
    public static Case mutate(Mutation m, List<String> events, int maxEventBytes, SplittableRandom r) {
        byte[] canonical = canonical(events);
        int[] reads = reads(r, 1 + r.nextInt(64));
        return switch (m) {
            case RESPLIT -> new Case(m, canonical, reads(r, 3));
            case LINE_ENDINGS -> new Case(m, lineEndings(events, r), reads);
            case COMMENTS -> new Case(m, comments(events, r), reads);
            case HUGE_COMMENT -> new Case(m, hugeLine(events, r, ":", maxEventBytes), reads);
            case HUGE_EVENT -> new Case(m, hugeLine(events, r, "data: ", maxEventBytes), reads);
            case INVALID_UTF8 -> new Case(m, invalidUtf8(events, r), reads);
            case TRUNCATE -> new Case(m, java.util.Arrays.copyOf(canonical, r.nextInt(canonical.length)), reads);
            case BYTE_FLIP -> new Case(m, flip(canonical, r), reads);
        };
    }

    private static int[] reads(SplittableRandom r, int max) {
        int[] reads = new int[1 + r.nextInt(6)];
        for (int i = 0; i < reads.length; i++) reads[i] = 1 + r.nextInt(max);
        return reads;
    }

    private static byte[] lineEndings(List<String> events, SplittableRandom r) {
        StringBuilder b = new StringBuilder();
        for (String e : events) {
            // "data:" + a value starting with a space would lose that space; payloads start with '{' or '['
            String first = ending(r);
            String second = ending(r);
            // CR then LF would be one CRLF ending, not the blank line that dispatches the event
            if (first.equals("\r") && second.equals("\n")) second = "\r\n";
            b.append(r.nextBoolean() ? "data: " : "data:").append(e).append(first).append(second);
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String ending(SplittableRandom r) {
        return switch (r.nextInt(3)) {
            case 0 -> "\n";
            case 1 -> "\r";
            default -> "\r\n";
        };
    }

    private static byte[] comments(List<String> events, SplittableRandom r) {
        StringBuilder b = new StringBuilder();
        for (String e : events) {
            while (r.nextInt(3) == 0) b.append(noise(r)).append('\n');
            if (r.nextInt(4) == 0) b.append('\n');
            b.append("data: ").append(e).append('\n');
            while (r.nextInt(3) == 0) b.append(noise(r)).append('\n');
            b.append('\n');
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String noise(SplittableRandom r) {
        return NOISE_LINES[r.nextInt(NOISE_LINES.length)];
    }

    /**
     * The canonical stream with one line of {@code prefix} and more than {@code maxEventBytes} bytes
     * inserted before a random event ({@code data: } makes that line an over-long event of its own).
     */
    private static byte[] hugeLine(List<String> events, SplittableRandom r, String prefix, int maxEventBytes) {
        int at = r.nextInt(events.size());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] filler = new byte[maxEventBytes + 1 + r.nextInt(maxEventBytes)];
        java.util.Arrays.fill(filler, (byte) (r.nextBoolean() ? 'x' : '{'));
        for (int i = 0; i < events.size(); i++) {
            if (i == at) {
                out.writeBytes(prefix.getBytes(StandardCharsets.US_ASCII));
                out.writeBytes(filler);
                out.writeBytes("\n\n".getBytes(StandardCharsets.US_ASCII));
            }
            out.writeBytes(("data: " + events.get(i) + "\n\n").getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    /** Keys whose string values become chunk text; an ill-formed sequence goes at the start of a non-empty one. */
    private static final String[] TEXT_KEYS = {"\"content\":\"", "\"reasoning_content\":\"", "\"arguments\":\""};

    /**
     * An ill-formed sequence at the start of a random non-empty text value (content, reasoning,
     * arguments) of the seed, else at the start of the {@code model} value, which no chunk reads.
     */
    private static byte[] invalidUtf8(List<String> events, SplittableRandom r) {
        List<int[]> spots = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            byte[] payload = events.get(i).getBytes(StandardCharsets.UTF_8);
            String text = new String(payload, StandardCharsets.ISO_8859_1);
            for (String key : TEXT_KEYS) {
                for (int at = text.indexOf(key); at >= 0; at = text.indexOf(key, at + 1)) {
                    int value = at + key.length();
                    if (value < payload.length && payload[value] != '"') spots.add(new int[] {i, value});
                }
            }
        }
        if (spots.isEmpty()) {
            String text = new String(events.getFirst().getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
            spots.add(new int[] {0, text.indexOf("\"model\":\"") + "\"model\":\"".length()});
        }
        int[] spot = spots.get(r.nextInt(spots.size()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < events.size(); i++) {
            byte[] payload = events.get(i).getBytes(StandardCharsets.UTF_8);
            out.writeBytes("data: ".getBytes(StandardCharsets.US_ASCII));
            if (i == spot[0]) {
                out.write(payload, 0, spot[1]);
                out.writeBytes(ILL_FORMED[r.nextInt(ILL_FORMED.length)]);
                out.write(payload, spot[1], payload.length - spot[1]);
            } else {
                out.writeBytes(payload);
            }
            out.writeBytes("\n\n".getBytes(StandardCharsets.US_ASCII));
        }
        return out.toByteArray();
    }

    private static byte[] flip(byte[] canonical, SplittableRandom r) {
        byte[] b = canonical.clone();
        int n = 1 + r.nextInt(8);
        for (int i = 0; i < n; i++) b[r.nextInt(b.length)] = (byte) r.nextInt(256);
        return b;
    }

    private static List<String> pieces(String text, int size) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            // by code points, as the replay server's slices are: a piece never ends between the halves of a pair
            int end = i;
            for (int k = 0; k < size && end < text.length(); k++) end += Character.charCount(text.codePointAt(end));
            out.add(text.substring(i, end));
            i = end;
        }
        if (out.isEmpty()) out.add("");
        return out;
    }

    private static ObjectNode delta() {
        return JsJson.mapper().createObjectNode();
    }

    private static String chunk(String model, ObjectNode delta, String finish, ObjectNode usage) {
        ObjectNode c = JsJson.mapper().createObjectNode();
        c.put("id", "replay").put("object", "chat.completion.chunk").put("created", 1_764_600_000L).put("model", model);
        ArrayNode choices = c.putArray("choices");
        ObjectNode choice = choices.addObject().put("index", 0);
        choice.set("delta", delta);
        if (finish == null) choice.putNull("finish_reason");
        else choice.put("finish_reason", finish);
        if (usage != null) c.set("usage", usage);
        return JsJson.stringify(c);
    }

    private static double number(JsonNode v) {
        return v != null && v.isNumber() && Double.isFinite(v.doubleValue()) && v.doubleValue() > 0 ? v.doubleValue() : 0;
    }
}
