package io.dsh4j.session.event;

/**
 * The key order of an event envelope, packed into an int (3 bits per key, first key lowest), so
 * that a parsed event re-encodes with exactly the keys and order it was read with. Keys: 1 type,
 * 2 seq, 3 time, 4 data, 5 sourceEventSeqs, 6 surfaceOp, 7 ignorable.
 */
final class EnvelopeLayout {

    static final int TYPE = 1;
    static final int SEQ = 2;
    static final int TIME = 3;
    static final int DATA = 4;
    static final int SOURCES = 5;
    static final int SURFACE = 6;
    static final int IGNORABLE = 7;

    static final String[] NAMES = {null, "type", "seq", "time", "data", "sourceEventSeqs", "surfaceOp", "ignorable"};

    /** {@code type, seq, time, data}: the shape of every plain event DSH writes. */
    static final int CANONICAL = of(TYPE, SEQ, TIME, DATA);
    /** {@code type, data}: a fixture event whose seq/time were stripped. */
    static final int POSITIONAL = of(TYPE, DATA);

    private EnvelopeLayout() {}

    static int of(int... keys) {
        int code = 0;
        for (int i = 0; i < keys.length; i++) code |= keys[i] << (3 * i);
        return code;
    }

    /** Appends {@code key} after the keys already in {@code code}. */
    static int append(int code, int key) {
        return code | key << (3 * size(code));
    }

    static int size(int code) {
        int n = 0;
        while (code != 0) {
            n++;
            code >>>= 3;
        }
        return n;
    }

    static int keyAt(int code, int i) {
        return (code >>> (3 * i)) & 7;
    }

    static boolean has(int code, int key) {
        for (int c = code; c != 0; c >>>= 3) if ((c & 7) == key) return true;
        return false;
    }

    /** The layout without {@code key} (order of the others kept). */
    static int without(int code, int key) {
        int out = 0;
        for (int c = code; c != 0; c >>>= 3) if ((c & 7) != key) out = append(out, c & 7);
        return out;
    }

    static String describe(int code) {
        StringBuilder s = new StringBuilder("{");
        for (int c = code; c != 0; c >>>= 3) {
            if (s.length() > 1) s.append(", ");
            s.append(NAMES[c & 7]);
        }
        return s.append('}').toString();
    }
}
