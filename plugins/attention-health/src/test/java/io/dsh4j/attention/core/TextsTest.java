package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Every user-visible string exists in en and zh-CN with the same placeholders; zh-CN keeps the literals the spec quotes. */
class TextsTest {

    private static Properties load(String name) throws Exception {
        Properties p = new Properties();
        try (InputStream in = TextsTest.class.getResourceAsStream("/io/dsh4j/attention/core/" + name)) {
            p.load(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }

    private static Set<String> placeholders(String s) {
        Set<String> out = new TreeSet<>();
        Matcher m = Pattern.compile("\\{\\d\\}").matcher(s);
        while (m.find()) out.add(m.group());
        return out;
    }

    @Test
    void both_bundles_have_the_same_keys_and_placeholders() throws Exception {
        Properties en = load("messages.properties");
        Properties zh = load("messages_zh_CN.properties");
        assertThat(zh.stringPropertyNames()).isEqualTo(en.stringPropertyNames());
        for (String k : en.stringPropertyNames()) {
            assertThat(placeholders(zh.getProperty(k))).as(k).isEqualTo(placeholders(en.getProperty(k)));
        }
    }

    @Test
    void english_is_the_default_and_chinese_is_chosen_by_locale_or_tag() {
        assertThat(Texts.forTag(null)).isSameAs(Texts.english());
        assertThat(Texts.forTag("zh-CN")).isSameAs(Texts.chinese());
        assertThat(Texts.of(Locale.SIMPLIFIED_CHINESE)).isSameAs(Texts.chinese());
        assertThat(Texts.of(Locale.GERMAN)).isSameAs(Texts.english());
        assertThatThrownBy(() -> Texts.forTag("fr")).hasMessageContaining("en, zh-CN");
        assertThat(Texts.english().get("doc.title")).isEqualTo("# Handoff notes");
    }

    @Test
    void the_chinese_texts_keep_the_literals_the_spec_quotes() {
        Texts zh = Texts.chinese();
        assertThat(zh.get("doc.title")).isEqualTo("# 会话交接内容");
        assertThat(zh.get("doc.healthHeading")).isEqualTo("## 为什么交接（健康度）");
        assertThat(zh.get("judge.heading")).isEqualTo("## 交接判断（本地估算，零模型调用）");
        assertThat(zh.get("judge.finalHeading")).isEqualTo("### 最终建议（质量优先于压缩）");
        assertThat(zh.get("doc.fromLog")).isEqualTo("（日志折算）");
        assertThat(zh.get("advice.prepare")).isEqualTo("接近交接阈值 · 可在下一个任务边界交接");
        assertThat(zh.get("advice.costNote")).isEqualTo("每轮成本偏高（可继续）");
        assertThat(zh.get("advice.handoffCost")).isEqualTo("建议机械交接 + 新开会话（继续会话已不划算）");
        assertThat(zh.get("guard.cancel", "x")).isEqualTo("attention-health：思考空转 —— x");
        assertThat(zh.get("price.builtin")).isEqualTo("内置核对值");
    }

    @Test
    void apostrophes_are_literal_and_missing_placeholders_stay() {
        assertThat(Texts.english().get("cli.noMatch", "it's")).isEqualTo("No session id contains \"it's\".");
        assertThat(Texts.english().get("be.short", 1.5)).isEqualTo("1.5 turns");
    }
}
