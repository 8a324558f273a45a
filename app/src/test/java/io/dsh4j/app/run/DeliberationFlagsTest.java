package io.dsh4j.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.agent.AgentBoot;
import io.dsh4j.app.CliRun;
import io.dsh4j.agent.subagent.SubagentRuntime;
import io.dsh4j.deliberation.DeliberationBundle;
import io.dsh4j.tool.ToolRuntime;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ResourceBundle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 13: {@code dsh4j run/chat --deliberation} mounts the plugin with its shipped config, {@code --auto-review} enables the review. */
class DeliberationFlagsTest {

    static {
        System.setProperty("dsh4j.run.signals", "false");
    }

    @TempDir
    Path home;

    @TempDir
    Path work;

    private AgentBoot boot(boolean deliberation, boolean autoReview) {
        ResourceBundle texts = ResourceBundle.getBundle(RunCommand.TEXTS, Locale.ROOT);
        StringWriter err = new StringWriter();
        Map<String, String> env = Map.of("DEEPSEEK_BASE_URL", "http://127.0.0.1:9");
        AgentLaunch.Prepared prepared = AgentLaunch.prepare(texts, null, null, null, work, home.toString(), false, env::get,
                new PrintWriter(err, true));
        assertThat(prepared.launch()).as(err.toString()).isNotNull();
        AgentBoot boot = prepared.launch().boot(null, List.of(), false, List.of(), AgentLaunch.deliberationLayers(deliberation, autoReview),
                new PrintWriter(err, true));
        assertThat(boot).as(err.toString()).isNotNull();
        return boot;
    }

    private static String autoReviewEnabled(AgentBoot boot) {
        StringBuilder found = new StringBuilder();
        boot.composition().rows().forEach(r -> {
            if (r.path("id").asText().equals(DeliberationBundle.TOOL_ROW)) found.append(r.path("config").path("autoReview").path("enabled").asText());
        });
        return found.toString();
    }

    @Test
    void deliberation_mounts_the_tool_and_the_mid_fork_providers_with_the_review_off() {
        try (AgentBoot boot = boot(true, false)) {
            assertThat(boot.mountedIds()).contains(DeliberationBundle.FAMILY_ROW, DeliberationBundle.CURRENT_TURN_ROW, DeliberationBundle.TOOL_ROW);
            assertThat(boot.service(ToolRuntime.KEY).get("deliberate", null)).isPresent();
            assertThat(boot.service(SubagentRuntime.KEY).getProvider("mid-fork-step-8")).isPresent();
            assertThat(boot.service(SubagentRuntime.KEY).getProvider("mid-fork-current-turn")).isPresent();
            assertThat(autoReviewEnabled(boot)).isEqualTo("false");
        }
    }

    @Test
    void auto_review_mounts_the_plugin_with_the_review_on() {
        try (AgentBoot boot = boot(false, true)) {
            assertThat(boot.service(ToolRuntime.KEY).get("deliberate", null)).isPresent();
            assertThat(autoReviewEnabled(boot)).isEqualTo("true");
        }
    }

    @Test
    void without_the_flags_nothing_of_deliberation_is_mounted() {
        try (AgentBoot boot = boot(false, false)) {
            assertThat(boot.mountedIds()).doesNotContain(DeliberationBundle.TOOL_ROW);
            assertThat(boot.service(ToolRuntime.KEY).get("deliberate", null)).isEmpty();
            assertThat(boot.service(ToolRuntime.KEY).get("subagent", null)).isPresent();
        }
    }

    @Test
    void run_and_chat_document_both_flags() {
        for (String command : List.of("run", "chat")) {
            CliRun r = CliRun.of(command, "--help");
            assertThat(r.out()).as(command).contains("--deliberation", "--auto-review");
        }
    }
}
