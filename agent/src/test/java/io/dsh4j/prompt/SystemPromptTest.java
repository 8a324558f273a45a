package io.dsh4j.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.Scope;
import io.dsh4j.kernel.Scopes;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.ToolSchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Spec kernel-and-agent §4: sections, contexts, variables, tools, the waterfall, rendering. */
class SystemPromptTest {

    final Kernel kernel = Kernel.create();
    final Context root = kernel.root();

    @AfterEach
    void close() {
        kernel.close();
    }

    SystemPrompt mount(Map<String, Object> config) {
        root.plugin(SystemPromptService.PLUGIN, config).await();
        return root.get(SystemPrompt.KEY).orElseThrow();
    }

    SystemPrompt mount() {
        return mount(Map.of("persona", "Be terse."));
    }

    static ToolSchema tool(String name) {
        return new ToolSchema(name, name + " tool", JsJson.nodes().objectNode().put("type", "object"));
    }

    @Nested
    class Sections {

        @Test
        void identity_then_persona_render_joined_by_a_blank_line() {
            assertThat(PromptRender.render(mount().assemble(null)))
                    .isEqualTo("You are an AI agent powered by DeepSeek Harness.\n\nBe terse.");
        }

        @Test
        void identity_is_omitted_when_include_harness_identity_is_false_and_empty_sections_are_dropped() {
            SystemPrompt p = mount(Map.of("includeHarnessIdentity", false));
            p.section(PromptSection.of("tool:read", 100, "Read files."));
            assertThat(PromptRender.render(p.assemble(null))).isEqualTo("Read files.");
        }

        @Test
        void sections_sort_by_order_and_equal_orders_keep_registration_order() {
            SystemPrompt p = mount(Map.of("includeHarnessIdentity", false));
            p.section(PromptSection.of("b", 5, "B"));
            p.section(PromptSection.of("a", 5, "A"));
            p.section(PromptSection.of("z", -1, "Z"));
            assertThat(p.assemble(null).sections()).extracting(PromptAssembly.Part::name)
                    .containsExactly("z", PromptSystemNames.PERSONA, "b", "a");
        }

        @Test
        void a_duplicate_name_in_one_layer_throws_and_a_non_finite_order_is_refused() {
            SystemPrompt p = mount();
            p.section(PromptSection.of("x", 1, "one"));
            assertThatThrownBy(() -> p.section(PromptSection.of("x", 2, "two"))).hasMessageContaining("\"x\" is already registered");
            assertThatThrownBy(() -> PromptSection.of("y", Double.NaN, "t")).hasMessageContaining("finite");
        }

        @Test
        void a_scoped_section_shadows_the_global_one_for_that_agent_only() {
            mount();
            Object agentKey = new Object();
            Scope scope = Scopes.create(root, agentKey);
            SystemPrompt scoped = scope.context().get(SystemPrompt.KEY).orElseThrow();
            scoped.section(PromptSection.of(SystemPrompt.PERSONA_SECTION, 0, "Child persona."));
            SystemPrompt global = root.get(SystemPrompt.KEY).orElseThrow();
            assertThat(PromptRender.render(global.assemble(new AssembleContext(agentKey, null, null)))).endsWith("Child persona.");
            assertThat(PromptRender.render(global.assemble(null))).endsWith("Be terse.");
        }

        @Test
        void a_text_function_is_evaluated_per_assembly_with_the_context() {
            SystemPrompt p = mount(Map.of("includeHarnessIdentity", false));
            List<AssembleContext> seen = new ArrayList<>();
            p.section(PromptSection.of("dyn", 1, c -> {
                seen.add(c);
                return c.scope() == null ? "" : "scoped";
            }));
            p.assemble(null);
            p.assemble(new AssembleContext("k", null, null));
            assertThat(seen).hasSize(2);
        }

        @Test
        void a_complete_section_is_the_entire_prompt_and_two_are_an_error() {
            SystemPrompt p = mount();
            p.section(new PromptSection("only", 50, PromptText.of("Only this."), true));
            assertThat(PromptRender.render(p.assemble(null))).isEqualTo("Only this.");
            p.section(new PromptSection("also", 51, PromptText.of("And this."), true));
            assertThatThrownBy(() -> p.assemble(null)).isInstanceOf(PromptException.class).hasMessageContaining("complete");
        }

        @Test
        void disposing_a_contribution_removes_it_and_every_change_is_announced() {
            SystemPrompt p = mount(Map.of("includeHarnessIdentity", false));
            List<Object> changes = new ArrayList<>();
            root.events().on(SystemPrompt.CHANGE, changes::add);
            EffectHandle h = p.section(PromptSection.of("gone", 1, "Soon gone."));
            assertThat(PromptRender.render(p.assemble(null))).isEqualTo("Soon gone.");
            h.dispose();
            assertThat(PromptRender.render(p.assemble(null))).isEmpty();
            assertThat(changes).hasSize(2);
        }
    }

    @Nested
    class Variables {

        Map<String, String> vars(String... kv) {
            Map<String, String> m = new HashMap<>();
            for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
            return m;
        }

        @Test
        void a_variable_is_interpolated_and_its_value_is_not_rescanned() {
            assertThat(PromptRender.interpolate("cwd={{cwd}}", vars("cwd", "{{model}}"), "t")).isEqualTo("cwd={{model}}");
        }

        @Test
        void an_unknown_variable_a_missing_value_and_a_malformed_reference_throw() {
            assertThatThrownBy(() -> PromptRender.interpolate("{{nope}}", vars(), "s")).hasMessageContaining("unknown prompt variable");
            assertThatThrownBy(() -> PromptRender.interpolate("{{cwd}}", vars("cwd", null), "s")).hasMessageContaining("has no value for this assembly");
            assertThatThrownBy(() -> PromptRender.interpolate("{{Bad Name}}", vars(), "s")).hasMessageContaining("malformed prompt variable reference");
        }

        @Test
        void a_lone_opening_brace_pair_is_literal_text() {
            assertThat(PromptRender.interpolate("a {{ b", vars(), "s")).isEqualTo("a {{ b");
        }

        @Test
        void registered_variables_reach_sections() {
            SystemPrompt p = mount(Map.of("includeHarnessIdentity", false, "persona", "Model {{model}}."));
            p.variable("model", c -> "deepseek-chat");
            assertThat(PromptRender.render(p.assemble(null))).isEqualTo("Model deepseek-chat.");
            assertThatThrownBy(() -> p.variable("Model", c -> "x")).hasMessageContaining("[a-z][a-z0-9_]*");
        }
    }

    @Nested
    class Tools {

        @Test
        void tools_are_ordered_lexicographically_without_tool_order() {
            SystemPrompt p = mount();
            p.tools(c -> new SystemPrompt.ToolOffer(List.of(tool("write"), tool("bash"), tool("read")), Set.of()));
            assertThat(p.assemble(null).tools()).extracting(ToolSchema::name).containsExactly("bash", "read", "write");
        }

        @Test
        void tool_order_places_listed_tools_and_the_rest_at_the_marker() {
            SystemPrompt p = mount(Map.of("toolOrder", List.of("write", "<unlisted-tools>", "bash")));
            p.tools(c -> new SystemPrompt.ToolOffer(List.of(tool("write"), tool("bash"), tool("read"), tool("glob")), Set.of()));
            assertThat(p.assemble(null).tools()).extracting(ToolSchema::name).containsExactly("write", "glob", "read", "bash");
        }

        @Test
        void a_tool_order_name_outside_the_known_universe_rejects_assembly() {
            SystemPrompt p = mount(Map.of("toolOrder", List.of("ghost")));
            p.tools(c -> new SystemPrompt.ToolOffer(List.of(tool("read")), Set.of()));
            assertThatThrownBy(() -> p.assemble(null)).isInstanceOf(PromptException.class).hasMessageContaining("ghost");
        }
    }

    @Nested
    class ContextsAndWaterfall {

        @Test
        void runtime_contexts_render_under_the_snapshot_header_and_suppression_removes_them() {
            SystemPrompt p = mount();
            p.context(PromptSection.of("sandbox:policy", 110, "Sandbox: workspace-write."));
            assertThat(PromptRender.renderContexts(p.assemble(null))).isEqualTo(
                    "Current runtime context. This snapshot supersedes earlier runtime-context snapshots.\n\nSandbox: workspace-write.");
            p.suppressRuntimeContext();
            assertThat(p.assemble(null).contexts()).isEmpty();
        }

        @Test
        void an_assemble_listener_returns_the_authoritative_assembly() {
            SystemPrompt p = mount();
            root.events().on(SystemPrompt.ASSEMBLE, (payload, next) -> next.proceed().withSections(List.of(new PromptAssembly.Part("x", "Replaced."))));
            assertThat(PromptRender.render(p.assemble(null))).isEqualTo("Replaced.");
        }
    }

    /** Names used above. */
    static final class PromptSystemNames {
        static final String PERSONA = SystemPrompt.PERSONA_SECTION;
    }
}
