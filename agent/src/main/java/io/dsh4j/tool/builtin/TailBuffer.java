package io.dsh4j.tool.builtin;

import io.dsh4j.message.json.NodeUtf8;
import java.io.IOException;
import java.io.InputStream;

/**
 * The last {@code capacity} bytes of a stream (a ring), and how many bytes went by: a command that
 * prints gigabytes costs {@code capacity} bytes of memory. Thread-safe for one writer and readers.
 */
final class TailBuffer {

    private final byte[] ring;
    private long total;

    TailBuffer(int capacity) {
        ring = new byte[capacity];
    }

    /** Drains {@code in} until end of stream or an I/O failure (a closed pipe ends the drain). */
    void drain(InputStream in) {
        byte[] chunk = new byte[8192];
        try (in) {
            for (int n; (n = in.read(chunk)) > 0; ) {
                append(chunk, n);
            }
        } catch (IOException closed) {
            // the pipe was closed under us (kill, timeout): what was read stays
        }
    }

    synchronized void append(byte[] bytes, int length) {
        for (int i = 0; i < length; i++) {
            ring[(int) ((total + i) % ring.length)] = bytes[i];
        }
        total += length;
    }

    synchronized long total() {
        return total;
    }

    /** The kept tail, decoded as Node decodes UTF-8 (a cut sequence at the start becomes U+FFFD). */
    synchronized String text() {
        int kept = (int) Math.min(total, ring.length);
        byte[] out = new byte[kept];
        long start = total - kept;
        for (int i = 0; i < kept; i++) {
            out[i] = ring[(int) ((start + i) % ring.length)];
        }
        return NodeUtf8.decode(out);
    }
}
