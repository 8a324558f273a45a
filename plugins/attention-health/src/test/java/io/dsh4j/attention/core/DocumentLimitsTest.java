package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec §11 items 39, 43, 44 and 45 where {@code HandoffDocumentTest} and {@code CompactionPlanTest}
 * stop short: the version printed is the spec's package version (not the constant compared with
 * itself), exactly 25 of 30 decisions are listed with {@code 另有 5 条}, the slim appendix B is
 * actually bounded near 900 characters, and the wire enum is the enum's own keys. zh-CN.
 */
class DocumentLimitsTest {

    private static String section(String md, String heading) {
        int start = md.indexOf(heading);
        assertThat(start).as(heading).isNotNegative();
        int end = md.indexOf("\n## ", start + heading.length());
        return end < 0 ? md.substring(start) : md.substring(start, end);
    }

    @Test
    void the_document_prints_the_spec_package_version_0_1_2() {
        String md = HandoffDocumentTest.build(List.of(Events.turnStart(1), Events.user("看一下"), Events.turnEnd(1))).markdown();
        assertThat(md).contains("生成时间：2026-09-19 02:00:00　插件版本：0.1.2");
    }

    @Test
    void thirty_decisions_list_exactly_25_and_say_5_more() {
        StringBuilder reply = new StringBuilder();
        for (int i = 0; i < 30; i++) reply.append("结论").append(i).append("：必须先处理模块").append(i).append("的边界问题。\n");
        List<JsonNode> events = List.of(Events.turnStart(1), Events.user("整理结论"),
                Events.assistant(1, reply.toString(), null, 1000), Events.turnEnd(1));
        assertThat(ColdFold.fold(events).decisions()).hasSize(30);
        String decisions = section(HandoffDocumentTest.build(events).markdown(), "## 关键决策与未决问题");
        assertThat(decisions).startsWith("## 关键决策与未决问题（规则抽取，共 30 条）");
        assertThat(decisions.lines().filter(l -> l.startsWith("- [第 1 轮·助手] ")).count()).isEqualTo(25);
        assertThat(decisions).contains("结论24：").doesNotContain("结论25：").contains("- …另有 5 条");
    }

    @Test
    void the_slim_appendix_b_stays_near_900_characters_and_the_full_one_near_12000() {
        List<JsonNode> events = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            events.add(Events.turnStart(i + 1));
            events.add(Events.user("长需求" + i + " " + "细节".repeat(1500)));
            events.add(Events.turnEnd(i + 1));
        }
        String slim = section(HandoffDocumentTest.build(events).markdown(), "## 附录 B");
        String full = section(HandoffDocumentTest.build(events, HandoffOptions.DEFAULTS.withProfile(HandoffOptions.Profile.FULL))
                .markdown(), "## 附录 B");
        int slimBodies = shownBodies(slim);
        int fullBodies = shownBodies(full);
        assertThat(slimBodies).isBetween(800, 1000);
        assertThat(fullBodies).isBetween(11_000, 12_200);
        assertThat(slim).contains("…（本条已截断，原始 3,005 字）").contains("**另有");
    }

    /** The characters of appendix B that are request text (headings and notes excluded). */
    private static int shownBodies(String appendix) {
        return appendix.lines().filter(l -> !l.startsWith("#") && !l.startsWith(">") && !l.isBlank())
                .mapToInt(String::length).sum();
    }

    @Test
    void the_wire_enum_is_the_advice_keys_in_order() {
        assertThat(Advice.VALUES).containsExactlyElementsOf(Arrays.stream(Advice.values()).map(Advice::key).toList());
    }
}
