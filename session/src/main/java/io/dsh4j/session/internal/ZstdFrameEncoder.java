package io.dsh4j.session.internal;

import com.github.luben.zstd.ZstdCompressCtx;

/**
 * Compresses one write batch into one standard zstd frame: level 3, content checksum on, no
 * dictionary — what DSH's writer produces, so that DSH and the {@code zstd} tool read it.
 *
 * <p>Thread-safe: each call uses its own native context.
 */
public final class ZstdFrameEncoder {

    private ZstdFrameEncoder() {}

    /** One checksummed frame holding exactly {@code text}. */
    public static byte[] encode(byte[] text) {
        try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
            ctx.setLevel(StoreLimits.ZSTD_LEVEL);
            ctx.setChecksum(true);
            return ctx.compress(text);
        }
    }
}
