package io.dsh4j.session.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/** {@link JsTextLines} against the JDK's decoder and JavaScript's white-space table. */
class JsTextLinesProperties {

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
        assertThat(JsTextLines.isWellFormed(bytes, 0, bytes.length)).isEqualTo(strict);
    }

    @Property(tries = 2000)
    void utf16_length_is_the_length_of_the_decode(@ForAll @Size(max = 12) byte[] bytes) {
        assertThat(JsTextLines.utf16Length(bytes, 0, bytes.length)).isEqualTo(JsTextLines.decode(bytes, 0, bytes.length).length());
    }

    @Property(tries = 2000)
    void well_formed_input_decodes_as_the_jdk_decodes_it(@ForAll String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertThat(JsTextLines.decode(bytes, 0, bytes.length)).isEqualTo(new String(bytes, StandardCharsets.UTF_8));
    }

    @net.jqwik.api.Example
    void ill_formed_subparts_are_replaced_as_node_replaces_them() {
        // Node 20: Buffer.from([...]).toString('utf8') of these bytes has length 18
        byte[] b = {0x61, (byte) 0xC3, (byte) 0xED, (byte) 0xA0, (byte) 0x80, (byte) 0xFF, 0x62, (byte) 0xF0, (byte) 0x90,
            (byte) 0x80, 0x41, (byte) 0xE0, (byte) 0x80, (byte) 0x80, (byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80,
            (byte) 0xC0, (byte) 0xAF};
        assertThat(JsTextLines.decode(b, 0, b.length))
                .isEqualTo("a\uFFFD\uFFFD\uFFFD\uFFFD\uFFFDb\uFFFDA" + "\uFFFD".repeat(9));
    }

    @Property(tries = 2000)
    void utf16_length_of_any_string_is_its_length(@ForAll String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertThat(JsTextLines.utf16Length(bytes, 0, bytes.length)).isEqualTo(new String(bytes, StandardCharsets.UTF_8).length());
    }

    @Property(tries = 2000)
    void blank_is_what_javascript_trim_empties(@ForAll @Size(max = 6) String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        boolean allWhite = new String(bytes, StandardCharsets.UTF_8).chars().allMatch(JsTextLinesProperties::jsWhiteSpace);
        assertThat(JsTextLines.isBlank(bytes, 0, bytes.length)).isEqualTo(allWhite);
    }

    @Property(tries = 500)
    void every_javascript_white_space_character_is_blank(@ForAll("whiteSpace") String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertThat(JsTextLines.isBlank(bytes, 0, bytes.length)).isTrue();
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<String> whiteSpace() {
        return net.jqwik.api.Arbitraries.strings().withChars(WHITE).ofMaxLength(8);
    }

    /** ECMAScript WhiteSpace and LineTerminator, written out from the standard's table (Unicode Zs as of 15). */
    private static final String WHITE = "\t\u000B\f \u00A0\uFEFF\n\r\u2028\u2029\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
            + "\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000";

    private static boolean jsWhiteSpace(int c) {
        return WHITE.indexOf(c) >= 0;
    }
}
