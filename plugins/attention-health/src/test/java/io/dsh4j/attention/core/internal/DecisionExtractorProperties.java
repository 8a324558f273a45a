package io.dsh4j.attention.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.attention.core.MessageText;
import io.dsh4j.message.json.Js;
import io.dsh4j.session.LenientLogReader;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.HostileLogs;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * Issue 17: {@link DecisionExtractor#extract}, one pass that builds a sentence's string only when it can
 * hit or start a numbered item and lower-cases it for the keyword test without a copy, gives exactly the
 * sentences of the list-of-sentences definition it replaces (kept below as {@link #reference}: split by
 * the pattern, leading marks stripped by the pattern, trimmed, collapsed, every sentence tested, numbered
 * runs merged), for texts made of what the stages look at, for any text, for both keyword lists and for
 * arbitrary lists, and for every message of the corpus.
 */
class DecisionExtractorProperties {

    private static final int MIN_CHARS = 12;
    private static final int MAX_CHARS = 400;
    private static final String ASCII_PUNCT = "{}()[];,.<>|=+-*/\\_#`~^&%$@!?:\"'";
    private static final List<String> CODE_WORDS = List.of("const", "let", "var", "function", "import", "export",
            "return", "if", "for", "while");

    /** {@code extractDecisionSentences(text, keywords)} as it was written before the one-pass extraction. */
    static List<String> reference(String text, List<String> keywords) {
        String flat = (text == null ? "" : text).replace("\r", "");
        List<String> sentences = new ArrayList<>();
        for (String piece : SentenceScan.splitPattern().split(flat, -1)) {
            String s = JsText.trim(SentenceScan.leadingPattern().matcher(piece).replaceFirst(""));
            if (s.isEmpty()) continue;
            String c = JsText.collapse(s);
            if (!c.isEmpty()) sentences.add(c);
        }
        Set<Integer> hits = new HashSet<>();
        for (int i = 0; i < sentences.size(); i++) {
            if (isHit(sentences.get(i), keywords)) hits.add(i);
        }
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < sentences.size()) {
            if (DecisionExtractor.numbered(sentences.get(i))) {
                int j = i;
                while (j < sentences.size() && DecisionExtractor.numbered(sentences.get(j))) j++;
                boolean hasHit = false;
                for (int k = i; k < j && !hasHit; k++) hasHit = hits.contains(k);
                if (hasHit) {
                    List<String> parts = new ArrayList<>();
                    for (int k = i; k < j; k++) parts.add(DecisionExtractor.stripMarkdownDecorations(sentences.get(k)));
                    String merged = JsText.trim(String.join(" ", parts));
                    if (merged.length() >= MIN_CHARS) out.add(merged);
                }
                i = j;
            } else {
                if (hits.contains(i)) {
                    String clean = DecisionExtractor.stripMarkdownDecorations(sentences.get(i));
                    if (clean.length() >= MIN_CHARS) out.add(clean);
                }
                i++;
            }
        }
        return out;
    }

    private static boolean isHit(String s, List<String> keywords) {
        if (s.length() < MIN_CHARS || s.length() > MAX_CHARS) return false;
        boolean onlyPunct = true;
        for (int i = 0; i < s.length() && onlyPunct; i++) onlyPunct = ASCII_PUNCT.indexOf(s.charAt(i)) >= 0;
        if (onlyPunct) return false;
        for (String w : CODE_WORDS) {
            if (s.startsWith(w) && (s.length() == w.length() || !isAsciiWordChar(s.charAt(w.length())))) return false;
        }
        if (DecisionExtractor.isNoise(s)) return false;
        String lower = JsText.lower(s);
        for (String kw : keywords) {
            if (lower.contains(kw)) return true;
        }
        return false;
    }

    private static boolean isAsciiWordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }

    @Provide
    Arbitrary<String> texts() {
        Arbitrary<String> pieces = Arbitraries.oneOf(
                Arbitraries.of(DecisionExtractor.KEYWORDS_ALL),
                Arbitraries.of(DecisionExtractor.KEYWORDS_BROAD_ALL),
                Arbitraries.of("ROOT CAUSE", "Decided To", "DECISION", "In Summary", "ΣΑΣ", "İ", "Kelvin \u212A", "ǅ",
                        "\uD801\uDC00", "\uD83D\uDE00", "\uD83D", "①", "⑳", "1. ", "(2) ", "3、", "12) ", "- ", "* ", "> ",
                        "**", "__", "`", "| a |", "✅", "\uD83D\uDD34", "通过 3/4", "C:\\Users\\someone\\x", "- [x] ",
                        "npm ", "git ", "const ", "if", "#", "## ", "...", "()", "{}"),
                Arbitraries.of(". ", "! ", "? ", "。", "！", "？", "；", "; ", ".\n", "\n", "\n\n", "\r\n", "\r", ". A", ". (",
                        " ", "\t", "\u3000", "\u00A0", "\u2028", "\uFEFF", "–", "—", "•", "（", "）"),
                Arbitraries.strings().withChars("abcxyzABC 决定风险使用配置0123456789.").ofMinLength(1).ofMaxLength(14),
                Arbitraries.strings().withChars("ab决 ").ofLength(390));
        return pieces.list().ofMaxSize(40).map(ps -> String.join("", ps));
    }

    @Property(tries = 3000)
    void the_one_pass_extraction_gives_the_sentences_of_the_definition(@ForAll("texts") String text) {
        assertThat(DecisionExtractor.extract(text)).isEqualTo(reference(text, DecisionExtractor.KEYWORDS_ALL));
    }

    @Property(tries = 1500)
    void with_the_broad_list_too(@ForAll("texts") String text) {
        assertThat(DecisionExtractor.extract(text, DecisionExtractor.KEYWORDS_BROAD_ALL))
                .isEqualTo(reference(text, DecisionExtractor.KEYWORDS_BROAD_ALL));
    }

    @Property(tries = 1500)
    void with_any_keyword_list(@ForAll("texts") String text, @ForAll("keywordLists") List<String> keywords) {
        assertThat(DecisionExtractor.extract(text, keywords)).isEqualTo(reference(text, keywords));
    }

    @Property(tries = 500)
    void and_on_any_text(@ForAll String text) {
        assertThat(DecisionExtractor.extract(text)).isEqualTo(reference(text, DecisionExtractor.KEYWORDS_ALL));
    }

    @Provide
    Arbitrary<List<String>> keywordLists() {
        return Arbitraries.strings().withChars("abo决定σς\uD83D\uDE00 ").ofMaxLength(3).list().ofMaxSize(5).map(ArrayList::new);
    }

    @Test
    void every_message_of_the_corpus_and_a_long_prose_give_the_sentences_of_the_definition() throws Exception {
        List<String> texts = new ArrayList<>();
        for (Path file : Corpus.rawLogs()) {
            LenientLogReader.read(file, LenientLogReader.Limits.DEFAULTS, e -> {
                String text = MessageText.of(Js.or(Js.path(e, "data", "message", "content"), Js.path(e, "data", "content")));
                if (!text.isEmpty()) texts.add(text);
            });
        }
        assertThat(texts).hasSizeGreaterThan(400);
        texts.add(HostileLogs.prose(300_000, 4));
        int sentences = 0;
        for (String text : texts) {
            List<String> expected = reference(text, DecisionExtractor.KEYWORDS_ALL);
            assertThat(DecisionExtractor.extract(text)).isEqualTo(expected);
            assertThat(DecisionExtractor.extract(text, DecisionExtractor.KEYWORDS_BROAD_ALL))
                    .isEqualTo(reference(text, DecisionExtractor.KEYWORDS_BROAD_ALL));
            sentences += expected.size();
        }
        assertThat(sentences).isGreaterThan(500);
    }

    @Test
    void the_character_table_answers_as_the_tests_it_replaces_for_every_character() {
        for (int i = 0; i <= Character.MAX_VALUE; i++) {
            char c = (char) i;
            String s = String.valueOf(c);
            assertThat(CharTable.is(c, CharTable.SPACE)).as("U+%04X", i).isEqualTo(JsText.isSpace(c));
            assertThat(CharTable.is(c, CharTable.SENTENCE_MARK)).as("U+%04X", i).isEqualTo("。；！？!?;".indexOf(c) >= 0);
            assertThat(CharTable.is(c, CharTable.MARK_OR_STOP)).as("U+%04X", i).isEqualTo("。；！？!?;.".indexOf(c) >= 0);
            assertThat(CharTable.is(c, CharTable.NEWLINE)).as("U+%04X", i).isEqualTo(c == '\n');
            assertThat(CharTable.is(c, CharTable.LEADING_MARK)).as("U+%04X", i)
                    .isEqualTo(SentenceScan.leadingPattern().matcher(s).lookingAt());
            if (!CharTable.is(c, CharTable.NO_OWN_LOWER)) {
                assertThat(String.valueOf(CharTable.lower(c))).as("U+%04X", i).isEqualTo(JsText.lower(s));
                assertThat(String.valueOf(CharTable.lower(c))).as("U+%04X", i).isEqualTo(s.toLowerCase(java.util.Locale.ROOT));
            }
        }
        assertThat(CharTable.is('\u03A3', CharTable.NO_OWN_LOWER)).isTrue();
        assertThat(CharTable.is('\u0130', CharTable.NO_OWN_LOWER)).isTrue();
        assertThat(CharTable.is('\uD83D', CharTable.NO_OWN_LOWER)).isTrue();
    }
}
