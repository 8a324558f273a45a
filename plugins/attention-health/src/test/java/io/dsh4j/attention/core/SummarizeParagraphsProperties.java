package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.attention.core.internal.JsText;
import io.dsh4j.message.json.JsNumbers;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Issue 17 (linear text paths): {@code DocumentViews.summarize}, which reads paragraphs one at a time
 * and stops at the first that does not fit, gives what the whole-text definition gives (every paragraph
 * of {@code split(/\n{2,}/)}, the fallback the head of the whole collapsed text).
 */
class SummarizeParagraphsProperties {

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.of('\n', '\n', '\n', '\r', ' ', '\t', '\u3000', 'a', 'b', '决', '.')
                .list().ofMaxSize(80).map(cs -> {
                    StringBuilder b = new StringBuilder();
                    cs.forEach(b::append);
                    return b.toString();
                });
    }

    @Property(tries = 3000)
    void summarize_reads_the_paragraphs_the_pattern_splits(@ForAll("texts") String text) {
        for (int max : new int[] {0, 2, 5, 12, 30}) {
            assertThat(DocumentViews.summarize(text, max, Texts.english())).isEqualTo(whole(text, max, Texts.english()));
        }
    }

    private static String whole(String text, int max, Texts t) {
        String flat = text.replace("\r", "");
        if (flat.length() <= max) return JsText.collapse(flat);
        StringBuilder out = new StringBuilder();
        for (String part : DocumentViews.PARAGRAPHS.split(flat, -1)) {
            String p = JsText.trim(part);
            if (p.isEmpty()) continue;
            String oneLine = JsText.collapse(p);
            if (oneLine.isEmpty()) continue;
            int nextLength = out.isEmpty() ? oneLine.length() : out.length() + 4 + oneLine.length();
            if (nextLength > max) break;
            if (!out.isEmpty()) out.append("\n   ");
            out.append(oneLine);
        }
        String body = out.isEmpty() ? JsText.head(JsText.collapseRuns(flat), max) : out.toString();
        return body + t.get("summary.fullLength", JsNumbers.grouped(flat.length()));
    }
}
