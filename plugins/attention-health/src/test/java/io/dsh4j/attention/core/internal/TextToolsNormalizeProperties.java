package io.dsh4j.attention.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Issue 17: {@link TextTools#normalize}, which lowers and filters in one pass, keeps exactly the code
 * points of its two-step definition ({@link #reference}: {@link JsText#lower}, then the letters and
 * numbers of the lower-cased text), on texts of the characters whose lower case is special (final and
 * inner sigma, dotted capital I, the Kelvin sign, title case, letter numbers, supplementary letters,
 * lone surrogates) and on any text.
 */
class TextToolsNormalizeProperties {

    /** {@code normalize} as it was written before the one-pass loop. */
    static String reference(String text) {
        String lower = JsText.lower(text);
        StringBuilder out = new StringBuilder(lower.length());
        for (int i = 0, n = lower.length(); i < n; ) {
            int cp = lower.codePointAt(i);
            i += Character.charCount(cp);
            if (TextTools.isLetterOrNumber(cp)) out.appendCodePoint(cp);
        }
        return out.toString();
    }

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.of("A", "z", "0", "9", " ", "-", "_", "Σ", "σ", "ς", "İ", "I", "\u212A", "ǅ", "Ⅷ", "ⅷ", "①", "²",
                        "\uD801\uDC00", "\uD83D\uDE00", "\uD83D", "\uDE00", "决", "Ä", "ß", "\u0307", "'", "\u00AD", "É", "Ω")
                .list().ofMaxSize(30).map(parts -> String.join("", parts));
    }

    @Property(tries = 5000)
    void the_one_pass_normalisation_keeps_the_code_points_of_the_definition(@ForAll("texts") String text) {
        assertThat(TextTools.normalize(text)).isEqualTo(reference(text));
    }

    @Property(tries = 2000)
    void and_on_any_text(@ForAll String text) {
        assertThat(TextTools.normalize(text)).isEqualTo(reference(text));
    }

    @Test
    void edges_empty_null_and_every_character_of_the_basic_plane() {
        assertThat(TextTools.normalize(null)).isEmpty();
        assertThat(TextTools.normalize("")).isEmpty();
        StringBuilder all = new StringBuilder();
        for (char c = 1; c != 0; c++) {
            if (c == '\u03A3' || c == '\u0130') continue;
            all.append(c).append(' ');
        }
        assertThat(TextTools.normalize(all.toString())).isEqualTo(reference(all.toString()));
        for (String s : List.of("ΑΣ", "ΑΣ Β", "Σ", "İstanbul", "x\u0130y")) assertThat(TextTools.normalize(s)).isEqualTo(reference(s));
    }
}
