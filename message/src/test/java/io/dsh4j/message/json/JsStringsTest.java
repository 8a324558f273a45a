package io.dsh4j.message.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.regex.Pattern;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** {@link JsStrings}: JavaScript's white space, trim and lower-casing. */
class JsStringsTest {

    @Example
    void capital_sigma_lowers_by_the_final_sigma_condition_as_javascript_does() {
        // Node 20: 'ΟΔΟΣ'.toLowerCase() === 'οδος', 'ΣΑΣ1a' → 'σας1a', 'ΣΑΣ`a' → 'σασ`a', 'Σ' → 'σ', 'AΣ.b' → 'aσ.b'
        assertThat(JsStrings.toLowerCase("ΟΔΟΣ")).isEqualTo("οδος");
        assertThat(JsStrings.toLowerCase("ΣΑΣ1a")).isEqualTo("σας1a");
        assertThat(JsStrings.toLowerCase("ΣΑΣ`a")).isEqualTo("σασ`a");
        assertThat(JsStrings.toLowerCase("Σ")).isEqualTo("σ");
        assertThat(JsStrings.toLowerCase("AΣ.b")).isEqualTo("aσ.b");
        assertThat(JsStrings.toLowerCase("ΟΔΟΣ\uFEFFไทย file")).isEqualTo("οδος\uFEFFไทย file");
    }

    @Property(tries = 1000)
    void without_capital_sigma_lowering_is_the_root_locales(@ForAll String s) {
        String noSigma = s.replace('\u03A3', 'S');
        assertThat(JsStrings.toLowerCase(noSigma)).isEqualTo(noSigma.toLowerCase(Locale.ROOT));
    }

    @Property(tries = 1000)
    void trim_removes_exactly_the_white_space_class_from_both_ends(@ForAll String s) {
        Pattern ends = Pattern.compile("^[" + JsStrings.WHITE_SPACE_CLASS + "]+|[" + JsStrings.WHITE_SPACE_CLASS + "]+$");
        assertThat(JsStrings.trim(s)).isEqualTo(ends.matcher(s).replaceAll(""));
        assertThat(JsStrings.isBlank(s)).isEqualTo(JsStrings.trim(s).isEmpty());
    }

    @Example
    void white_space_is_ecmascripts_not_javas() {
        assertThat(JsStrings.trim("\u3000\u00A0\uFEFF x \u2028\u2029")).isEqualTo("x");
        assertThat(JsStrings.isWhiteSpace(0x85)).isFalse();
        assertThat(JsStrings.isWhiteSpace(0x1C)).isFalse();
        assertThat(JsStrings.isWhiteSpace(0x180E)).isFalse();
    }
}
