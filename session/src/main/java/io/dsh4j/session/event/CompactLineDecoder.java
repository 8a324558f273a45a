package io.dsh4j.session.event;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsNumbers;
import io.dsh4j.message.json.JsonLimits;
import io.dsh4j.message.json.NodeUtf8;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The byte-level fast path of the projected decode ({@link RecordDecoder#decode(com.fasterxml.jackson.core.JsonParser,
 * long, DataProjection)}): reads a line as DSH writes it — compact JSON, an event envelope with {@code type} before
 * {@code data}, seq and time both present or both absent (a recorded fixture), keys without escapes — straight from its UTF-8 bytes, building only what the
 * {@link DataProjection} keeps and checking everything else (JSON syntax, string escapes and control characters,
 * well-formed UTF-8, nesting and number caps) without building strings or trees.
 *
 * <p>It either gives the very record the projected decode gives, or declines ({@code null}): any line it
 * cannot read so — packed rows, white space, escaped keys, {@code ignorable}, a number of more than 18 digits,
 * deep nesting, anything malformed — goes to the projected decode, and from there, when that fails, to the
 * full decode, so that errors stay the full decoder's. Keys and types are interned ({@link String#intern()}, so
 * that they are the very constants the readers compare them with) and cached in a small shared table (benign
 * races: a slot holds an immutable {@code String} or nothing). Stateless apart from that table; thread-safe.
 */
final class CompactLineDecoder {

    /** Nesting the fast path reads (the envelope is level 1); deeper lines are declined. */
    private static final int MAX_DEPTH = 64;
    /** Number literal length the fast path reads; longer ones are declined. */
    private static final int MAX_NUMBER_CHARS = 32;
    /** Digits of an integer read exactly as a long (Jackson's int/long range); more are declined. */
    private static final int MAX_INTEGER_DIGITS = 18;
    /** Digits of a seq or time: 15 are always a JS safe integer. */
    private static final int MAX_SAFE_DIGITS = 15;
    private static final int KEY_TABLE_SIZE = 1024;
    private static final String[] KEYS = new String[KEY_TABLE_SIZE];

    /** Thrown to decline a line: preallocated, no stack trace. */
    private static final class Decline extends RuntimeException {
        Decline() {
            super(null, null, false, false);
        }
    }

    private static final Decline DECLINE = new Decline();

    private final byte[] b;
    private final int end;
    private final int maxDepth;
    private final int maxNumber;
    private int i;
    private int depth;

    private CompactLineDecoder(byte[] b, int off, int end, JsonLimits limits) {
        this.b = b;
        this.i = off;
        this.end = end;
        this.maxDepth = Math.min(MAX_DEPTH, limits.maxNestingDepth() - 1);
        this.maxNumber = Math.min(MAX_NUMBER_CHARS, limits.maxNumberLength() - 1);
    }

    /**
     * The event of {@code buf[offset, offset+length)} under {@code projection}, or {@code null} when declined.
     *
     * @param positionalSeq the seq of an event stored without seq and time (a recorded fixture)
     */
    static SessionEvent decode(byte[] buf, int offset, int length, long positionalSeq, DataProjection projection,
            JsonLimits limits) {
        if (length >= limits.maxStringLength()) return null;
        try {
            return new CompactLineDecoder(buf, offset, offset + length, limits).event(positionalSeq, projection);
        } catch (Decline | ArrayIndexOutOfBoundsException declined) {
            return null;
        }
    }

    private SessionEvent event(long positionalSeq, DataProjection projection) {
        expect('{');
        depth = 1;
        String type = null;
        int layout = 0;
        long seq = positionalSeq;
        long time = 0;
        JsonNode data = null;
        List<Long> sources = null;
        SurfaceOp op = null;
        do {
            int key = envelopeKey();
            if (EnvelopeLayout.has(layout, key)) throw DECLINE;
            layout = EnvelopeLayout.append(layout, key);
            switch (key) {
                case EnvelopeLayout.TYPE -> {
                    type = interned();
                    if (ChunkRow.Kind.ofTag(type) != null) return null;
                }
                case EnvelopeLayout.SEQ -> {
                    seq = safeInteger();
                    if (seq < 0) throw DECLINE;
                }
                case EnvelopeLayout.TIME -> time = safeInteger();
                case EnvelopeLayout.DATA -> {
                    if (type == null) throw DECLINE;
                    data = projection.full(type) ? hollowed(projection.hollow(type)) : projected(projection.kept(type));
                }
                case EnvelopeLayout.SOURCES -> sources = seqs();
                case EnvelopeLayout.SURFACE -> op = surfaceOp();
                default -> throw DECLINE;
            }
        } while (comma('}'));
        if (i != end || data == null || EnvelopeLayout.has(layout, EnvelopeLayout.SEQ) != EnvelopeLayout.has(layout, EnvelopeLayout.TIME)) {
            throw DECLINE;
        }
        return new SessionEvent(type, seq, time, layout, data, null, sources, op);
    }

    // ------------------------------------------------------------ envelope

    private int envelopeKey() {
        expect('"');
        int s = i;
        while (b[i] != '"') {
            if (b[i] == '\\') throw DECLINE;
            i++;
        }
        int n = i - s;
        i++;
        expect(':');
        int key = switch (n) {
            case 4 -> is(s, "type") ? EnvelopeLayout.TYPE : is(s, "time") ? EnvelopeLayout.TIME : is(s, "data") ? EnvelopeLayout.DATA : 0;
            case 3 -> is(s, "seq") ? EnvelopeLayout.SEQ : 0;
            case 9 -> is(s, "surfaceOp") ? EnvelopeLayout.SURFACE : 0;
            case 15 -> is(s, "sourceEventSeqs") ? EnvelopeLayout.SOURCES : 0;
            default -> 0;
        };
        if (key == 0) throw DECLINE;
        return key;
    }

    private boolean is(int s, String ascii) {
        for (int k = 0; k < ascii.length(); k++) if (b[s + k] != ascii.charAt(k)) return false;
        return true;
    }

    /** A non-negative or negative integer of at most 15 digits, no sign on zero: always a JS safe integer. */
    private long safeInteger() {
        boolean negative = b[i] == '-';
        if (negative) i++;
        int s = i;
        long v = 0;
        while (i < end && b[i] >= '0' && b[i] <= '9') v = v * 10 + (b[i++] - '0');
        int n = i - s;
        if (n == 0 || n > MAX_SAFE_DIGITS || (n > 1 && b[s] == '0') || (negative && v == 0)) throw DECLINE;
        if (i < end && (b[i] == '.' || b[i] == 'e' || b[i] == 'E')) throw DECLINE;
        return negative ? -v : v;
    }

    private List<Long> seqs() {
        expect('[');
        List<Long> out = new ArrayList<>();
        if (b[i] == ']') {
            i++;
            return List.of();
        }
        do {
            long v = safeInteger();
            if (v < 0) throw DECLINE;
            out.add(v);
        } while (comma(']'));
        return List.copyOf(out);
    }

    private SurfaceOp surfaceOp() {
        if (b[i] == '"') {
            if (!literal("\"append\"")) throw DECLINE;
            return SurfaceOp.APPEND;
        }
        if (!literal("{\"op\":\"replace\",\"start\":")) throw DECLINE;
        long start = safeInteger();
        if (!literal(",\"end\":")) throw DECLINE;
        long endSeq = safeInteger();
        expect('}');
        if (start < 0 || endSeq < 0) throw DECLINE;
        return new SurfaceOp.Replace(start, endSeq);
    }

    // ------------------------------------------------------------ data

    /** The data of a type read whole, with the arrays under {@code hollow} keys left empty (checked, not built). */
    private JsonNode hollowed(Set<String> hollow) {
        if (hollow.isEmpty() || b[i] != '{') return value();
        enter();
        ObjectNode o = JsJson.nodes().objectNode();
        if (b[i] == '}') {
            i++;
            depth--;
            return o;
        }
        do {
            String name = key();
            if (hollow.contains(name) && b[i] == '[') {
                skip();
                o.set(name, JsJson.nodes().arrayNode());
            } else {
                o.set(name, value());
            }
        } while (comma('}'));
        depth--;
        return o;
    }

    /** The data of a projected type: an object keeps the {@code kept} keys, an array becomes empty, a scalar is kept. */
    private JsonNode projected(Set<String> kept) {
        if (b[i] == '[') {
            skip();
            return JsJson.nodes().arrayNode();
        }
        if (b[i] != '{') return value();
        enter();
        ObjectNode o = JsJson.nodes().objectNode();
        if (b[i] == '}') {
            i++;
            depth--;
            return o;
        }
        do {
            if (kept.isEmpty()) {
                skipKey();
                skip();
            } else {
                String name = key();
                if (kept.contains(name)) o.set(name, value());
                else skip();
            }
        } while (comma('}'));
        depth--;
        return o;
    }

    /** One JSON value as {@code JsonTrees.read} builds it. */
    private JsonNode value() {
        byte c = b[i];
        switch (c) {
            case '{' -> {
                enter();
                ObjectNode o = JsJson.nodes().objectNode();
                if (b[i] == '}') {
                    i++;
                    depth--;
                    return o;
                }
                do {
                    String name = key();
                    o.set(name, value());
                } while (comma('}'));
                depth--;
                return o;
            }
            case '[' -> {
                enter();
                ArrayNode a = JsJson.nodes().arrayNode();
                if (b[i] == ']') {
                    i++;
                    depth--;
                    return a;
                }
                do {
                    a.add(value());
                } while (comma(']'));
                depth--;
                return a;
            }
            case '"' -> {
                return TextNode.valueOf(string());
            }
            case 't' -> {
                if (!literal("true")) throw DECLINE;
                return BooleanNode.TRUE;
            }
            case 'f' -> {
                if (!literal("false")) throw DECLINE;
                return BooleanNode.FALSE;
            }
            case 'n' -> {
                if (!literal("null")) throw DECLINE;
                return NullNode.instance;
            }
            default -> {
                return number();
            }
        }
    }

    /** Checks one JSON value without building it. */
    private void skip() {
        byte c = b[i];
        switch (c) {
            case '{' -> {
                enter();
                if (b[i] == '}') {
                    i++;
                    depth--;
                    return;
                }
                do {
                    skipKey();
                    skip();
                } while (comma('}'));
                depth--;
            }
            case '[' -> {
                enter();
                if (b[i] == ']') {
                    i++;
                    depth--;
                    return;
                }
                do {
                    skip();
                } while (comma(']'));
                depth--;
            }
            case '"' -> skipString();
            case 't' -> {
                if (!literal("true")) throw DECLINE;
            }
            case 'f' -> {
                if (!literal("false")) throw DECLINE;
            }
            case 'n' -> {
                if (!literal("null")) throw DECLINE;
            }
            default -> numberEnd();
        }
    }

    private void enter() {
        i++;
        if (++depth > maxDepth) throw DECLINE;
    }

    /** After a member or element: {@code true} on a comma, {@code false} on {@code close}; anything else declines. */
    private boolean comma(char close) {
        byte c = b[i++];
        if (c == ',') return true;
        if (c == close) return false;
        throw DECLINE;
    }

    private void expect(char c) {
        if (b[i++] != c) throw DECLINE;
    }

    private boolean literal(String ascii) {
        if (end - i < ascii.length() || !is(i, ascii)) return false;
        i += ascii.length();
        return true;
    }

    // ------------------------------------------------------------ keys and strings

    /** An object key followed by its colon, interned (see {@link #interned()}). */
    private String key() {
        String k = interned();
        expect(':');
        return k;
    }

    /** A string of printable ASCII without escapes, interned; any other string declines. */
    private String interned() {
        expect('"');
        int s = i;
        int h = 0;
        byte c;
        while ((c = b[i]) != '"') {
            if (c == '\\' || c < 0x20) throw DECLINE; // negative: a non-ASCII byte
            h = 31 * h + c;
            i++;
        }
        int n = i - s;
        i++;
        int slot = (h ^ (h >>> 16)) & (KEY_TABLE_SIZE - 1);
        String k = KEYS[slot];
        if (k != null && k.length() == n && is(s, k)) return k;
        k = new String(b, s, n, StandardCharsets.ISO_8859_1).intern(); // the constant when there is one: equals by identity
        KEYS[slot] = k;
        return k;
    }

    private void skipKey() {
        skipString();
        expect(':');
    }

    /** Checks a string value (escapes, control characters, UTF-8) and moves past it. */
    private void skipString() {
        expect('"');
        while (true) {
            byte c = b[i];
            if (c == '"') {
                i++;
                return;
            }
            if (c == '\\') escape();
            else if (c >= 0x20) i++;
            else if (c < 0) utf8();
            else throw DECLINE;
        }
    }

    /** A string value as the parser gives it: escapes decoded, UTF-8 checked. */
    private String string() {
        int s = ++i;
        boolean ascii = true;
        while (true) {
            byte c = b[i];
            if (c == '"') break;
            if (c == '\\') return escapedString(s);
            if (c >= 0x20) i++;
            else if (c < 0) {
                ascii = false;
                utf8();
            } else {
                throw DECLINE;
            }
        }
        String out = new String(b, s, i - s, ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
        i++;
        return out;
    }

    private String escapedString(int s) {
        StringBuilder out = new StringBuilder(i - s + 16);
        out.append(new String(b, s, i - s, StandardCharsets.UTF_8));
        while (true) {
            byte c = b[i];
            if (c == '"') {
                i++;
                return out.toString();
            }
            if (c == '\\') {
                out.append(escape());
            } else if (c >= 0x20) {
                int run = i;
                while (b[i] >= 0x20 && b[i] != '"' && b[i] != '\\') i++;
                out.append(new String(b, run, i - run, StandardCharsets.ISO_8859_1));
            } else if (c < 0) {
                int run = i;
                utf8();
                out.append(new String(b, run, i - run, StandardCharsets.UTF_8));
            } else {
                throw DECLINE;
            }
        }
    }

    /** One escape sequence (at its backslash): the character it stands for. */
    private char escape() {
        byte c = b[i + 1];
        i += 2;
        return switch (c) {
            case '"' -> '"';
            case '\\' -> '\\';
            case '/' -> '/';
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'u' -> {
                int v = 0;
                for (int k = 0; k < 4; k++) {
                    int d = Character.digit(b[i + k], 16);
                    if (d < 0) throw DECLINE;
                    v = v << 4 | d;
                }
                i += 4;
                yield (char) v;
            }
            default -> throw DECLINE;
        };
    }

    /** One well-formed UTF-8 sequence of two to four bytes ({@link NodeUtf8#sequenceLength}). */
    private void utf8() {
        int length = NodeUtf8.sequenceLength(b, i, end);
        if (length < 0) throw DECLINE;
        i += length;
    }

    // ------------------------------------------------------------ numbers

    /** A number as {@code JsonTrees} builds it: int or long by range, {@code -0} and fractions as doubles. */
    private JsonNode number() {
        int s = i;
        boolean fraction = numberEnd();
        // a JSON number literal (numberEnd checked it): Number() of it is the correctly rounded double
        if (fraction) return DoubleNode.valueOf(JsNumbers.stringToNumber(new String(b, s, i - s, StandardCharsets.ISO_8859_1)));
        boolean negative = b[s] == '-';
        int digits = i - s - (negative ? 1 : 0);
        if (digits > MAX_INTEGER_DIGITS) throw DECLINE;
        long v = 0;
        for (int k = negative ? s + 1 : s; k < i; k++) v = v * 10 + (b[k] - '0');
        if (negative) {
            if (v == 0) return DoubleNode.valueOf(-0.0);
            v = -v;
        }
        return v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE ? IntNode.valueOf((int) v) : LongNode.valueOf(v);
    }

    /** Moves past a JSON number literal (checking its grammar and length); whether it has a fraction or exponent. */
    private boolean numberEnd() {
        int s = i;
        if (b[i] == '-') i++;
        if (b[i] == '0') {
            i++;
        } else if (b[i] >= '1' && b[i] <= '9') {
            digits();
        } else {
            throw DECLINE;
        }
        boolean fraction = false;
        if (i < end && b[i] == '.') {
            i++;
            if (!digits()) throw DECLINE;
            fraction = true;
        }
        if (i < end && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (b[i] == '+' || b[i] == '-') i++;
            if (!digits()) throw DECLINE;
            fraction = true;
        }
        if (i - s > maxNumber) throw DECLINE;
        return fraction;
    }

    private boolean digits() {
        int s = i;
        while (i < end && b[i] >= '0' && b[i] <= '9') i++;
        return i > s;
    }
}
