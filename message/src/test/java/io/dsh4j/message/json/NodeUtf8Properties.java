package io.dsh4j.message.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** {@link NodeUtf8} against the JDK's strict decoder (well-formed input) and Node's replacements (ill-formed). */
class NodeUtf8Properties {

    @Property(tries = 2000)
    void well_formedness_agrees_with_a_strict_decoder(@ForAll @Size(max = 12) byte[] bytes) {
        boolean strict;
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            strict = true;
        } catch (CharacterCodingException e) {
            strict = false;
        }
        assertThat(NodeUtf8.isWellFormed(bytes, 0, bytes.length)).isEqualTo(strict);
    }

    @Property(tries = 2000)
    void utf16_length_is_the_length_of_the_decode(@ForAll @Size(max = 12) byte[] bytes) {
        assertThat(NodeUtf8.utf16Length(bytes, 0, bytes.length)).isEqualTo(NodeUtf8.decode(bytes, 0, bytes.length).length());
    }

    @Property(tries = 2000)
    void well_formed_input_decodes_as_the_jdk_decodes_it(@ForAll String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertThat(NodeUtf8.decode(bytes, 0, bytes.length)).isEqualTo(new String(bytes, StandardCharsets.UTF_8));
    }

    @net.jqwik.api.Example
    void ill_formed_subparts_are_replaced_as_node_replaces_them() {
        // Node 20: Buffer.from([...]).toString('utf8') of these bytes has length 18
        byte[] b = {0x61, (byte) 0xC3, (byte) 0xED, (byte) 0xA0, (byte) 0x80, (byte) 0xFF, 0x62, (byte) 0xF0, (byte) 0x90,
            (byte) 0x80, 0x41, (byte) 0xE0, (byte) 0x80, (byte) 0x80, (byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80,
            (byte) 0xC0, (byte) 0xAF};
        assertThat(NodeUtf8.decode(b, 0, b.length))
                .isEqualTo("a\uFFFD\uFFFD\uFFFD\uFFFD\uFFFDb\uFFFDA" + "\uFFFD".repeat(9));
    }

    @Property(tries = 2000)
    void utf16_length_of_any_string_is_its_length(@ForAll String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertThat(NodeUtf8.utf16Length(bytes, 0, bytes.length)).isEqualTo(new String(bytes, StandardCharsets.UTF_8).length());
    }

    /**
     * The one-pass length of a log reader's lines: the decode's length for well-formed bytes and -1 for
     * ill-formed, at any offset; ASCII runs longer than eight bytes (its word-at-a-time path) with
     * multi-byte and broken sequences between them.
     */
    @Property(tries = 3000)
    void one_pass_length_is_the_decode_length_or_minus_one(@ForAll @Size(max = 6) java.util.List<@Size(max = 20) String> ascii,
            @ForAll @Size(max = 6) java.util.List<@Size(max = 4) byte[]> between, @ForAll @IntRange(max = 9) int cut) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < ascii.size(); i++) {
            out.writeBytes(ascii.get(i).replaceAll("[^\\x00-\\x7F]", "a").getBytes(StandardCharsets.US_ASCII));
            if (i < between.size()) out.writeBytes(between.get(i));
        }
        byte[] all = out.toByteArray();
        int off = Math.min(cut, all.length);
        int len = all.length - off;
        boolean strict;
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(all, off, len));
            strict = true;
        } catch (CharacterCodingException e) {
            strict = false;
        }
        long expected = strict ? NodeUtf8.decode(all, off, len).length() : -1;
        assertThat(NodeUtf8.wellFormedUtf16Length(all, off, len)).isEqualTo(expected);
        assertThat(NodeUtf8.isWellFormed(all, off, len)).isEqualTo(strict);
        assertThat(NodeUtf8.utf16Length(all, off, len)).isEqualTo(NodeUtf8.decode(all, off, len).length());
    }
}
