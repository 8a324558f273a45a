package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.attention.core.internal.CharTable;
import io.dsh4j.attention.core.internal.Fences;
import io.dsh4j.attention.core.internal.JsText;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Issue 17: the reply criteria that no longer copy a reply — the line repeat compares lines in place,
 * the paragraph repeat finds the pattern's breaks by hand, the symbol run looks characters up in
 * {@link CharTable} — answer as their definitions (kept below: the trimmed lines, the pattern's split,
 * the code-point loop), on texts of what they look at and on any text.
 */
class DegradeJudgeProperties {

    static boolean referenceLineRepeat(String text) {
        List<String> lines = JsText.trimmedLines(text);
        int run = 1;
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.equals(lines.get(i - 1)) && line.length() > DegradeJudge.LINE_REPEAT_MIN_CHARS) {
                run++;
                if (run >= DegradeJudge.LINE_REPEAT_RUN) return true;
            } else {
                run = 1;
            }
        }
        return false;
    }

    static boolean referenceParagraphRepeat(String text) {
        Set<String> seen = new HashSet<>();
        for (String para : DegradeJudge.paragraphBreak().split(text, -1)) {
            String p = JsText.trim(para);
            if (p.length() <= DegradeJudge.PARA_REPEAT_MIN_CHARS) continue;
            if (!seen.add(p)) return true;
        }
        return false;
    }

    /** {@code symbolRunHit} with a property lookup per code point, as it was written before the table. */
    static String referenceSymbolRun(String text) {
        if (text == null || text.isEmpty()) return null;
        String prose = Fences.stripInlineCode(Fences.strip(Fences.strip(text, "```"), "~~~"));
        StringBuilder box = new StringBuilder(prose);
        for (int i = 0; i < box.length(); i++) {
            if (box.charAt(i) >= '\u2500' && box.charAt(i) <= '\u259F') box.setCharAt(i, ' ');
        }
        prose = box.toString();
        int i = 0;
        while (i < prose.length()) {
            int cp = prose.codePointAt(i);
            if (!DegradeJudge.isSymbol(cp)) {
                i += Character.charCount(cp);
                continue;
            }
            int start = i;
            int codePoints = 0;
            while (i < prose.length() && DegradeJudge.isSymbol(prose.codePointAt(i))) {
                codePoints++;
                i += Character.charCount(prose.codePointAt(i));
            }
            if (codePoints >= DegradeJudge.SYMBOL_RUN_MIN) {
                String run = prose.substring(start, i);
                if (run.codePoints().distinct().count() < DegradeJudge.SYMBOL_RUN_DISTINCT) continue;
                int exotic = 0;
                for (int k = 0; k < run.length(); k++) {
                    if (run.charAt(k) < 0x20 || run.charAt(k) > 0x7E) exotic++;
                }
                if ((double) exotic / run.length() < DegradeJudge.SYMBOL_RUN_EXOTIC_SHARE) continue;
                return run;
            }
        }
        return null;
    }

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.oneOf(
                        Arbitraries.of("\n", "\n\n", " \n", "\n \n", "\n\t\u3000\n", "\r\n", "\u2028", "\u00A0", " ", "\t"),
                        Arbitraries.of("abcdefghijklmnopqrstuvwxyz0", "abcde", "abcdefghijklmnopqrstuvwxyz01", "same line",
                                "same line", "决定使用配置", "x"),
                        Arbitraries.of("→", "★", "※", "§", "¤", "©", "∑", "≈", "•", "\uD83D\uDE00", "\uD83D", "\uDE00", "─", "█",
                                "!", "?", "#", "`", "```", "~~~", "1", "Ⅷ", "²", "é"))
                .list().ofMaxSize(60).map(parts -> String.join("", parts));
    }

    @Property(tries = 3000)
    void the_in_place_criteria_answer_as_their_definitions(@ForAll("texts") String text) {
        assertThat(DegradeJudge.hasLineRepeat(text)).as("line repeat").isEqualTo(referenceLineRepeat(text));
        assertThat(DegradeJudge.hasParagraphRepeat(text)).as("paragraph repeat").isEqualTo(referenceParagraphRepeat(text));
        assertThat(DegradeJudge.symbolRun(text)).as("symbol run").isEqualTo(referenceSymbolRun(text));
    }

    @Property(tries = 1000)
    void and_on_any_text(@ForAll String text) {
        assertThat(DegradeJudge.hasLineRepeat(text)).isEqualTo(referenceLineRepeat(text));
        assertThat(DegradeJudge.hasParagraphRepeat(text)).isEqualTo(referenceParagraphRepeat(text));
        assertThat(DegradeJudge.symbolRun(text)).isEqualTo(referenceSymbolRun(text));
    }

    @Test
    void the_table_knows_the_symbols_of_every_character_that_is_not_a_surrogate() {
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            if (Character.isSurrogate((char) c)) continue;
            assertThat(CharTable.isSymbol((char) c)).as("U+%04X", c).isEqualTo(DegradeJudge.isSymbol(c));
        }
    }

    @Test
    void edges_breaks_at_both_ends_and_white_space_between_newlines() {
        String para = "a paragraph that is long enough to count";
        for (String text : List.of("", "\n", "\n\n", para + "\n\n" + para, para + "\n \n" + para, para + "\n" + para,
                "\n\n" + para + "\n\t\n\n" + para + "\n\n", para + "\n\u3000\n" + para + " ", para + "\n x\n" + para)) {
            assertThat(DegradeJudge.hasParagraphRepeat(text)).as(text).isEqualTo(referenceParagraphRepeat(text));
            assertThat(DegradeJudge.hasLineRepeat(text)).as(text).isEqualTo(referenceLineRepeat(text));
        }
    }
}
