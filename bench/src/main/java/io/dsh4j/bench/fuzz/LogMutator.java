package io.dsh4j.bench.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The mutation classes of the issue-17 campaign over a session log's JSONL text: each turns a seed
 * text (and, for the frame classes, its zstd framing) into a damaged case. Text classes damage the
 * text, which is then stored both raw and as zstd frames (the header frame, then frames of 1–12
 * lines), so that the two copies of one text can be compared; frame classes damage the zstd copy
 * only. Deterministic for a given random source.
 *
 * <p>Stateless.
 */
public final class LogMutator {

    /** What a case does to its seed. */
    public enum Mutation {
        /** Cut the text at a random byte. */
        TRUNCATE(false),
        /** Flip one to eight random bytes of the text. */
        BYTE_FLIP(false),
        /** Splice the lines of another seed into this one. */
        SPLICE(false),
        /** Replace a value of one record with a random JSON value (number, string, array, object, null, huge). */
        RANDOM_JSON_VALUE(false),
        /** Give a record an explicit seq that breaks the chain (negative, repeated, huge, fractional, a string). */
        SEQ_DAMAGE(false),
        /** Give a record a type no one knows (ignorable or not). */
        UNKNOWN_TYPE(false),
        /** Insert ill-formed UTF-8 (lone continuation, overlong, surrogate, truncated sequence). */
        INVALID_UTF8(false),
        /** Insert NUL bytes. */
        NUL(false),
        /** Turn line ends into CRLF (some or all). */
        CRLF(false),
        /** Put a byte order mark in front of the text or of a line. */
        BOM(false),
        /** Replace the header's id with a hostile one (path traversal, empty, huge, control characters, not a string). */
        HOSTILE_HEADER_ID(false),
        /** zstd copy: repeat one frame. */
        FRAME_DUPLICATE(true),
        /** zstd copy: leave one frame out. */
        FRAME_DROP(true),
        /** zstd copy: swap two frames. */
        FRAME_SWAP(true),
        /** zstd copy: cut at a random byte. */
        ZSTD_TRUNCATE(true),
        /** zstd copy: flip random bytes (magic, descriptor, block headers, checksum or payload). */
        ZSTD_BYTE_FLIP(true);

        private final boolean frames;

        Mutation(boolean frames) {
            this.frames = frames;
        }

        /** Whether the class damages the zstd copy only (the raw copy stays the seed's text). */
        public boolean framesOnly() {
            return frames;
        }
    }

    /**
     * One case: the text of the raw copy, the zstd copy's frames (each a whole number of lines of
     * {@code text} unless the mutation damaged the frames) and the zstd file's bytes.
     */
    public record Case(Mutation mutation, byte[] text, List<byte[]> frameTexts, byte[] zstd) {
        /** Whether the zstd copy holds exactly the raw copy's text, frame-aligned on lines. */
        public boolean sameText() {
            return !mutation.framesOnly();
        }
    }

    private static final String[] HOSTILE_IDS = {"\"../../etc/passwd\"", "\"\"", "\"a/b\\\\c\"", "\"\\u0000\\u001f\"", "null", "42",
        "[]", "{}", "\"\\ud800\"", "\"" + "x".repeat(5000) + "\"", "\"" + "😀".repeat(300) + "\"", "\"CON\"", "\" \"", "\"\\n\""};
    private static final String[] RANDOM_VALUES = {"null", "true", "0", "-1", "1e308", "-0", "1.5", "9007199254740993",
        "\"\"", "\"x\"", "[]", "{}", "[1,[2,[3]]]", "{\"a\":{\"b\":null}}", "\"\\ud83d\"", "1" + "0".repeat(400),
        "\"" + "y".repeat(3000) + "\"", "[" + "0,".repeat(200) + "0]"};
    private static final byte[][] BAD_UTF8 = {{(byte) 0x80}, {(byte) 0xC0, (byte) 0xAF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
        {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xE2, (byte) 0x82}, {(byte) 0xFF}, {(byte) 0xFE, (byte) 0xFF}};

    private LogMutator() {}

    /** Applies {@code mutation} to {@code seed} (whole JSONL text); {@code other} is a second seed for splices. */
    public static Case mutate(Mutation mutation, byte[] seed, byte[] other, SplittableRandom r) {
        byte[] text = mutation.framesOnly() ? seed : mutateText(mutation, seed, other, r);
        List<byte[]> frameTexts = frameTexts(text, r);
        List<byte[]> frames = new ArrayList<>();
        for (byte[] f : frameTexts) frames.add(Zstd.frame(f));
        byte[] zstd = switch (mutation) {
            case FRAME_DUPLICATE -> {
                int i = r.nextInt(frames.size());
                frames.add(i, frames.get(i));
                yield concat(frames);
            }
            case FRAME_DROP -> {
                if (frames.size() > 1) frames.remove(r.nextInt(frames.size()));
                yield concat(frames);
            }
            case FRAME_SWAP -> {
                if (frames.size() > 1) {
                    int i = r.nextInt(frames.size());
                    int j = r.nextInt(frames.size());
                    byte[] t = frames.get(i);
                    frames.set(i, frames.get(j));
                    frames.set(j, t);
                }
                yield concat(frames);
            }
            case ZSTD_TRUNCATE -> {
                byte[] all = concat(frames);
                yield Arrays.copyOf(all, r.nextInt(all.length + 1));
            }
            case ZSTD_BYTE_FLIP -> flip(concat(frames), r);
            default -> concat(frames);
        };
        return new Case(mutation, text, frameTexts, zstd);
    }

    private static byte[] mutateText(Mutation m, byte[] seed, byte[] other, SplittableRandom r) {
        List<byte[]> lines = lines(seed);
        switch (m) {
            case TRUNCATE -> {
                return Arrays.copyOf(seed, r.nextInt(seed.length + 1));
            }
            case BYTE_FLIP -> {
                return flip(seed, r);
            }
            case SPLICE -> {
                List<byte[]> o = lines(other);
                if (o.size() > 1) {
                    int from = 1 + r.nextInt(o.size() - 1);
                    int to = from + r.nextInt(o.size() - from) + 1;
                    lines.addAll(Math.min(lines.size(), 1 + r.nextInt(Math.max(1, lines.size()))), o.subList(from, to));
                }
            }
            case RANDOM_JSON_VALUE -> {
                int i = pickRecord(lines, r);
                if (i >= 0) lines.set(i, replaceValue(lines.get(i), RANDOM_VALUES[r.nextInt(RANDOM_VALUES.length)], r));
            }
            case SEQ_DAMAGE -> {
                int i = pickRecord(lines, r);
                String[] seqs = {"-1", "0", "1", "3", "1.5", "\"2\"", "null", "9007199254740993", "1e9"};
                if (i >= 0) lines.set(i, insertField(lines.get(i), "\"seq\":" + seqs[r.nextInt(seqs.length)]));
            }
            case UNKNOWN_TYPE -> {
                String type = "{\"type\":\"x/unknown" + r.nextInt(5) + "\",\"data\":{}" + (r.nextBoolean() ? ",\"ignorable\":true" : "") + "}";
                lines.add(Math.min(lines.size(), 1 + r.nextInt(Math.max(1, lines.size()))), type.getBytes(StandardCharsets.UTF_8));
            }
            case INVALID_UTF8 -> {
                return insert(seed, BAD_UTF8[r.nextInt(BAD_UTF8.length)], r);
            }
            case NUL -> {
                return insert(seed, new byte[1 + r.nextInt(3)], r);
            }
            case CRLF -> {
                boolean all = r.nextBoolean();
                ByteArrayOutputStream out = new ByteArrayOutputStream(seed.length + 64);
                for (byte b : seed) {
                    if (b == '\n' && (all || r.nextInt(3) == 0)) out.write('\r');
                    out.write(b);
                }
                return out.toByteArray();
            }
            case BOM -> {
                byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
                if (r.nextBoolean() || lines.isEmpty()) return concat(List.of(bom, seed));
                int i = r.nextInt(lines.size());
                lines.set(i, concat(List.of(bom, lines.get(i))));
            }
            case HOSTILE_HEADER_ID -> {
                if (!lines.isEmpty()) lines.set(0, replaceField(lines.get(0), "id", HOSTILE_IDS[r.nextInt(HOSTILE_IDS.length)]));
            }
            default -> throw new IllegalArgumentException(m + " is not a text mutation");
        }
        return join(lines);
    }

    /** The seed's lines (without their newlines); a final fragment without newline is a line too. */
    static List<byte[]> lines(byte[] text) {
        List<byte[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length; i++) {
            if (text[i] == '\n') {
                out.add(Arrays.copyOfRange(text, start, i));
                start = i + 1;
            }
        }
        if (start < text.length) out.add(Arrays.copyOfRange(text, start, text.length));
        return out;
    }

    private static byte[] join(List<byte[]> lines) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] l : lines) {
            out.writeBytes(l);
            out.write('\n');
        }
        return out.toByteArray();
    }

    /** The zstd framing of a text: the first line alone, then runs of 1–12 lines; a final fragment is the last frame's end. */
    static List<byte[]> frameTexts(byte[] text, SplittableRandom r) {
        List<byte[]> frames = new ArrayList<>();
        int start = 0;
        int lines = 0;
        int want = 1;
        for (int i = 0; i < text.length; i++) {
            if (text[i] != '\n') continue;
            if (++lines == want) {
                frames.add(Arrays.copyOfRange(text, start, i + 1));
                start = i + 1;
                lines = 0;
                want = 1 + r.nextInt(12);
            }
        }
        if (start < text.length || frames.isEmpty()) frames.add(Arrays.copyOfRange(text, start, text.length));
        return frames;
    }

    private static int pickRecord(List<byte[]> lines, SplittableRandom r) {
        if (lines.isEmpty()) return -1;
        return r.nextInt(lines.size());
    }

    private static byte[] replaceValue(byte[] line, String value, SplittableRandom r) {
        String s = new String(line, StandardCharsets.UTF_8);
        List<Integer> colons = new ArrayList<>();
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) == ':' && i > 0 && s.charAt(i - 1) == '"') colons.add(i);
        if (colons.isEmpty()) return line;
        int at = colons.get(r.nextInt(colons.size())) + 1;
        int end = valueEnd(s, at);
        return (s.substring(0, at) + value + s.substring(end)).getBytes(StandardCharsets.UTF_8);
    }

    /** The end of the JSON value starting at {@code at} (a scan that respects strings and nesting). */
    private static int valueEnd(String s, int at) {
        int depth = 0;
        boolean str = false;
        for (int i = at; i < s.length(); i++) {
            char c = s.charAt(i);
            if (str) {
                if (c == '\\') i++;
                else if (c == '"') {
                    str = false;
                    if (depth == 0) return i + 1;
                }
                continue;
            }
            switch (c) {
                case '"' -> str = true;
                case '{', '[' -> depth++;
                case '}', ']' -> {
                    if (depth == 0) return i;
                    if (--depth == 0) return i + 1;
                }
                case ',' -> {
                    if (depth == 0) return i;
                }
                default -> {
                    // part of a scalar
                }
            }
        }
        return s.length();
    }

    private static byte[] insertField(byte[] line, String field) {
        String s = new String(line, StandardCharsets.UTF_8);
        int brace = s.indexOf('{');
        if (brace < 0) return line;
        boolean empty = s.indexOf('}', brace) == brace + 1;
        return (s.substring(0, brace + 1) + field + (empty ? "" : ",") + s.substring(brace + 1)).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] replaceField(byte[] line, String name, String value) {
        String s = new String(line, StandardCharsets.UTF_8);
        int at = s.indexOf("\"" + name + "\":");
        if (at < 0) return insertField(line, "\"" + name + "\":" + value);
        int start = at + name.length() + 3;
        return (s.substring(0, start) + value + s.substring(valueEnd(s, start))).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] insert(byte[] text, byte[] what, SplittableRandom r) {
        int at = r.nextInt(text.length + 1);
        byte[] out = new byte[text.length + what.length];
        System.arraycopy(text, 0, out, 0, at);
        System.arraycopy(what, 0, out, at, what.length);
        System.arraycopy(text, at, out, at + what.length, text.length - at);
        return out;
    }

    private static byte[] flip(byte[] bytes, SplittableRandom r) {
        byte[] out = bytes.clone();
        if (out.length == 0) return out;
        int n = 1 + r.nextInt(8);
        for (int i = 0; i < n; i++) out[r.nextInt(out.length)] ^= (byte) (1 << r.nextInt(8));
        return out;
    }

    static byte[] concat(List<byte[]> parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }

    /** zstd frames as DSH writes them: level 3, content checksum. */
    static final class Zstd {
        private Zstd() {}

        static byte[] frame(byte[] text) {
            try (com.github.luben.zstd.ZstdCompressCtx ctx = new com.github.luben.zstd.ZstdCompressCtx()) {
                ctx.setLevel(3);
                ctx.setChecksum(true);
                return ctx.compress(text);
            }
        }
    }
}
