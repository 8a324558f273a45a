package io.dsh4j.testkit;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Session logs shaped after the defects of a fuzz campaign (issue 17): each is written straight to a
 * file, streaming, so that a test at {@code -Xmx512m} can build a gigabyte-sized decompression bomb
 * without holding it. Every log starts with a valid header ({@code session} record, version 0); zstd
 * logs are checksummed frames, the first exactly the header line, as DSH writes them.
 *
 * <p>Stateless.
 */
public final class HostileLogs {

    /** The header line every log starts with. */
    public static final String HEADER = "{\"type\":\"session\",\"version\":0,\"id\":\"hostile\",\"createdAt\":0,\"cwd\":\"/tmp\",\"delegationDepth\":0}";

    private static final int PIECE = 1 << 20;

    private HostileLogs() {}

    /** Finding 1: a header frame, then two frames of {@code frameBytes} decoded bytes each that together hold one record. */
    public static Path recordAcrossFrames(Path file, long frameBytes) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
            frame(out, (HEADER + "\n").getBytes(StandardCharsets.UTF_8));
            byte[] open = "{\"type\":\"user/message\",\"data\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\""
                    .getBytes(StandardCharsets.UTF_8);
            try (ZstdOutputStream z = zstd(out)) {
                z.write(open);
                repeat(z, (byte) 'a', frameBytes - open.length);
            }
            byte[] close = "\"}]},\"surfaceOp\":\"append\"}\n".getBytes(StandardCharsets.UTF_8);
            try (ZstdOutputStream z = zstd(out)) {
                repeat(z, (byte) 'a', frameBytes - close.length);
                z.write(close);
            }
        }
        return file;
    }

    /** Finding 2: a raw log of {@code events} small valid events (non-surface, one per line). */
    public static Path manySmallEvents(Path file, int events) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), PIECE)) {
            out.write((HEADER + "\n").getBytes(StandardCharsets.UTF_8));
            byte[] line = "{\"type\":\"session/title\",\"data\":{\"title\":\"t\"}}\n".getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < events; i++) out.write(line);
        }
        return file;
    }

    /** Finding 2, surface variant: a raw log of {@code messages} small user messages (every one a surface node). */
    public static Path manySurfaceMessages(Path file, int messages) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), PIECE)) {
            out.write((HEADER + "\n").getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < messages; i++) {
                out.write(("{\"type\":\"user/message\",\"data\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}],"
                        + "\"source\":{\"kind\":\"user\"},\"id\":\"m" + i + "\"},\"surfaceOp\":\"append\"}\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        return file;
    }

    /** Finding 3: a header frame, then one frame of one valid event repeated to {@code decodedBytes} (whole lines). */
    public static Path repeatedEventBomb(Path file, long decodedBytes) throws IOException {
        byte[] line = "{\"type\":\"session/title\",\"data\":{\"title\":\"t\"}}\n".getBytes(StandardCharsets.UTF_8);
        decodedBytes -= decodedBytes % line.length;
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
            frame(out, (HEADER + "\n").getBytes(StandardCharsets.UTF_8));
            try (ZstdOutputStream z = zstd(out)) {
                byte[] block = new byte[line.length * (PIECE / line.length)];
                for (int i = 0; i < block.length; i += line.length) System.arraycopy(line, 0, block, i, line.length);
                for (long n = 0; n < decodedBytes; n += block.length) z.write(block, 0, (int) Math.min(block.length, decodedBytes - n));
            }
        }
        return file;
    }

    /** Finding 3, second shape: a header frame, then one frame of {@code decodedBytes} newlines. */
    public static Path newlineBomb(Path file, long decodedBytes) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
            frame(out, (HEADER + "\n").getBytes(StandardCharsets.UTF_8));
            try (ZstdOutputStream z = zstd(out)) {
                repeat(z, (byte) '\n', decodedBytes);
            }
        }
        return file;
    }

    /**
     * Finding 4: a raw log of one turn whose user message is {@code chars} characters of prose — words,
     * sentences of every ending the text stages split on ({@code . ! ? 。！？}), code fences, list
     * items, paths, numbers and credentials-like tokens — then an assistant reply quoting part of it.
     */
    public static Path longMessage(Path file, int chars, long seed) throws IOException {
        String text = prose(chars, seed);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), PIECE)) {
            out.write((HEADER + "\n").getBytes(StandardCharsets.UTF_8));
            line(out, "{\"type\":\"turn/start\",\"data\":{\"turn\":1}}");
            line(out, "{\"type\":\"step/start\",\"data\":{\"turn\":1,\"step\":1}}");
            line(out, "{\"type\":\"user/message\",\"data\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":" + json(text)
                    + "}],\"source\":{\"kind\":\"user\"},\"id\":\"m1\"},\"surfaceOp\":\"append\"}");
            String reply = text.substring(0, Math.min(text.length(), chars / 2));
            line(out, "{\"type\":\"assistant/message\",\"data\":{\"turn\":1,\"step\":1,\"message\":{\"role\":\"assistant\",\"content\":"
                    + "[{\"type\":\"text\",\"text\":" + json(reply) + "}],\"source\":{\"kind\":\"model\",\"provider\":\"p\",\"model\":\"m\"},"
                    + "\"id\":\"m2\"}},\"surfaceOp\":\"append\",\"sourceEventSeqs\":[]}");
            line(out, "{\"type\":\"step/end\",\"data\":{\"turn\":1,\"step\":1,\"finishReason\":\"stop\",\"usage\":{\"inputTokens\":10,"
                    + "\"outputTokens\":10}}}");
            line(out, "{\"type\":\"turn/end\",\"data\":{\"turn\":1,\"reason\":\"completed\"}}");
        }
        return file;
    }

    /** Seeded prose of {@code chars} UTF-16 units for the text stages. */
    public static String prose(int chars, long seed) {
        String[] words = {"the", "config", "value", "is", "set", "to", "port", "8080", "we", "decided", "use", "postgres",
            "because", "latency", "matters", "file", "src/main/App.java", "TODO", "must", "not", "never", "always", "x=42",
            "决定", "使用", "配置", "端口", "sk-abcdefghijklmnopqrstuvwx", "https://example.com/a?b=c", "`code`", "v1.2.3",
            "**bold**", "[link](http://x.y)", "3.14159", "ok", "therefore", "so", "then", "error:", "FAILED"};
        String[] ends = {". ", "! ", "? ", "。", "！", "？", ".\n", "\n\n", "; ", ": ", "...", " - ", "\n- ", "\n1. ", "\n```\nx = 1\n```\n"};
        SplittableRandom r = new SplittableRandom(seed);
        StringBuilder b = new StringBuilder(chars + 64);
        while (b.length() < chars) {
            int n = 3 + r.nextInt(14);
            for (int i = 0; i < n && b.length() < chars; i++) {
                if (i > 0) b.append(' ');
                b.append(words[r.nextInt(words.length)]);
            }
            b.append(ends[r.nextInt(ends.length)]);
        }
        b.setLength(chars);
        if (Character.isHighSurrogate(b.charAt(chars - 1))) b.setCharAt(chars - 1, 'x');
        return b.toString();
    }

    /** A JSON string literal of {@code s}. */
    public static String json(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        return b.append('"').toString();
    }

    /** One checksummed zstd frame of {@code text}. */
    public static byte[] frame(byte[] text) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        frame(out, text);
        return out.toByteArray();
    }

    private static void frame(OutputStream out, byte[] text) throws IOException {
        try (ZstdOutputStream z = zstd(out)) {
            z.write(text);
        }
    }

    /** A frame writer that leaves {@code out} open when closed. */
    private static ZstdOutputStream zstd(OutputStream out) throws IOException {
        OutputStream keepOpen = new java.io.FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                out.flush();
            }
        };
        ZstdOutputStream z = new ZstdOutputStream(keepOpen, 3);
        z.setChecksum(true);
        return z;
    }

    private static void repeat(OutputStream out, byte b, long n) throws IOException {
        byte[] block = new byte[PIECE];
        Arrays.fill(block, b);
        for (long done = 0; done < n; done += block.length) out.write(block, 0, (int) Math.min(block.length, n - done));
    }

    private static void line(OutputStream out, String s) throws IOException {
        out.write(s.getBytes(StandardCharsets.UTF_8));
        out.write('\n');
    }
}
