package io.dsh4j.tool.builtin;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolEvents;
import io.dsh4j.tool.ToolExecutionInput;
import io.dsh4j.tool.ToolExecutionResult;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.ToolRuntimePlugin;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The timeout policy: a declared budget aborts the body and the result is TOOL_TIMEOUT. */
class TimeoutPolicyTest {

    private static ToolDefinition.Builder waiting(String name) {
        return ToolDefinition.builder(name).description(name)
                .parameters(JsJson.parse("{\"type\":\"object\"}"))
                .output(ToolOutput.of(JsJson.parse("{\"type\":\"string\"}"), (a, v) -> List.of(new ContentBlock.Text(v.textValue()))))
                .body((args, exec) -> {
                    CountDownLatch aborted = new CountDownLatch(1);
                    try (var r = exec.signal().onAbort(reason -> aborted.countDown())) {
                        aborted.await();
                    }
                    return JsJson.nodes().textNode("stopped");
                });
    }

    @Test
    void a_call_past_its_budget_is_TOOL_TIMEOUT_and_post_execute_sees_the_callers_signal() {
        try (Kernel kernel = Kernel.create()) {
            kernel.root().plugin(ToolRuntimePlugin.PLUGIN).await();
            kernel.root().plugin(TimeoutPolicy.PLUGIN).await();
            ToolRuntime tools = kernel.root().get(ToolRuntime.KEY).orElseThrow();
            tools.register(waiting("slow").timeoutMs(30).build());
            tools.register(ToolDefinition.builder("quick").description("q").parameters(JsJson.parse("{\"type\":\"object\"}"))
                    .output(ToolOutput.of(JsJson.parse("{\"type\":\"string\"}"), (a, v) -> List.of(new ContentBlock.Text(v.textValue()))))
                    .body((a, e) -> JsJson.nodes().textNode("fast")).timeoutMs(60_000).build());
            List<Boolean> postSignals = new ArrayList<>();
            kernel.root().events().on(ToolEvents.POST_EXECUTE, (p, next) -> {
                postSignals.add(p.exec().signal().aborted());
                return next.proceed();
            });
            ToolExecutionResult slow = tools.execute(ToolExecutionInput.of("1", "slow", JsJson.parse("{}"), null, Signal.never()));
            assertThat(BuiltinFixture.text(slow)).isEqualTo("Error: tool call timed out after 30ms");
            assertThat(((ToolExecutionResult.Failure) slow).error().info().code()).isEqualTo("TOOL_TIMEOUT");
            assertThat(((ToolExecutionResult.Failure) slow).error().info().name()).isEqualTo("ToolTimeoutError");
            ToolExecutionResult quick = tools.execute(ToolExecutionInput.of("2", "quick", JsJson.parse("{}"), null, Signal.never()));
            assertThat(BuiltinFixture.text(quick)).isEqualTo("fast");
            assertThat(postSignals).containsExactly(false, false);
        }
    }
}
