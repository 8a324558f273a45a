package io.dsh4j.app.health;

import static io.dsh4j.app.health.HealthCliTest.NOW;
import static io.dsh4j.app.health.HealthCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.app.health.HealthCliTest.Run;
import io.dsh4j.testkit.Corpus;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The zh-CN text of {@code dsh4j health} line by line against the labels spec §1.9 quotes for
 * {@code --health} ({@code 会话}, {@code 健康评分}, {@code 上下文规模}, {@code 占声明窗口}, {@code 有效占用},
 * {@code 上下文占用 ：无法确定}, {@code 重复工具调用}, {@code 输出退化}, {@code 思考异常}, {@code 发现：}).
 * Labels are padded to one column, so the spaces before {@code ：} are dropped before comparing;
 * {@code 处理建议} (advice) and {@code 思考守卫} (guard trips) are dsh4j's additions.
 */
class HealthTextOutputTest {

    @TempDir
    Path home;

    private List<String> zh(Path log) {
        Run r = run("health", log.toString(), "--home", home.toString(), "--now", NOW, "--lang", "zh-CN");
        assertThat(r.code()).as(r.err()).isZero();
        return r.out().lines().map(l -> l.replaceFirst(" +：", "：")).toList();
    }

    private static Path stress(String name) {
        return Corpus.oracle().resolve("attention-health/stress").resolve(name).resolve("session.jsonl");
    }

    @Test
    void a_session_with_a_window_repeats_and_a_reasoning_loop_prints_every_label() {
        assertThat(zh(stress("79-1m-52pct-loop-and-repeat5"))).containsExactly(
                "会话：79-1m-52pct-loop-and-repeat5", // the folder id, as the original's --health printed it
                "健康评分：35 / 100 — 上下文过大",
                "处理建议：建议机械交接 + 新开会话（继续会话已不划算）",
                "上下文规模：320,000 token",
                "占声明窗口：32.0%（窗口 1,000,000）",
                "有效占用：53.3%（有效窗口 600,000，系数 0.6）",
                "重复工具调用：最长连续 5 次",
                "思考异常：1 次（打转 1 / 其他 0），最长同一行重复 100 次",
                "发现：",
                "  - 有效窗口已用过半（评分 −25）",
                "  - 连续 5 次相同工具调用（疑似打转）",
                "  - 思考过程出现打转：1 次（最长同一行重复 100 次）（评分 −25）");
    }

    @Test
    void degraded_replies_and_guard_trips_have_their_lines() {
        assertThat(zh(stress("23-1m-50pct-repeat8-para"))).contains("输出退化：2 条回复出现异常特征",
                "重复工具调用：最长连续 8 次");
        assertThat(zh(stress("20-1m-guard3-loops"))).contains("思考守卫：已打断空转 3 次");
    }

    @Test
    void a_session_without_usage_says_its_context_use_is_unknown() {
        List<String> lines = zh(Corpus.damagedDir().resolve("header-only.jsonl.zstd"));
        assertThat(lines).contains("上下文占用：无法确定", "健康评分：100 / 100 — 正常")
                .noneMatch(l -> l.startsWith("上下文规模") || l.startsWith("占声明窗口") || l.startsWith("发现"));
    }
}
