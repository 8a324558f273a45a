package io.dsh4j.session.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/** {@link JsTextLines} against JavaScript's white-space table. */
class JsTextLinesProperties {

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
