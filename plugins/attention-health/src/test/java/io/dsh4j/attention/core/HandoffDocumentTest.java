package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.testkit.Corpus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec §11 items 42–49 (§5): the handoff document, zh-CN. */
class HandoffDocumentTest {

    static final Instant NOW = Instant.parse("2026-09-19T02:00:00Z");

    static HandoffResult build(List<? extends JsonNode> events, HandoffOptions options) {
        JsonNode header = Events.json("{\"type\":\"session\",\"id\":\"session-test-1\",\"cwd\":\"/w\",\"createdAt\":1789066800000}");
        return Handoff.build(events, new HandoffRequest(header, null, options, false, "v3", NOW, ZoneOffset.UTC,
                Texts.chinese(), null, null, 0));
    }

    static HandoffResult build(List<? extends JsonNode> events) {
        return build(events, HandoffOptions.DEFAULTS);
    }

    static Path largestCorpusLog() throws Exception {
        return Corpus.rawLogs().stream().max(Comparator.comparingLong(p -> p.toFile().length())).orElseThrow();
    }

    @Test
    void the_second_pass_sizes_plan_c_from_the_first_and_stats_count_the_markdown() throws Exception {
        List<JsonNode> events = RawLogs.read(largestCorpusLog()).events();
        SessionFacts x = ColdFold.fold(events);
        HandoffRequest req = HandoffRequest.ofLog(null, "v0", NOW, ZoneOffset.UTC, Texts.chinese(), events.size());
        HandoffRenderer.Rendered first = HandoffRenderer.render(x, req, Thresholds.FIRST_PASS_DOC_TOKENS);
        HandoffResult r = Handoff.build(x, req);
        assertThat(r.stats().handoffDocTokens()).isEqualTo(Math.max(500, Math.round(first.markdown().length() / 2.0)));
        assertThat(r.stats().chars()).isEqualTo(r.markdown().length());
        assertThat(r.plan().plans().handoff().docTokens()).isEqualTo(r.stats().handoffDocTokens());
    }

    @Test
    void headings_come_in_order_with_the_reader_note_first_the_warning_version_and_source() throws Exception {
        String md = build(RawLogs.read(largestCorpusLog()).events()).markdown();
        List<String> headings = List.of("# 会话交接内容", "## 为什么交接（健康度）", "## 交接判断（本地估算，零模型调用）",
                "### 维度 A｜质量", "### 维度 B｜上下文占用", "### 最终建议（质量优先于压缩）", "## 会话", "## 最新目标",
                "## 用户请求主线", "## 关键决策与未决问题", "## 各轮进度", "## 涉及的文件", "## 待办", "## 遇到的错误",
                "## 下一步（规则推导，非模型建议）", "## 统计", "## 附录 A：");
        int at = -1;
        for (String h : headings) {
            int next = md.indexOf(h, at + 1);
            assertThat(next).as(h).isGreaterThan(at);
            at = next;
        }
        assertThat(md.indexOf("给接手方")).isLessThan(md.indexOf("未调用任何模型"));
        assertThat(md).contains("不要回灌全部历史").contains("可能含个人信息").contains("插件版本：" + Handoff.PLUGIN_VERSION)
                .contains("磁盘会话日志快照").contains("磁盘日志代际：v3").contains("生成时间：2026-09-19 02:00:00");
    }

    @Test
    void appendix_a_is_capped_marks_cuts_and_skips_trailing_control_turns() {
        List<JsonNode> events = new ArrayList<>();
        for (int t = 1; t <= 12; t++) {
            events.add(Events.turnStart(t));
            events.add(Events.user("请求 " + t + " " + "内容".repeat(300)));
            events.add(Events.assistant(t, (t == 12 ? "长回复" : "回复") .repeat(t == 12 ? 10_000 : 500), null, 1000 * t));
            events.add(Events.turnEnd(t));
        }
        String full = build(events, HandoffOptions.DEFAULTS.withProfile(HandoffOptions.Profile.FULL)).markdown();
        String appendix = section(full, "## 附录 A");
        assertThat(appendix.length()).isLessThanOrEqualTo(20_200);
        assertThat(appendix).contains("…（本段被截断，命中附录上限）").contains("尾部内容被截断");
        assertThat(full.length()).isLessThan(40_000);

        List<JsonNode> control = List.of(Events.turnStart(1), Events.user("把读取改成流式的，并补测试用例。"),
                Events.assistant(1, "好的，已经改完。", null, 1000), Events.turnEnd(1), Events.turnStart(2),
                Events.user("继续"), Events.assistant(2, "继续中。", null, 1100), Events.turnEnd(2));
        String md = build(control).markdown();
        assertThat(md).contains("## 附录 A：最近 1 轮完整原文（已跳过 1 轮指令型输入：第 2 轮）").doesNotContain("### 第 2 轮");
        assertThat(build(control.subList(0, 4)).markdown()).contains("## 附录 A：最近 1 轮完整原文\n");
    }

    @Test
    void appendix_b_is_bounded_by_900_slim_and_12000_full() {
        List<JsonNode> events = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            events.add(Events.turnStart(i + 1));
            events.add(Events.user("长需求" + i + " " + "细节".repeat(1500)));
            events.add(Events.turnEnd(i + 1));
        }
        HandoffResult full = build(events, HandoffOptions.DEFAULTS.withProfile(HandoffOptions.Profile.FULL));
        HandoffResult slim = build(events);
        assertThat(section(full.markdown(), "## 附录 B").length()).isLessThan(14_000);
        assertThat(full.markdown()).contains("上限 12,000 字符").contains("另有").hasSizeLessThan(30_000);
        assertThat(slim.markdown()).contains("上限 900 字符，精简档只展开第 1 条");
        assertThat(slim.markdown().length()).isLessThan((int) (0.75 * full.markdown().length()));
        assertThat(slim.markdown()).contains("全文见 **附录 B-1**");
    }

    @Test
    void thirty_decisions_show_25_duplicates_merge_turns_and_numbered_items_stay_together() {
        List<JsonNode> events = new ArrayList<>();
        events.add(Events.turnStart(1));
        StringBuilder reply = new StringBuilder();
        for (int i = 0; i < 30; i++) reply.append("第").append(i).append("条结论：必须先处理模块").append(i).append("的边界。\n");
        events.add(Events.assistant(1, reply.toString(), null, 1000));
        events.add(Events.turnEnd(1));
        events.add(Events.turnStart(2));
        events.add(Events.assistant(2, "第0条结论：必须先处理模块0的边界。\n① 第一步先读文件\n② 根因是缓存配置没有及时失效\n③ 再跑测试", null, 1100));
        events.add(Events.assistant(2, "| 测试 | 24 通过 / 0 失败 |\n## 下一步（必须）", null, 1100));
        events.add(Events.turnEnd(2));
        String md = build(events).markdown();
        assertThat(md).contains("另有 6 条");
        assertThat(md).contains("[第 1、2 轮·助手] 第0条结论：必须先处理模块0的边界。");
        assertThat(ColdFold.fold(events).decisions()).extracting(SessionFacts.Decision::text)
                .contains("① 第一步先读文件 ② 根因是缓存配置没有及时失效 ③ 再跑测试")
                .noneMatch(d -> d.contains("24 通过") || d.contains("##"));
    }

    @Test
    void fewer_than_three_decisions_activate_the_broad_list() {
        SessionFacts few = ColdFold.fold(List.of(Events.assistant(1, "调查后的发现是缓存配置有误，需要修改。", null, 100)));
        assertThat(few.broadFallback()).isTrue();
        assertThat(few.decisions()).extracting(SessionFacts.Decision::text).contains("调查后的发现是缓存配置有误，需要修改。");
        SessionFacts enough = ColdFold.fold(List.of(Events.assistant(1,
                "结论是要修改缓存的配置项目。\n根因在于缓存的过期时间设得太短。\n我们决定先回滚上一次的全部改动。", null, 100)));
        assertThat(enough.broadFallback()).isFalse();
    }

    @Test
    void errors_group_by_tool_and_code_and_resolve() {
        List<JsonNode> events = new ArrayList<>();
        for (int t = 1; t <= 3; t++) {
            events.add(Events.turnStart(t));
            if (t <= 2) events.add(toolError("edit", "FS_NOT_OBSERVED", "file not read first"));
            if (t == 1) events.add(toolError("bash", "ENOENT", "no such file"));
            if (t == 3) events.add(toolError("bash", "EPERM", "denied"));
            events.add(Events.turnEnd(t));
        }
        String md = build(events).markdown();
        assertThat(md).contains("**edit `FS_NOT_OBSERVED`** × 2 —— 出现在 第 1、2 轮；第 2 轮之后未再出现（其后 1 轮无复现）");
        assertThat(md).contains("**bash `EPERM`** × 1 —— 出现在 第 3 轮；**最近一轮仍出现（未解决）**");
        assertThat(md).contains("流程性重试").contains("最近仍出现");
    }

    private static ObjectNode toolError(String name, String code, String body) {
        return Events.event("tool/result", Events.json("{\"error\":{\"name\":\"" + name + "\",\"code\":\"" + code
                + "\"},\"message\":{\"content\":[{\"type\":\"tool-result\",\"isError\":true,\"content\":[{\"type\":\"text\",\"text\":\""
                + body + "\"}]}]}}"));
    }

    @Test
    void a_pipe_in_a_reply_keeps_six_columns() {
        String md = build(List.of(Events.turnStart(1), Events.user("比较方案"), Events.assistant(1, "方案A | 方案B | 方案C", null, 100),
                Events.turnEnd(1))).markdown();
        String row = md.lines().filter(l -> l.startsWith("| 1 |")).findFirst().orElseThrow();
        assertThat(row.replace("\\|", "").chars().filter(c -> c == '|').count()).isEqualTo(7);
    }

    @Test
    void a_document_with_three_identical_calls_at_half_the_window_hands_off_on_quality() {
        String md = build(List.of(Events.context(1e6, "deepseek-flash"), Events.turnStart(1), Events.toolCall("read", "{\"p\":1}"),
                Events.toolCall("read", "{\"p\":1}"), Events.toolCall("read", "{\"p\":1}"), Events.assistant(1, "x", null, 500_000),
                Events.turnEnd(1))).markdown();
        assertThat(md).contains("**建议机械交接 + 新开会话**").contains("退化信号优先于压缩");
        assertThat(md).contains("只提示，不自动操作").contains("并列展示，口径各自标注、不混用");
    }

    @Test
    void empty_and_dirty_logs_render() {
        String empty = build(List.of()).markdown();
        assertThat(empty).contains("（本会话日志里没有可用的上下文规模数据；以下内容仍从日志机械提炼）");
        String dirty = build(List.of(Events.event("user/message", Events.json("{\"content\":\"plain string\",\"source\":{\"kind\":\"user\"}}")),
                Events.turnStart(1))).markdown();
        assertThat(dirty).contains("plain string").contains("尚未闭合");
        String logScored = build(List.of(Events.context(1e6, null), Events.assistant(1, "x", null, 20_000))).markdown();
        assertThat(logScored).contains("（日志折算）");
    }

    @Test
    void english_documents_keep_the_same_advice_and_figures() throws Exception {
        List<JsonNode> events = RawLogs.read(largestCorpusLog()).events();
        SessionFacts x = ColdFold.fold(events);
        HandoffResult zh = Handoff.build(x, HandoffRequest.ofLog(null, "v0", NOW, ZoneOffset.UTC, Texts.chinese(), 0));
        HandoffResult en = Handoff.build(x, HandoffRequest.ofLog(null, "v0", NOW, ZoneOffset.UTC, Texts.english(), 0));
        assertThat(en.plan().advice()).isEqualTo(zh.plan().advice());
        assertThat(en.stats().handoffDocTokens()).isEqualTo(zh.stats().handoffDocTokens());
        assertThat(en.markdown()).startsWith("# Handoff notes").doesNotContainPattern("[\\u4e00-\\u9fff]{6}");
    }

    private static String section(String md, String heading) {
        int start = md.indexOf(heading);
        int end = md.indexOf("\n## ", start + heading.length());
        return end < 0 ? md.substring(start) : md.substring(start, end);
    }

    @Test
    void a_corpus_document_is_deterministic() throws Exception {
        Path log = largestCorpusLog();
        assertThat(Files.exists(log)).isTrue();
        assertThat(build(RawLogs.read(log).events()).markdown()).isEqualTo(build(RawLogs.read(log).events()).markdown());
    }
}
