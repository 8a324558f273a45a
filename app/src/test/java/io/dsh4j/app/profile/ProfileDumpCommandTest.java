package io.dsh4j.app.profile;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.PropertyResourceBundle;
import java.util.ResourceBundle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dsh4j profile dump}: spec §2.4 layer order and DSH's {@code --dump-config} output. */
class ProfileDumpCommandTest {

    @TempDir
    Path home;

    private Locale before;

    @BeforeEach
    void englishByDefault() {
        before = Locale.getDefault();
        Locale.setDefault(Locale.ENGLISH);
    }

    @AfterEach
    void restoreLocale() {
        Locale.setDefault(before);
    }

    static CliRun run(String... args) {
        return CliRun.of(args);
    }

    Path write(Path file, String content) throws Exception {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, content);
    }

    @Test
    void layers_compose_in_bundle_profile_home_overlay_order() throws Exception {
        Path profile = home.resolve("profiles/web");
        write(profile.resolve("package.json"), "{\"dsh\":{\"profile\":{\"bundles\":[\"@acme/base\"]}}}");
        write(profile.resolve("node_modules/@acme/base/package.json"),
                "{\"name\":\"@acme/base\",\"dsh\":{\"bundle\":{\"patch\":\"./cordis.patch.yml\"}}}");
        write(profile.resolve("node_modules/@acme/base/cordis.patch.yml"),
                "- insert: [{id: tools, name: '@acme/tools', config: {mode: native}}, {id: web, name: '@acme/web'}]\n");
        Path profilePatch = write(profile.resolve("cordis.patch.yml"), "- id: tools\n  config: {mode: code}\n");
        Path homePatch = write(home.resolve("cordis.patch.yml"), "- id: web\n  disabled: true\n");
        Path overlay = write(home.resolve("extra.yml"), "- id: tools\n  config: {mode: both}\n- id: ghost\n  disabled: true\n");

        CliRun r = run("profile", "dump", "--home", home.toString(), "--profile", "web", "--patch", overlay.toString());

        assertThat(r.code()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).isEqualTo("# == @acme/base, patched by " + profilePatch + ", " + overlay + "\n"
                + "- id: tools\n  name: '@acme/tools'\n  config:\n    mode: both\n"
                + "# == @acme/base, patched by " + homePatch + "\n"
                + "- id: web\n  name: '@acme/web'\n  disabled: true\n");
        assertThat(r.err()).isEqualTo("dsh4j: [" + overlay + "] patch: entry \"ghost\" not found\n");

        CliRun defaults = run("profile", "dump", "--home", home.toString(), "--profile", "web", "--default-only");
        assertThat(defaults.out()).contains("mode: native").doesNotContain("disabled");
    }

    @Test
    void without_a_profile_the_dump_is_dsh4j_default_profile() {
        CliRun r = run("profile", "dump", "--home", home.toString());
        assertThat(r.code()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).contains("# == @dsh4j/base").contains("'@deepseek-ai/dsh-agent-loop'")
                .contains("'@deepseek-ai/dsh-llm-deepseek'").contains("'@deepseek-ai/dsh-builtin-tools'");
    }

    @Test
    void a_malformed_patch_is_a_problem_naming_the_file_and_a_missing_one_is_unavailable() throws Exception {
        Path bad = write(home.resolve("bad.yml"), "id: not-a-list\n");
        CliRun r = run("profile", "dump", "--home", home.toString(), "--patch", bad.toString());
        assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(r.err()).contains(bad + ": must be a top-level YAML array of loader patch entries");

        CliRun missing = run("profile", "dump", "--home", home.toString(), "--patch", home.resolve("nope.yml").toString());
        assertThat(missing.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
        CliRun noProfile = run("profile", "dump", "--home", home.toString(), "--profile", "absent");
        assertThat(noProfile.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
        assertThat(noProfile.err()).contains("no such profile \"absent\"");
    }

    @Test
    void a_bundle_that_is_not_a_bundle_is_a_hard_error() throws Exception {
        Path profile = home.resolve("profiles/p");
        write(profile.resolve("package.json"), "{\"dsh\":{\"profile\":{\"bundles\":[\"plain\"]}}}");
        write(profile.resolve("node_modules/plain/package.json"), "{\"name\":\"plain\"}");
        CliRun r = run("profile", "dump", "--home", home.toString(), "--profile", "p");
        assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(r.err()).contains("field dsh.bundle.patch: package \"plain\" is not a bundle");
    }

    @Test
    void help_names_the_layers_in_order() {
        CliRun help = run("profile", "dump", "--help");
        assertThat(help.code()).isEqualTo(ExitCodes.OK);
        assertThat(help.out().replaceAll("\\s+", " ")).contains("like DSH's --dump-config")
                .contains("the profile's bundles, its cordis.patch.yml, the home's cordis.patch.yml, then each --patch")
                .contains("--default-only Only the bundle layers");
    }

    @Test
    void help_and_messages_come_in_chinese_under_zh_cn_while_loader_problems_stay_english() throws Exception {
        Locale.setDefault(Locale.SIMPLIFIED_CHINESE);
        assertThat(run("profile", "dump", "--help").out()).contains("打印组合后的插件条目列表").contains("显示此帮助信息并退出");
        CliRun noProfile = run("profile", "dump", "--home", home.toString(), "--profile", "absent");
        assertThat(noProfile.err()).startsWith("dsh4j：").contains("没有名为 \"absent\" 的配置档案");
        Path bad = write(home.resolve("bad.yml"), "id: not-a-list\n");
        CliRun malformed = run("profile", "dump", "--home", home.toString(), "--patch", bad.toString());
        assertThat(malformed.err()).startsWith("dsh4j：" + bad + ": must be a top-level YAML array");
    }

    @Test
    void every_text_has_a_chinese_translation() {
        ResourceBundle en = ResourceBundle.getBundle(ProfileDumpCommand.TEXTS, Locale.ROOT);
        ResourceBundle zh = ResourceBundle.getBundle(ProfileDumpCommand.TEXTS, Locale.SIMPLIFIED_CHINESE);
        assertThat(zh.getLocale()).isEqualTo(Locale.SIMPLIFIED_CHINESE);
        for (String key : en.keySet()) {
            assertThat(((PropertyResourceBundle) zh).handleGetObject(key)).as(key).isNotNull();
        }
    }
}
