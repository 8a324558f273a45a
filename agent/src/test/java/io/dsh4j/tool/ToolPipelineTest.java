package io.dsh4j.tool;

import static io.dsh4j.tool.ToolTesting.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.kernel.AbortController;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.Scope;
import io.dsh4j.kernel.Scopes;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.json.JsJson;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Spec §3.4: the pipeline of one call, its events, result shapes and codes. */
class ToolPipelineTest {

    private final Kernel kernel = kernelWithTools();
    private final ToolRuntime tools = tools(kernel.root());

    @AfterEach
    void close() {
        kernel.close();
    }

    private ToolExecutionResult call(String name, String args) {
        return tools.execute(ToolExecutionInput.of("c1", name, ToolArguments.parse(args), new TestAgent("a"), Signal.never()));
    }

    @Test
    void a_successful_call_renders_its_value() {
        tools.register(echo("echo"));
        ToolExecutionResult result = call("echo", "{\"text\":\"hi\"}");
        assertThat(result).isInstanceOf(ToolExecutionResult.Success.class);
        assertThat(text(result)).isEqualTo("hi");
        assertThat(((ToolExecutionResult.Success) result).value().textValue()).isEqualTo("hi");
    }

    @Test
    void an_unknown_tool_is_UNKNOWN_TOOL_and_policy_still_sees_the_name() {
        List<String> seen = new ArrayList<>();
        kernel.root().events().on(ToolEvents.PRE_EXECUTE, (exec, next) -> { seen.add(exec.name()); return next.proceed(); });
        ToolExecutionResult result = call("nope", "{}");
        assertThat(text(result)).isEqualTo("Error: unknown tool \"nope\"");
        assertThat(code(result)).isEqualTo(ToolCodes.UNKNOWN_TOOL);
        assertThat(((ToolExecutionResult.Failure) result).error().info().name()).isEqualTo("ToolNotFoundError");
        assertThat(seen).containsExactly("nope");
    }

    @Test
    void malformed_arguments_are_INVALID_ARGS_with_every_violation() {
        tools.register(textTool("typed", (args, exec) -> JsJson.nodes().textNode("ran")).parameters(json("""
                {"type":"object","properties":{"n":{"type":"integer"},"mode":{"type":"string","enum":["a","b"]}},
                 "required":["n","mode"],"additionalProperties":false}""")).build());
        assertThat(text(call("typed", "{\"n\":1.5,\"extra\":true}"))).isEqualTo(
                "Error: invalid arguments: missing required property \"mode\"; \"n\" must be an integer; "
                        + "\"extra\" is not a declared property (additionalProperties: false)");
        assertThat(code(call("typed", "{\"n\":1.5}"))).isEqualTo(ToolCodes.INVALID_ARGS);
        // invalid JSON from the model reaches the tool as the raw string
        assertThat(text(call("typed", "{\"n\": 1,"))).isEqualTo("Error: invalid arguments: \"arguments\" must be an object");
        assertThat(text(call("typed", "{\"n\":2,\"mode\":\"c\"}")))
                .isEqualTo("Error: invalid arguments: \"mode\" must be one of [\"a\",\"b\"]");
    }

    @Test
    void empty_argument_text_is_an_empty_object() {
        assertThat(ToolArguments.parse("")).isEqualTo(JsJson.nodes().objectNode());
        assertThat(ToolArguments.parse("[1]").isArray()).isTrue();
        assertThat(ToolArguments.parse("not json").textValue()).isEqualTo("not json");
    }

    @Test
    void a_throwing_body_is_an_error_result_and_a_ToolException_keeps_its_identity() {
        tools.register(textTool("boom", (args, exec) -> { throw new IllegalStateException("kaput"); }).build());
        tools.register(textTool("fs", (args, exec) -> { throw new ToolException("FsError", "FS_NOT_FOUND", "no such file"); }).build());
        tools.register(textTool("npe", (args, exec) -> { throw new NullPointerException(); }).build());
        ToolExecutionResult boom = call("boom", "{}");
        assertThat(text(boom)).isEqualTo("Error: kaput");
        assertThat(((ToolExecutionResult.Failure) boom).error().info()).isNull();
        ToolExecutionResult fs = call("fs", "{}");
        assertThat(text(fs)).isEqualTo("Error: no such file");
        assertThat(((ToolExecutionResult.Failure) fs).error().info()).isEqualTo(new ToolErrorInfo("FsError", "FS_NOT_FOUND"));
        assertThat(text(call("npe", "{}"))).isEqualTo("Error: NullPointerException");
    }

    @Test
    void a_value_outside_the_output_schema_is_INVALID_TOOL_OUTPUT() {
        tools.register(textTool("liar", (args, exec) -> JsJson.nodes().numberNode(3)).build());
        tools.register(textTool("nothing", (args, exec) -> null).build());
        tools.register(textTool("badrender", (args, exec) -> JsJson.nodes().textNode("x"))
                .output(ToolOutput.of(json("{\"type\":\"string\"}"), (a, v) -> { throw new IllegalArgumentException("no"); })).build());
        ToolExecutionResult liar = call("liar", "{}");
        assertThat(text(liar)).isEqualTo("Error: tool \"liar\" returned invalid output: \"value\" must be a string");
        assertThat(code(liar)).isEqualTo(ToolCodes.INVALID_TOOL_OUTPUT);
        assertThat(text(call("nothing", "{}"))).isEqualTo("Error: tool \"nothing\" returned invalid output: value is not lossless JSON");
        assertThat(text(call("badrender", "{}"))).isEqualTo("Error: tool \"badrender\" returned invalid output: output.render failed: no");
    }

    @Test
    void an_already_aborted_call_is_ABORTED_BEFORE_DISPATCH_and_no_policy_runs() {
        tools.register(echo("echo"));
        List<String> policy = new ArrayList<>();
        kernel.root().events().on(ToolEvents.PRE_EXECUTE, (exec, next) -> { policy.add("pre"); return next.proceed(); });
        kernel.root().events().on(ToolEvents.POST_EXECUTE, (p, next) -> { policy.add("post"); return next.proceed(); });
        ToolExecutionResult result = tools.execute(ToolExecutionInput.of("c", "echo", json("{}"), null, Signal.aborted("user")));
        assertThat(text(result)).isEqualTo("Error: tool call aborted before dispatch");
        assertThat(((ToolExecutionResult.Failure) result).error().info()).isEqualTo(new ToolErrorInfo("AbortError", "ABORTED_BEFORE_DISPATCH"));
        assertThat(policy).isEmpty();
    }

    @Test
    void a_body_that_finishes_after_the_abort_has_its_success_replaced_by_ABORTED() {
        AbortController controller = new AbortController();
        tools.register(textTool("slow", (args, exec) -> {
            controller.abort("user");
            return JsJson.nodes().textNode("done anyway");
        }).build());
        ToolExecutionResult result = tools.execute(ToolExecutionInput.of("c", "slow", json("{}"), null, controller.signal()));
        assertThat(text(result)).isEqualTo("Error: tool call aborted");
        assertThat(code(result)).isEqualTo(ToolCodes.ABORTED);
    }

    @Test
    void a_hanging_body_is_released_by_the_signal_and_the_call_ends_ABORTED() throws Exception {
        AbortController controller = new AbortController();
        CountDownLatch entered = new CountDownLatch(1);
        tools.register(textTool("hang", (args, exec) -> {
            entered.countDown();
            CountDownLatch released = new CountDownLatch(1);
            try (var r = exec.signal().onAbort(reason -> released.countDown())) {
                released.await();
            }
            throw new InterruptedException("stopped");
        }).build());
        Thread.Builder.OfVirtual vt = Thread.ofVirtual();
        List<ToolExecutionResult> out = Collections.synchronizedList(new ArrayList<>());
        Thread t = vt.start(() -> out.add(tools.execute(ToolExecutionInput.of("c", "hang", json("{}"), null, controller.signal()))));
        assertThat(entered.await(30, TimeUnit.SECONDS)).isTrue();
        controller.abort("user");
        t.join();
        assertThat(text(out.getFirst())).isEqualTo("Error: stopped"); // a failure stays the body's own failure
    }

    @Test
    void a_pre_execute_denial_is_an_error_without_code_that_still_goes_through_post_execute() {
        tools.register(echo("echo"));
        List<String> post = new ArrayList<>();
        kernel.root().events().on(ToolEvents.PRE_EXECUTE, (exec, next) -> new PreToolDecision.Deny("bash is disabled by policy in this session"));
        kernel.root().events().on(ToolEvents.POST_EXECUTE, (p, next) -> { post.add(text(p.result())); return next.proceed(); });
        ToolExecutionResult result = call("echo", "{}");
        assertThat(text(result)).isEqualTo("Error: bash is disabled by policy in this session");
        assertThat(((ToolExecutionResult.Failure) result).error().info()).isNull();
        assertThat(post).containsExactly("Error: bash is disabled by policy in this session");
    }

    @Test
    void a_throwing_pre_execute_listener_gives_an_error_and_skips_post_execute() {
        tools.register(echo("echo"));
        List<String> post = new ArrayList<>();
        kernel.root().events().on(ToolEvents.PRE_EXECUTE, (exec, next) -> { throw new IllegalStateException("policy crashed"); });
        kernel.root().events().on(ToolEvents.POST_EXECUTE, (p, next) -> { post.add("post"); return next.proceed(); });
        assertThat(text(call("echo", "{}"))).isEqualTo("Error: policy crashed");
        assertThat(post).isEmpty();
    }

    @Test
    void ask_without_an_approval_service_denies_with_its_reason_or_the_default() {
        tools.register(echo("echo"));
        kernel.root().events().on(ToolEvents.PRE_EXECUTE, (exec, next) -> new PreToolDecision.Ask(null));
        assertThat(text(call("echo", "{}"))).isEqualTo("Error: tool \"echo\" requires approval (not yet supported)");
    }

    @Test
    void ask_is_answered_by_the_approval_service() {
        tools.register(echo("echo"));
        kernel.root().events().on(ToolEvents.PRE_EXECUTE, (exec, next) -> new PreToolDecision.Ask("writes files"));
        List<ApprovalOutcome> answers = new ArrayList<>(List.of(ApprovalOutcome.ALLOWED_ONCE, ApprovalOutcome.REJECTED,
                ApprovalOutcome.CANCELLED, ApprovalOutcome.UNAVAILABLE));
        List<String> reasons = new ArrayList<>();
        kernel.root().provide(ApprovalPolicy.KEY, new ApprovalPolicy() {
            @Override public ApprovalOutcome request(ToolExecution exec, String reason) {
                reasons.add(reason);
                return answers.removeFirst();
            }
            @Override public String unavailableHint(ToolExecution exec) { return "re-run with --yes"; }
        });
        assertThat(text(call("echo", "{\"text\":\"ok\"}"))).isEqualTo("ok");
        assertThat(text(call("echo", "{}"))).isEqualTo("Error: the user rejected tool \"echo\"");
        assertThat(text(call("echo", "{}"))).isEqualTo("Error: approval for tool \"echo\" was cancelled");
        assertThat(text(call("echo", "{}")))
                .isEqualTo("Error: tool \"echo\" requires approval, but no approval channel is available — re-run with --yes");
        assertThat(reasons).containsOnly("writes files");
        // a direct call without an agent cannot be routed to an approver
        assertThat(text(tools.execute(ToolExecutionInput.of("d", "echo", json("{}"), null, Signal.never()))))
                .isEqualTo("Error: tool \"echo\" requires approval, but the call has no agent to route it through");
    }

    @Test
    void a_guard_vetoes_after_pre_execute_allowed_and_cannot_be_overridden() {
        tools.register(echo("echo"));
        kernel.root().events().on(ToolEvents.PRE_EXECUTE, (exec, next) -> PreToolDecision.ALLOW);
        tools.guard(exec -> exec.name().equals("echo") ? "echo is off" : null);
        tools.guard(exec -> "second guard never runs");
        assertThat(text(call("echo", "{}"))).isEqualTo("Error: echo is off");
    }

    @Test
    void deferred_contexts_survive_a_throwing_body_and_come_before_policy_contexts() {
        Message.UserMessage deferred = note("deferred");
        Message.UserMessage policy = note("policy");
        tools.register(textTool("defer", (args, exec) -> {
            exec.deferContext(deferred);
            throw new IllegalStateException("then failed");
        }).build());
        kernel.root().events().on(ToolEvents.POST_EXECUTE, (p, next) -> PostToolDecision.prependContext(next.proceed(), policy));
        ToolExecutionResult result = call("defer", "{}");
        assertThat(result.additionalContexts()).containsExactly(deferred, policy);
    }

    @Test
    void post_execute_block_replaces_the_result_and_drops_tool_deferred_contexts() {
        tools.register(textTool("defer", (args, exec) -> { exec.deferContext(note("dropped")); return JsJson.nodes().textNode("v"); }).build());
        Message.UserMessage kept = note("kept");
        kernel.root().events().on(ToolEvents.POST_EXECUTE, (p, next) -> new PostToolDecision.Block(
                List.of(new ContentBlock.Text("tool output rejected by policy: retry once")), List.of(kept)));
        ToolExecutionResult result = call("defer", "{}");
        assertThat(result.isError()).isTrue();
        assertThat(text(result)).isEqualTo("tool output rejected by policy: retry once");
        assertThat(((ToolExecutionResult.Failure) result).error().message()).isEqualTo("tool output rejected by policy: retry once");
        assertThat(result.additionalContexts()).containsExactly(kept);
    }

    @Test
    void post_execute_accept_may_replace_content_or_a_revalidated_value() {
        tools.register(echo("echo"));
        kernel.root().events().on(ToolEvents.POST_EXECUTE, (p, next) -> p.exec().callId().equals("content")
                ? new PostToolDecision.Accept(List.of(new ContentBlock.Text("replaced")), List.of())
                : p.exec().callId().equals("value")
                ? new PostToolDecision.AcceptValue(JsJson.nodes().textNode("new value"), List.of())
                : new PostToolDecision.AcceptValue(JsJson.nodes().numberNode(1), List.of()));
        ToolExecutionResult content = tools.execute(ToolExecutionInput.of("content", "echo", json("{\"text\":\"v\"}"), null, Signal.never()));
        assertThat(text(content)).isEqualTo("replaced");
        assertThat(((ToolExecutionResult.Success) content).value().textValue()).isEqualTo("v");
        ToolExecutionResult value = tools.execute(ToolExecutionInput.of("value", "echo", json("{}"), null, Signal.never()));
        assertThat(text(value)).isEqualTo("new value");
        ToolExecutionResult bad = tools.execute(ToolExecutionInput.of("bad", "echo", json("{}"), null, Signal.never()));
        assertThat(code(bad)).isEqualTo(ToolCodes.INVALID_TOOL_OUTPUT);
    }

    @Test
    void a_finalizer_sees_every_outcome_and_tools_result_fires_once_with_the_final_result() {
        List<String> finalized = new ArrayList<>();
        List<String> observed = new ArrayList<>();
        tools.register(textTool("fin", (args, exec) -> { throw new IllegalStateException("x"); })
                .finalizer((exec, result) -> {
                    finalized.add(text(result));
                    return List.of(new ContentBlock.Text("finalized"));
                }).build());
        kernel.root().events().on(ToolEvents.RESULT, e -> observed.add(text(e.result())));
        kernel.root().events().on(ToolEvents.RESULT, e -> { throw new IllegalStateException("observer failure is contained"); });
        ToolExecutionResult result = call("fin", "{}");
        assertThat(finalized).containsExactly("Error: x");
        assertThat(text(result)).isEqualTo("finalized");
        assertThat(observed).containsExactly("finalized");
    }

    @Test
    void a_tools_execute_wrapper_can_swap_the_signal_but_never_detach_the_callers() {
        AbortController caller = new AbortController();
        List<Boolean> seen = new ArrayList<>();
        tools.register(textTool("peek", (args, exec) -> {
            caller.abort("user");
            seen.add(exec.signal().aborted());
            return JsJson.nodes().textNode("x");
        }).build());
        kernel.root().events().on(ToolEvents.EXECUTE, (dispatch, next) -> dispatch.withSignal(Signal.never(), next::proceed));
        ToolExecutionResult result = tools.execute(ToolExecutionInput.of("c", "peek", json("{}"), null, caller.signal()));
        assertThat(seen).containsExactly(true);
        assertThat(code(result)).isEqualTo(ToolCodes.ABORTED);
    }

    @Test
    void concludeTurn_marks_a_successful_result() {
        tools.register(textTool("done", (args, exec) -> { exec.concludeTurn(); return JsJson.nodes().textNode("bye"); }).build());
        assertThat(((ToolExecutionResult.Success) call("done", "{}")).concludesTurn()).isTrue();
    }

    @Test
    void listeners_through_an_agent_scope_hear_only_that_agents_calls() {
        tools.register(echo("echo"));
        TestAgent a = new TestAgent("a");
        TestAgent b = new TestAgent("b");
        Scope scope = Scopes.create(kernel.root(), a);
        List<String> scoped = new ArrayList<>();
        List<String> global = new ArrayList<>();
        scope.context().events().on(ToolEvents.RESULT, e -> scoped.add(e.exec().agent().id()));
        kernel.root().events().on(ToolEvents.RESULT, e -> global.add(e.exec().agent() == null ? "-" : e.exec().agent().id()));
        tools.execute(ToolExecutionInput.of("1", "echo", json("{}"), a, Signal.never()));
        tools.execute(ToolExecutionInput.of("2", "echo", json("{}"), b, Signal.never()));
        tools.execute(ToolExecutionInput.of("3", "echo", json("{}"), null, Signal.never()));
        assertThat(scoped).containsExactly("a");
        assertThat(global).containsExactly("a", "b", "-");
        scope.dispose().join();
    }

    static Message.UserMessage note(String text) {
        return new Message.UserMessage(java.util.UUID.randomUUID().toString(), List.of(new ContentBlock.Text(text)),
                MessageSource.plugin("test"));
    }

    // Shapes from the issue-17 tool-argument fuzz campaign (bench FuzzCampaign, entry point tools).

    @Test
    void an_argument_of_1e400_is_refused_naming_its_json_path() {
        tools.register(echo("echo"));
        ToolExecutionResult result = call("echo", "{\"text\":\"hi\",\"limit\":1e400}");
        assertThat(text(result)).isEqualTo("Error: tool execution arguments must be losslessly JSON-serializable: "
                + "not lossless JSON at $.limit: non-finite number Infinity");
        assertThat(text(call("echo", "{\"text\":\"hi\",\"n\":[1,-0]}"))).contains("at $.n[1]");
    }

    @Test
    void a_tool_name_of_100000_characters_is_unknown_with_the_name_cut_short() {
        ToolExecutionResult result = call("x".repeat(100_000), "{}");
        assertThat(code(result)).isEqualTo(ToolCodes.UNKNOWN_TOOL);
        assertThat(text(result)).isEqualTo("Error: unknown tool \"" + "x".repeat(200) + "… (100000 characters)\"");
    }
}
