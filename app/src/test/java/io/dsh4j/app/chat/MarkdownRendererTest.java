package io.dsh4j.app.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStyle;
import org.junit.jupiter.api.Test;

/** Issue 12, "Markdown rendered readably": the block and inline renderer chat's screen feeds line by line. */
class MarkdownRendererTest {

    static final long F_BOLD = AttributedStyle.DEFAULT.bold().getStyle();
    static final long F_UNDERLINE = AttributedStyle.DEFAULT.underline().getStyle();
    static final long F_ITALIC = AttributedStyle.DEFAULT.italic().getStyle();
    static final long F_CROSSED_OUT = AttributedStyle.DEFAULT.crossedOut().getStyle();

    static List<AttributedString> render(String markdown, int width) {
        MarkdownRenderer r = new MarkdownRenderer(() -> width);
        List<AttributedString> out = new ArrayList<>();
        for (String line : markdown.split("\n", -1)) out.addAll(r.line(line));
        out.addAll(r.finish());
        return out;
    }

    static List<String> texts(List<AttributedString> lines) {
        return lines.stream().map(AttributedString::toString).toList();
    }

    /** The style of the char at {@code index} of {@code line}. */
    static AttributedStyle styleAt(AttributedString line, String part) {
        return line.styleAt(line.toString().indexOf(part));
    }

    @Test
    void headings_are_bold_without_their_hashes_and_the_first_level_is_underlined() {
        List<AttributedString> out = render("# Title\n## Section ##\n###### small", 60);
        assertThat(texts(out)).containsExactly("Title", "Section", "small");
        assertThat(out.get(0).styleAt(0).getStyle() & F_BOLD).isNotZero();
        assertThat(out.get(0).styleAt(0).getStyle() & F_UNDERLINE).isNotZero();
        assertThat(out.get(1).styleAt(0).getStyle() & F_BOLD).isNotZero();
        assertThat(out.get(1).styleAt(0).getStyle() & F_UNDERLINE).isZero();
    }

    @Test
    void list_items_get_bullets_numbers_task_boxes_and_a_hanging_indent() {
        List<String> out = texts(render("- one\n  * nested\n3. third\n- [ ] todo\n- [x] done\n- a long item that has to wrap", 20));
        assertThat(out).containsExactly("• one", "  • nested", "3. third", "☐ todo", "☑ done", "• a long item that", "  has to wrap");
    }

    @Test
    void emphasis_bold_strike_inline_code_and_links_are_styled_and_lose_their_markers() {
        AttributedString line = render("a **bold** and *em* and ~~gone~~ and `x**y**` and [site](https://e.org) and snake_case_name", 200)
                .getFirst();
        assertThat(line.toString()).isEqualTo("a bold and em and gone and x**y** and site (https://e.org) and snake_case_name");
        assertThat(styleAt(line, "bold").getStyle() & F_BOLD).isNotZero();
        assertThat(styleAt(line, "em ").getStyle() & F_ITALIC).isNotZero();
        assertThat(styleAt(line, "gone").getStyle() & F_CROSSED_OUT).isNotZero();
        assertThat(styleAt(line, "x**y**")).isEqualTo(MarkdownInline.CODE);
        assertThat(styleAt(line, "site").getStyle() & F_UNDERLINE).isNotZero();
        assertThat(styleAt(line, "snake").getStyle() & F_ITALIC).isZero();
    }

    @Test
    void unmatched_markers_and_escapes_stay_as_typed() {
        assertThat(texts(render("2 * 3 = 6, a ** b, \\*not em\\*, `open", 80))).containsExactly("2 * 3 = 6, a ** b, *not em*, `open");
        assertThat(texts(render("***both***", 80))).containsExactly("both");
    }

    @Test
    void code_blocks_are_kept_verbatim_no_wrapping_and_no_markup() {
        String code = "    if (a **b** && `c`) { return \"# not a heading\"; } // a line much longer than the twenty columns";
        List<AttributedString> out = render("```java\n" + code + "\n- not a list\n```\nafter", 20);
        assertThat(texts(out)).containsExactly("```java", code, "- not a list", "```", "after");
        assertThat(out.get(1).styleAt(0)).isEqualTo(MarkdownRenderer.CODE_BLOCK);
        assertThat(out.get(0).styleAt(0)).isEqualTo(MarkdownRenderer.FAINT);
    }

    @Test
    void a_tilde_fence_and_a_longer_backtick_fence_close_only_on_their_own_kind() {
        List<String> out = texts(render("~~~~\n```\nstill code\n~~~~\n# heading", 40));
        assertThat(out).containsExactly("~~~~", "```", "still code", "~~~~", "heading");
    }

    @Test
    void a_table_is_aligned_in_display_columns_with_cjk_cells() {
        List<AttributedString> out = render("| 名前 | n | note |\n|:---|---:|:-:|\n| 猫 | 1 | ok |\n| longer name | 22 | 中文 |\nafter", 80);
        List<String> lines = texts(out);
        assertThat(lines).containsExactly(
                "名前        │  n │ note",
                "────────────┼────┼─────",
                "猫          │  1 │  ok",
                "longer name │ 22 │ 中文",
                "after");
        int bar = new AttributedString(lines.getFirst().substring(0, lines.getFirst().indexOf('│'))).columnLength();
        for (String l : lines.subList(0, 4)) {
            assertThat(new AttributedString(l.substring(0, l.indexOf(l.contains("┼") ? '┼' : '│'))).columnLength()).isEqualTo(bar);
        }
        assertThat(out.getFirst().styleAt(0).getStyle() & F_BOLD).isNotZero();
    }

    @Test
    void a_table_wider_than_the_terminal_is_narrowed_then_shown_as_records() {
        String table = "| key | description |\n|---|---|\n| a | " + "word ".repeat(20) + "|\nend";
        List<String> narrowed = texts(render(table, 30));
        assertThat(narrowed.subList(0, 3)).allSatisfy(l -> assertThat(new AttributedString(l).columnLength()).isLessThanOrEqualTo(30));
        assertThat(narrowed.get(2)).startsWith("a   │ word").endsWith("…");
        String many = "|" + "h|".repeat(12) + "\n|" + "-|".repeat(12) + "\n|" + "v|".repeat(12);
        List<String> records = texts(render(many, 20));
        assertThat(records).hasSize(12).allSatisfy(l -> assertThat(l).isEqualTo("h: v"));
    }

    @Test
    void rows_without_a_delimiter_row_are_text_not_a_table() {
        assertThat(texts(render("| just | pipes |\nnext", 80))).containsExactly("| just | pipes |", "next");
    }

    @Test
    void paragraphs_wrap_at_spaces_and_cjk_text_between_characters_never_splitting_a_wide_one() {
        assertThat(texts(render("the quick brown fox jumps over the lazy dog", 16)))
                .containsExactly("the quick brown", "fox jumps over", "the lazy dog");
        List<String> cjk = texts(render("中文".repeat(10) + "x", 9));
        assertThat(cjk).allSatisfy(l -> assertThat(new AttributedString(l).columnLength()).isLessThanOrEqualTo(9));
        assertThat(String.join("", cjk)).isEqualTo("中文".repeat(10) + "x");
        assertThat(cjk.getFirst()).isEqualTo("中文中文");
    }

    @Test
    void quotes_and_rules() {
        List<AttributedString> out = render("> quoted *text*\n---\n***", 10);
        assertThat(texts(out)).containsExactly("│ quoted", "│ text", "─".repeat(10), "─".repeat(10));
    }

    @Test
    void the_preview_shows_held_table_rows_and_the_incomplete_line_without_committing_them() {
        MarkdownRenderer r = new MarkdownRenderer(() -> 40);
        assertThat(r.line("| a | b |")).isEmpty();
        assertThat(r.line("|---|---|")).isEmpty();
        assertThat(texts(r.preview("| 1 | 2"))).containsExactly("a │ b", "──┼──", "1 │ 2");
        assertThat(texts(r.preview("**half"))).containsExactly("a │ b", "──┼──", "**half");
        assertThat(texts(r.line("| 1 | 2 |"))).isEmpty();
        assertThat(texts(r.line("done"))).containsExactly("a │ b", "──┼──", "1 │ 2", "done");
        assertThat(r.finish()).isEmpty();
    }

    @Test
    void a_huge_line_of_markers_is_rendered_plain_in_bounded_work() {
        String hostile = "*a _b `c [d](".repeat(200_000);
        List<AttributedString> out = render(hostile, 80);
        assertThat(out).hasSizeGreaterThan(1000);
        assertThat(out).allSatisfy(l -> assertThat(l.columnLength()).isLessThanOrEqualTo(80));
        String nested = "**".repeat(2000) + "x" + "**".repeat(2000);
        assertThat(render(nested, 80)).isNotEmpty();
    }

    @Provide
    Arbitrary<String> markdown() {
        Arbitrary<String> pieces = Arbitraries.of("# ", "## ", "- ", "1. ", "> ", "**", "*", "_", "`", "```", "~~", "|", "|---|",
                "[a](b)", " ", "  ", "\n", "word", "中文字", "😀", "\t", "x_y", "---", "\\", "<https://a.b>");
        return pieces.list().ofMaxSize(60).map(l -> String.join("", l));
    }

    @Property(tries = 300)
    void every_line_outside_code_fits_in_the_width(@ForAll("markdown") String text, @ForAll @IntRange(min = 8, max = 60) int width) {
        String safe = TerminalText.safe(text);
        MarkdownRenderer r = new MarkdownRenderer(() -> width);
        List<AttributedString> out = new ArrayList<>();
        for (String line : safe.split("\n", -1)) out.addAll(r.line(line));
        out.addAll(r.finish());
        assertThat(out.stream().filter(l -> !verbatim(l))).allSatisfy(l -> assertThat(l.columnLength()).isLessThanOrEqualTo(width));
    }

    /** A code line, a fence line or an indented (verbatim) line: kept as written, never wrapped. */
    static boolean verbatim(AttributedString l) {
        if (l.length() == 0) return false;
        String t = l.toString().strip();
        return l.styleAt(0).equals(MarkdownRenderer.CODE_BLOCK)
                || l.styleAt(0).equals(MarkdownRenderer.FAINT) && (t.startsWith("```") || t.startsWith("~~~"))
                || l.toString().startsWith("    ");
    }

    @Property(tries = 300)
    void the_preview_never_changes_what_the_lines_yield(@ForAll("markdown") String text) {
        String safe = TerminalText.safe(text);
        MarkdownRenderer plain = new MarkdownRenderer(() -> 30);
        MarkdownRenderer previewed = new MarkdownRenderer(() -> 30);
        List<String> a = new ArrayList<>();
        List<String> b = new ArrayList<>();
        for (String line : safe.split("\n", -1)) {
            a.addAll(texts(plain.line(line)));
            previewed.preview(line.substring(0, line.length() / 2));
            b.addAll(texts(previewed.line(line)));
        }
        a.addAll(texts(plain.finish()));
        b.addAll(texts(previewed.finish()));
        assertThat(b).isEqualTo(a);
    }
}
