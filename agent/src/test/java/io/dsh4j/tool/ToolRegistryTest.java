package io.dsh4j.tool;

import static io.dsh4j.tool.ToolTesting.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.Scope;
import io.dsh4j.kernel.Scopes;
import io.dsh4j.kernel.Signal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Spec §3.3: registration, disposal, visibility, restrictions, guards, execution modes. */
class ToolRegistryTest {

    private final Kernel kernel = kernelWithTools();
    private final ToolRuntime tools = tools(kernel.root());
    private final List<Scope> scopes = new ArrayList<>();

    @AfterEach
    void close() {
        scopes.forEach(s -> s.dispose().join());
        kernel.close();
    }

    private ToolRuntime scoped(Object agent) {
        Scope scope = Scopes.create(kernel.root(), agent);
        scopes.add(scope);
        return tools(scope.context());
    }

    private static List<String> names(List<ToolSchema> schemas) {
        return schemas.stream().map(ToolSchema::name).toList();
    }

    @Test
    void schemas_are_the_model_facing_projection_in_registration_order() {
        tools.register(echo("b"));
        tools.register(textTool("a", (x, e) -> x).timeoutMs(5).parallelSafe().build());
        List<ToolSchema> schemas = tools.schemas(null);
        assertThat(names(schemas)).containsExactly("b", "a");
        assertThat(schemas.get(1)).isEqualTo(new ToolSchema("a", "test tool a",
                json("{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}")));
    }

    @Test
    void a_duplicate_name_in_one_layer_throws_and_the_reserved_run_code_too() {
        tools.register(echo("read"));
        assertThatThrownBy(() -> tools.register(echo("read")))
                .hasMessageStartingWith("tool \"read\" is already registered");
        assertThatThrownBy(() -> tools.register(echo("run_code"))).hasMessageContaining("reserved");
        ToolRuntime agentTools = scoped(new TestAgent("a"));
        agentTools.register(echo("read")); // another layer: shadows, does not clash
        assertThatThrownBy(() -> agentTools.register(echo("read")))
                .hasMessage("tool \"read\" is already registered in this scope");
    }

    @Test
    void disposing_a_registration_removes_it_and_notifies_both_ways() {
        List<String> changes = new ArrayList<>();
        kernel.root().events().on(ToolEvents.CHANGE, c -> changes.add("change"));
        EffectHandle handle = tools.register(echo("gone"));
        assertThat(tools.get("gone", null)).isPresent();
        handle.dispose();
        assertThat(tools.get("gone", null)).isEmpty();
        assertThat(changes).hasSize(2);
        assertThat(text(tools.execute(ToolExecutionInput.of("c", "gone", json("{}"), null, Signal.never()))))
                .isEqualTo("Error: unknown tool \"gone\"");
    }

    @Test
    void a_scoped_tool_shadows_the_global_one_for_its_agent_only_in_either_order() {
        TestAgent a = new TestAgent("a");
        TestAgent b = new TestAgent("b");
        ToolRuntime aTools = scoped(a);
        aTools.register(textTool("echo", (x, e) -> io.dsh4j.message.json.JsJson.nodes().textNode("scoped")).build());
        tools.register(echo("echo"));
        assertThat(text(tools.execute(ToolExecutionInput.of("1", "echo", json("{}"), a, Signal.never())))).isEqualTo("scoped");
        assertThat(text(tools.execute(ToolExecutionInput.of("2", "echo", json("{}"), b, Signal.never())))).isEqualTo("echo");
        assertThat(names(tools.schemas(a))).containsExactly("echo");
        assertThat(tools.get("echo", a).orElseThrow().description()).isEqualTo("test tool echo");
    }

    @Test
    void disposing_a_scope_leaves_no_residue() {
        TestAgent a = new TestAgent("a");
        Scope scope = Scopes.create(kernel.root(), a);
        tools(scope.context()).register(echo("mine"));
        tools(scope.context()).guard(exec -> "no");
        assertThat(names(tools.schemas(a))).containsExactly("mine");
        scope.dispose().join();
        assertThat(tools.schemas(a)).isEmpty();
        tools.register(echo("g"));
        assertThat(text(tools.execute(ToolExecutionInput.of("1", "g", json("{}"), a, Signal.never())))).isEqualTo("g");
    }

    @Test
    void restrict_allow_hides_other_global_tools_but_keeps_the_agents_own() { // Appendix B scenario 13
        tools.register(echo("read"));
        tools.register(echo("bash"));
        TestAgent a = new TestAgent("a");
        ToolRuntime aTools = scoped(a);
        aTools.register(echo("mine"));
        EffectHandle restriction = aTools.restrict(ToolRestriction.allow("read"));
        tools.register(echo("later")); // an allow-list excludes tools registered later
        assertThat(names(tools.schemas(a))).containsExactly("read", "mine");
        assertThat(code(tools.execute(ToolExecutionInput.of("1", "bash", json("{}"), a, Signal.never()))))
                .isEqualTo(ToolCodes.UNKNOWN_TOOL);
        assertThat(tools.get("bash", a)).isEmpty();
        assertThat(names(tools.schemas(null))).containsExactly("read", "bash", "later");
        restriction.dispose();
        assertThat(names(tools.schemas(a))).containsExactly("read", "bash", "later", "mine");
    }

    @Test
    void restrictions_intersect_and_a_deny_list_admits_later_tools() {
        tools.register(echo("read"));
        tools.register(echo("write"));
        tools.register(echo("bash"));
        TestAgent a = new TestAgent("a");
        ToolRuntime aTools = scoped(a);
        aTools.restrict(new ToolRestriction(Set.of("read", "write"), null));
        aTools.restrict(ToolRestriction.deny("write"));
        tools.register(echo("grep"));
        assertThat(names(tools.schemas(a))).containsExactly("read");
        TestAgent b = new TestAgent("b");
        scoped(b).restrict(ToolRestriction.deny("bash"));
        assertThat(names(tools.schemas(b))).containsExactly("read", "write", "grep");
    }

    @Test
    void restrict_fails_loud_on_unscoped_callers_unknown_names_and_run_code() {
        tools.register(echo("read"));
        assertThatThrownBy(() -> tools.restrict(ToolRestriction.allow("read")))
                .hasMessageStartingWith("tools.restrict() requires a scoped context (agent.ctx)");
        ToolRuntime aTools = scoped(new TestAgent("a"));
        assertThatThrownBy(() -> aTools.restrict(ToolRestriction.deny("nope", "zap")))
                .hasMessage("tools.restrict() names unknown global tools \"nope\", \"zap\"; known global tools: read");
        assertThatThrownBy(() -> aTools.restrict(ToolRestriction.deny("run_code"))).hasMessageContaining("reserved");
        assertThatThrownBy(() -> new ToolRestriction(null, null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void a_restriction_copies_its_sets() {
        Set<String> allow = new java.util.HashSet<>(Set.of("read"));
        ToolRestriction restriction = new ToolRestriction(allow, null);
        allow.add("bash");
        assertThat(restriction.admits("bash")).isFalse();
    }

    @Test
    void a_scoped_guard_applies_to_its_agent_and_a_global_guard_to_all() {
        tools.register(echo("echo"));
        TestAgent a = new TestAgent("a");
        TestAgent b = new TestAgent("b");
        scoped(a).guard(exec -> "only a is guarded");
        assertThat(text(tools.execute(ToolExecutionInput.of("1", "echo", json("{}"), a, Signal.never()))))
                .isEqualTo("Error: only a is guarded");
        assertThat(text(tools.execute(ToolExecutionInput.of("2", "echo", json("{}"), b, Signal.never())))).isEqualTo("echo");
        tools.guard(exec -> "everyone");
        assertThat(text(tools.execute(ToolExecutionInput.of("3", "echo", json("{}"), b, Signal.never()))))
                .isEqualTo("Error: everyone");
    }

    @Test
    void only_an_exact_true_classifies_parallel() {
        tools.register(echo("plain"));
        tools.register(textTool("safe", (x, e) -> x).parallelSafe().build());
        tools.register(textTool("picky", (x, e) -> x).concurrency(args -> args.has("text")).build());
        tools.register(textTool("throws", (x, e) -> x).concurrency(args -> { throw new IllegalStateException(); }).build());
        assertThat(mode("plain", "{}")).isEqualTo(ToolExecutionMode.EXCLUSIVE);
        assertThat(mode("safe", "{}")).isEqualTo(ToolExecutionMode.PARALLEL);
        assertThat(mode("safe", "{\"text\":5}")).isEqualTo(ToolExecutionMode.EXCLUSIVE); // invalid arguments
        assertThat(mode("picky", "{\"text\":\"x\"}")).isEqualTo(ToolExecutionMode.PARALLEL);
        assertThat(mode("picky", "{}")).isEqualTo(ToolExecutionMode.EXCLUSIVE);
        assertThat(mode("throws", "{}")).isEqualTo(ToolExecutionMode.EXCLUSIVE);
        assertThat(mode("unknown", "{}")).isEqualTo(ToolExecutionMode.EXCLUSIVE);
    }

    private ToolExecutionMode mode(String name, String args) {
        return tools.executionMode(ToolExecutionInput.of("c", name, json(args), null, Signal.never()));
    }

    @Test
    void a_definition_outside_the_subset_or_with_a_bad_timeout_is_refused_at_definition() {
        assertThatThrownBy(() -> textTool("t", (x, e) -> x).parameters(json("{\"type\":\"object\",\"pattern\":\"x\"}")).build())
                .isInstanceOf(JsonSchemaException.class)
                .hasMessageContaining("parameters.pattern is not a supported keyword");
        assertThatThrownBy(() -> textTool("t", (x, e) -> x).timeoutMs(0).build())
                .hasMessage("tool \"t\": timeoutMs must be a positive number, got 0");
        assertThatThrownBy(() -> ToolDefinition.builder("t").description("d").parameters(json("{}")).build())
                .isInstanceOf(NullPointerException.class).hasMessage("output");
    }
}
