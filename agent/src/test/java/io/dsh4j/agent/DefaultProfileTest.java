package io.dsh4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.command.Commands;
import io.dsh4j.kernel.loader.Composition;
import io.dsh4j.kernel.loader.PatchLayer;
import io.dsh4j.prompt.SystemPrompt;
import io.dsh4j.sessionquery.SessionQuery;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.ToolSchema;
import io.dsh4j.web.WebRoutes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Spec kernel-and-agent §2.4: the default profile mounts the whole runtime through the loader. */
class DefaultProfileTest {

    @TempDir
    Path home;

    @Test
    void the_default_profile_boots_every_row_and_provides_the_runtime_services() {
        List<PatchLayer> layers = new ArrayList<>(DefaultProfile.layers(home, null, List.of(), false, getClass().getClassLoader()));
        layers.add(PatchLayer.parse("test", "- id: session\n  config: {root: '" + home.resolve("sessions") + "'}\n"));
        try (AgentBoot boot = AgentBoot.start(layers, getClass().getClassLoader())) {
            boot.service(LiveSessions.KEY);
            boot.service(SessionQuery.KEY);
            boot.service(Commands.KEY);
            boot.service(WebRoutes.KEY);
            boot.service(ModelRoutesPlugin.LLM);
            assertThat(boot.service(ModelRoutesPlugin.LLM).providers()).containsExactly(DefaultProfile.DEFAULT_PROVIDER);
            assertThat(boot.service(ToolRuntime.KEY).schemas(null)).extracting(ToolSchema::name)
                    .contains("read", "write", "edit", "glob", "grep", "bash", "todo_write");
            assertThat(boot.service(SystemPrompt.KEY).assemble(null).tools()).hasSizeGreaterThanOrEqualTo(7);
            assertThat(boot.agents().list()).isEmpty();
        }
    }

    @Test
    void the_default_bundle_dumps_every_row_in_order() {
        Composition c = Composition.compose(List.of(DefaultProfile.bundle()));
        List<String> ids = new ArrayList<>();
        c.rows().forEach(r -> ids.add(r.path("id").asText()));
        assertThat(ids).containsExactly("session", "llm", "llm-deepseek", "llm-retry", "system-prompt", "tools", "builtin-tools",
                "approval", "agent-loop", "session-query", "commands", "webserver-routes",
                "session-projections");
        assertThat(c.dump()).contains("@deepseek-ai/dsh-agent-loop");
    }
}
