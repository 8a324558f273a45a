package io.dsh4j.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.agent.AgentBoot;
import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.attention.AttentionHealthPlugin;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ResourceBundle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14, mounting: the bundled plugins of the default profile, {@code --no-plugin} and a patch that turns one off. */
class BundledPluginsTest {

    static {
        System.setProperty("dsh4j.run.signals", "false");
    }

    @TempDir
    Path home;

    @TempDir
    Path work;

    private AgentBoot boot(List<Path> patches, List<String> noPlugins) {
        ResourceBundle texts = ResourceBundle.getBundle(RunCommand.TEXTS, Locale.ROOT);
        StringWriter err = new StringWriter();
        Map<String, String> env = Map.of("DEEPSEEK_BASE_URL", "http://127.0.0.1:9");
        AgentLaunch.Prepared prepared = AgentLaunch.prepare(texts, null, null, null, work, home.toString(), false, env::get,
                new PrintWriter(err, true));
        assertThat(prepared.launch()).as(err.toString()).isNotNull();
        AgentBoot boot = prepared.launch().boot(null, patches, false, noPlugins, new PrintWriter(err, true));
        assertThat(boot).as(err.toString()).isNotNull();
        return boot;
    }

    @Test
    void the_default_profile_mounts_every_bundled_plugin_and_attention_health_among_them() {
        assertThat(BundledPlugins.ids()).contains(AttentionHealthPlugin.ROW_ID);
        try (AgentBoot boot = boot(List.of(), List.of())) {
            assertThat(boot.mountedIds()).containsAll(BundledPlugins.ids()).contains("agent-loop");
        }
    }

    @Test
    void no_plugin_turns_a_bundled_plugin_off_and_leaves_the_rest_of_the_profile_mounted() {
        try (AgentBoot boot = boot(List.of(), List.of(AttentionHealthPlugin.ROW_ID))) {
            assertThat(boot.mountedIds()).doesNotContain(AttentionHealthPlugin.ROW_ID).contains("agent-loop", "tools");
        }
    }

    @Test
    void a_patch_file_or_the_homes_patch_turns_a_bundled_plugin_off() throws Exception {
        Path patch = work.resolve("off.yml");
        Files.writeString(patch, "- id: attention-health\n  disabled: true\n");
        try (AgentBoot boot = boot(List.of(patch), List.of())) {
            assertThat(boot.mountedIds()).doesNotContain(AttentionHealthPlugin.ROW_ID).contains("agent-loop");
        }
        Files.writeString(home.resolve("cordis.patch.yml"), "- id: attention-health\n  disabled: true\n");
        try (AgentBoot boot = boot(List.of(), List.of())) {
            assertThat(boot.mountedIds()).doesNotContain(AttentionHealthPlugin.ROW_ID);
        }
    }

    @Test
    void every_bundled_row_gets_the_home_in_its_config() {
        String rows = BundledPlugins.layer(home).patches().toString();
        assertThat(rows).contains("\"id\":\"attention-health\"").contains("\"name\":\"dsh-attention-health\"")
                .contains("\"home\":" + io.dsh4j.message.json.JsJson.stringify(
                        io.dsh4j.message.json.JsJson.nodes().textNode(home.toString())));
    }

    @Test
    void an_unknown_no_plugin_name_is_a_usage_error_on_run_and_chat_naming_the_bundled_ones() {
        for (String command : List.of("run", "chat")) {
            CliRun r = command.equals("run")
                    ? CliRun.of("run", "--home", home.toString(), "--cwd", work.toString(), "--base-url", "http://127.0.0.1:9",
                            "--no-plugin", "no-such-plugin", "hi")
                    : CliRun.of("chat", "--home", home.toString(), "--cwd", work.toString(), "--base-url", "http://127.0.0.1:9",
                            "--no-plugin", "no-such-plugin");
            assertThat(r.code()).as(command + ": " + r.err()).isEqualTo(ExitCodes.USAGE);
            assertThat(r.err()).contains("no-such-plugin").contains(AttentionHealthPlugin.ROW_ID);
        }
    }
}
