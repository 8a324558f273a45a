package io.dsh4j.app;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Text leaves the command line as UTF-8, whatever the platform's locale says, and a lone UTF-16
 * surrogate (a log's text may hold one, and a cut at a UTF-16 length can make one) becomes
 * U+FFFD rather than {@code ?} — as the Node.js tools that DSH and its plugins ship write their
 * output and files. Stateless; every call makes its own encoder, so it is safe from any thread.
 */
public final class Utf8Text {

    private static final byte[] REPLACEMENT = {(byte) 0xEF, (byte) 0xBF, (byte) 0xBD};

    private Utf8Text() {}

    /** A UTF-8 encoder that writes U+FFFD for a lone surrogate instead of failing or writing {@code ?}. */
    public static CharsetEncoder encoder() {
        return StandardCharsets.UTF_8.newEncoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE)
                .replaceWith(REPLACEMENT);
    }

    /** The UTF-8 bytes of {@code text} (not null), each lone surrogate written as U+FFFD. */
    public static byte[] bytes(String text) {
        try {
            ByteBuffer b = encoder().encode(CharBuffer.wrap(text));
            return Arrays.copyOfRange(b.array(), b.arrayOffset() + b.position(), b.arrayOffset() + b.limit());
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("a replacing encoder reported a coding error", e);
        }
    }

    /** An auto-flushing writer over {@code out} (not null) that encodes as {@link #bytes} does. */
    public static PrintWriter writer(OutputStream out) {
        return new PrintWriter(new OutputStreamWriter(out, encoder()), true);
    }

    /** The process's standard output as such a writer (bypassing {@code System.out}'s locale charset). */
    public static PrintWriter stdout() {
        return writer(new FileOutputStream(FileDescriptor.out));
    }

    /** The process's standard error as such a writer. */
    public static PrintWriter stderr() {
        return writer(new FileOutputStream(FileDescriptor.err));
    }
}
