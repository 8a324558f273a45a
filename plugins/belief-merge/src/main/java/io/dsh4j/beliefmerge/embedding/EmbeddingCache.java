package io.dsh4j.beliefmerge.embedding;

import io.dsh4j.beliefmerge.core.SemanticAlignment;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Embeddings cached by text hash: an {@link SemanticAlignment.Embedder} that asks its delegate only for
 * texts it has not seen, in memory and in one append-only file under the home
 * ({@code <home>/storages/belief-merge/embeddings/<model>.bin}), so the per-turn re-merge of the live
 * plugin and a new process embed only new claims.
 *
 * <p>File format: the 8-byte magic {@code BMEMB1\n\0}, a 4-byte big-endian dimension count, then
 * fixed-size records: the 32-byte SHA-256 of (model id, NUL, UTF-8 text) followed by the vector as
 * big-endian floats. A record that is cut (a crash while appending) or a file of another dimension
 * count is ignored, with one warning, and the cache goes on in memory; nothing here throws for a bad
 * file. The file stops growing at {@link #MAX_FILE_BYTES}. Appends take the file lock, so two
 * processes may share a home.
 *
 * <p>Thread-safe.
 */
public final class EmbeddingCache implements SemanticAlignment.Embedder {

    /** The largest cache file written (about 40,000 vectors of 384 floats). */
    public static final long MAX_FILE_BYTES = 64L << 20;
    static final byte[] MAGIC = "BMEMB1\n\0".getBytes(StandardCharsets.US_ASCII);

    private final SemanticAlignment.Embedder delegate;
    private final String modelId;
    private final int dims;
    private final Path file;
    private final Consumer<String> onWarn;
    private final Map<String, float[]> memory = new ConcurrentHashMap<>();
    private volatile boolean loaded;
    private volatile boolean writable = true;
    private int misses;

    /**
     * @param file   the cache file, or {@code null} for memory only
     * @param onWarn receives one line per unreadable or unwritable file
     */
    public EmbeddingCache(SemanticAlignment.Embedder delegate, String modelId, int dims, Path file, Consumer<String> onWarn) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.modelId = Objects.requireNonNull(modelId, "modelId");
        this.dims = dims;
        this.file = file;
        this.onWarn = Objects.requireNonNull(onWarn, "onWarn");
    }

    /** The cache file of {@code modelId} under a home. */
    public static Path fileUnder(Path dir, String modelId) {
        return dir.resolve(modelId + ".bin");
    }

    /** Texts the delegate was asked for so far (the cost of the cache's misses). */
    public synchronized int misses() {
        return misses;
    }

    @Override
    public float[][] embed(List<String> texts) {
        load();
        float[][] out = new float[texts.size()][];
        Map<String, List<Integer>> missing = new LinkedHashMap<>();
        for (int i = 0; i < texts.size(); i++) {
            String key = hash(texts.get(i));
            float[] v = memory.get(key);
            if (v != null) out[i] = v;
            else missing.computeIfAbsent(texts.get(i), t -> new ArrayList<>()).add(i);
        }
        if (missing.isEmpty()) return out;
        List<String> todo = new ArrayList<>(missing.keySet());
        float[][] fresh = delegate.embed(todo);
        if (fresh == null || fresh.length != todo.size()) throw new IllegalStateException("the embedding model returned "
                + (fresh == null ? "nothing" : fresh.length + " vectors") + " for " + todo.size() + " texts");
        List<byte[]> records = new ArrayList<>();
        for (int t = 0; t < todo.size(); t++) {
            float[] v = fresh[t];
            if (v == null || v.length != dims) throw new IllegalStateException("the embedding model returned a vector of "
                    + (v == null ? 0 : v.length) + " dimensions, expected " + dims);
            String key = hash(todo.get(t));
            memory.put(key, v);
            records.add(record(key, v));
            for (int i : missing.get(todo.get(t))) out[i] = v;
        }
        synchronized (this) {
            misses += todo.size();
        }
        append(records);
        return out;
    }

    private String hash(String text) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(modelId.getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
            md.update(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    private byte[] record(String hexKey, float[] v) {
        ByteBuffer b = ByteBuffer.allocate(32 + 4 * dims).order(ByteOrder.BIG_ENDIAN);
        b.put(HexFormat.of().parseHex(hexKey));
        for (float f : v) b.putFloat(f);
        return b.array();
    }

    private synchronized void load() {
        if (loaded) return;
        loaded = true;
        if (file == null || !Files.isRegularFile(file)) return;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size > MAX_FILE_BYTES + recordBytes()) {
                warnOnce("embedding cache " + file + " is larger than " + MAX_FILE_BYTES + " bytes; it is not read");
                return;
            }
            ByteBuffer all = ByteBuffer.allocate((int) size).order(ByteOrder.BIG_ENDIAN);
            while (all.hasRemaining() && ch.read(all) >= 0) { }
            all.flip();
            if (all.remaining() < MAGIC.length + 4 || !startsWithMagic(all)) {
                warnOnce("embedding cache " + file + " is not a cache file (bad header); it is not read");
                writable = false;
                return;
            }
            int fileDims = all.getInt();
            if (fileDims != dims) {
                warnOnce("embedding cache " + file + " holds " + fileDims + "-dimension vectors, expected " + dims + "; it is not read");
                writable = false;
                return;
            }
            int rec = recordBytes();
            while (all.remaining() >= rec) {
                byte[] key = new byte[32];
                all.get(key);
                float[] v = new float[dims];
                boolean finite = true;
                for (int i = 0; i < dims; i++) {
                    v[i] = all.getFloat();
                    finite &= Float.isFinite(v[i]);
                }
                if (finite) memory.put(HexFormat.of().formatHex(key), v);
            }
            if (all.remaining() > 0) warnOnce("embedding cache " + file + ": a cut record of " + all.remaining()
                    + " bytes at the end is ignored");
        } catch (IOException | RuntimeException e) {
            warnOnce("embedding cache " + file + " cannot be read: " + e.getMessage());
        }
    }

    private boolean startsWithMagic(ByteBuffer b) {
        for (byte m : MAGIC) {
            if (b.get() != m) return false;
        }
        return true;
    }

    private int recordBytes() {
        return 32 + 4 * dims;
    }

    private synchronized void append(List<byte[]> records) {
        if (file == null || !writable || records.isEmpty()) return;
        try {
            Files.createDirectories(file.getParent());
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock lock = ch.lock()) {
                long size = ch.size();
                if (size == 0) {
                    ByteBuffer head = ByteBuffer.allocate(MAGIC.length + 4).order(ByteOrder.BIG_ENDIAN).put(MAGIC).putInt(dims);
                    head.flip();
                    while (head.hasRemaining()) ch.write(head, ch.size());
                    size = ch.size();
                } else {
                    // A torn record left by a crash would shift every later record: append only on a record boundary.
                    long body = size - MAGIC.length - 4;
                    if (body < 0 || body % recordBytes() != 0) {
                        writable = false;
                        warnOnce("embedding cache " + file + " ends inside a record; new vectors stay in memory");
                        return;
                    }
                }
                for (byte[] r : records) {
                    if (size + r.length > MAX_FILE_BYTES) {
                        writable = false;
                        break;
                    }
                    ByteBuffer b = ByteBuffer.wrap(r);
                    while (b.hasRemaining()) size += ch.write(b, size);
                }
            }
        } catch (IOException | RuntimeException e) {
            writable = false;
            warnOnce("embedding cache " + file + " cannot be written: " + e.getMessage());
        }
    }

    private boolean warned;

    private synchronized void warnOnce(String line) {
        if (warned) return;
        warned = true;
        onWarn.accept("belief-merge: " + line);
    }
}
