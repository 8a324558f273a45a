package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.attention.core.internal.Json;
import io.dsh4j.attention.core.internal.JsText;
import io.dsh4j.message.json.NodeUtf8;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The plugin's append-only JSONL files with 512 KB rotation (spec §7.2): before each append, a
 * file of at least the limit is renamed to {@code <name>.1.jsonl} (replacing the previous
 * archive), so disk use stays below about twice the limit and the newest rows are always in the
 * active file. Writers never throw: logging must never affect the main flow. Thread-safe for one
 * process (appends are serialised per JVM).
 */
public final class JsonlFile {

    /** The rotation limit ({@code DEFAULT_MAX_BYTES}). */
    public static final long DEFAULT_MAX_BYTES = 512 * 1024;

    /**
     * The most {@link #read} reads: the tail of a larger file (from its first whole line). Our writer
     * rotates at {@link #DEFAULT_MAX_BYTES}, so only a file grown by something else reaches it; the
     * original read any size, and a runaway file of gigabytes would exhaust the heap.
     */
    public static final long MAX_READ_BYTES = 16L << 20;

    private static final Object LOCK = new Object();

    private JsonlFile() {}

    /** The archive of a JSONL file: {@code x.jsonl} → {@code x.1.jsonl}. */
    public static Path archivePath(Path file) {
        String name = file.getFileName().toString();
        String base = name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name;
        return file.resolveSibling(base + ".1.jsonl");
    }

    /** Renames the file to its archive when it is at least {@code maxBytes}; false on any error or when small. */
    public static boolean rotateIfLarge(Path file, long maxBytes) {
        try {
            if (Files.size(file) < maxBytes) return false;
            Files.move(file, archivePath(file), StandardCopyOption.REPLACE_EXISTING);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Appends one row (creating directories, rotating first); false on any error, never throws. */
    public static boolean append(Path file, JsonNode entry, long maxBytes) {
        synchronized (LOCK) {
            try {
                Files.createDirectories(file.toAbsolutePath().getParent());
                rotateIfLarge(file, maxBytes);
                byte[] line = (Json.stringify(entry) + "\n").getBytes(StandardCharsets.UTF_8);
                Files.write(file, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                return true;
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }
    }

    /** Appends with the default limit. */
    public static boolean append(Path file, JsonNode entry) {
        return append(file, entry, DEFAULT_MAX_BYTES);
    }

    /**
     * Every parsable non-blank row of the file (bad rows skipped; a missing file has none), read as the
     * original did: bytes that are not UTF-8 become U+FFFD as Node's decoder makes them (a damaged row
     * does not hide the rows after it), lines split on line feeds only and trimmed as JavaScript's
     * {@code trim()} trims (blank ones skipped). Of a file above {@link #MAX_READ_BYTES} only the last
     * {@code MAX_READ_BYTES} are read, from the first line that starts in them.
     */
    public static List<JsonNode> read(Path file) {
        return read(file, MAX_READ_BYTES);
    }

    static List<JsonNode> read(Path file, long maxBytes) {
        List<JsonNode> rows = new ArrayList<>();
        if (!Files.isRegularFile(file)) return rows;
        String text;
        try {
            text = NodeUtf8.decode(tail(file, maxBytes));
        } catch (IOException | RuntimeException e) {
            return rows;
        }
        for (String line : text.split("\n", -1)) {
            if (JsText.isBlank(line)) continue;
            JsonNode n = Json.parseOrNull(JsText.trim(line));
            if (n != null) rows.add(n);
        }
        return rows;
    }

    /**
     * The whole file, or its last {@code maxBytes} from just after the first line feed in them; read
     * through one channel, so a file that grows meanwhile is still read no further than its size at
     * opening.
     */
    private static byte[] tail(Path file, long maxBytes) throws IOException {
        try (SeekableByteChannel ch = Files.newByteChannel(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long start = Math.max(0, size - maxBytes);
            ByteBuffer buf = ByteBuffer.allocate((int) (size - start));
            ch.position(start);
            while (buf.hasRemaining()) {
                if (ch.read(buf) < 0) break;
            }
            byte[] b = buf.array();
            int n = buf.position();
            int from = 0;
            if (start > 0) {
                while (from < n && b[from] != '\n') from++;
                from = Math.min(from + 1, n);
            }
            return from == 0 && n == b.length ? b : Arrays.copyOfRange(b, from, n);
        }
    }
}
