package io.dsh4j.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.agent.AgentBoot;
import io.dsh4j.beliefmerge.BeliefMergePlugin;
import io.dsh4j.beliefmerge.controls.MergeSessionsTool;
import io.dsh4j.command.Commands;
import io.dsh4j.tool.ToolRuntime;
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

/** Issue 14, mounting belief-merge: in the default profile of run/chat, inert without sources, off by --no-plugin or a patch. */
class BeliefMergeMountTest {

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
    void the_default_profile_mounts_belief_merge_with_its_tool_and_command_and_the_home_from_the_flags() {
        assertThat(BundledPlugins.ids()).contains(BeliefMergePlugin.ROW_ID);
        try (AgentBoot boot = boot(List.of(), List.of())) {
            assertThat(boot.mountedIds()).contains(BeliefMergePlugin.ROW_ID);
            assertThat(boot.service(ToolRuntime.KEY).get(MergeSessionsTool.NAME, null)).isPresent();
            assertThat(boot.service(Commands.KEY).get(BeliefMergePlugin.COMMAND, null)).isPresent();
        }
        // inert by default: nothing was written under the home
        assertThat(Files.exists(home.resolve("storages/belief-merge"))).isFalse();
    }

    @Test
    void no_plugin_or_a_patch_row_turns_belief_merge_off() throws Exception {
        try (AgentBoot boot = boot(List.of(), List.of(BeliefMergePlugin.ROW_ID))) {
            assertThat(boot.mountedIds()).doesNotContain(BeliefMergePlugin.ROW_ID).contains("agent-loop");
            assertThat(boot.service(ToolRuntime.KEY).get(MergeSessionsTool.NAME, null)).isEmpty();
        }
        Path patch = work.resolve("off.yml");
        Files.writeString(patch, "- id: belief-merge\n  disabled: true\n");
        try (AgentBoot boot = boot(List.of(patch), List.of())) {
            assertThat(boot.mountedIds()).doesNotContain(BeliefMergePlugin.ROW_ID).contains("agent-loop");
        }
    }
}
