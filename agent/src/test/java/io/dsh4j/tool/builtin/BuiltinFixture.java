package io.dsh4j.tool.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.ToolAgent;
import io.dsh4j.tool.ToolExecutionInput;
import io.dsh4j.tool.ToolExecutionResult;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.ToolRuntimePlugin;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** A kernel with the runtime and the seven built-in tools (without the approval gate), in a directory. */
final class BuiltinFixture implements AutoCloseable {

    final Kernel kernel = Kernel.create();
    final ToolRuntime tools;
    final Agent agent;
    private int calls;

    BuiltinFixture(Path cwd) {
        this(cwd, BuiltinConfig.defaults(""));
    }

    BuiltinFixture(Path cwd, BuiltinConfig config) {
        this(cwd, config, CommandLauncher.START);
    }

    BuiltinFixture(Path cwd, BuiltinConfig config, CommandLauncher launcher) {
        kernel.root().plugin(ToolRuntimePlugin.PLUGIN).await();
        tools = kernel.root().get(ToolRuntime.KEY).orElseThrow();
        new BuiltinTools(config, launcher).definitions().forEach(tools::register);
        agent = new Agent(cwd);
    }

    ToolExecutionResult call(String name, String args) {
        return call(name, args, Signal.never());
    }

    ToolExecutionResult call(String name, String args, Signal signal) {
        return tools.execute(ToolExecutionInput.of("call_" + (++calls), name, JsJson.parse(args), agent, signal));
    }

    static String text(ToolExecutionResult result) {
        StringBuilder out = new StringBuilder();
        for (ContentBlock b : result.content()) {
            out.append(b instanceof ContentBlock.Text t ? t.text() : "[" + b.type() + "]");
        }
        return out.toString();
    }

    static String code(ToolExecutionResult result) {
        return result instanceof ToolExecutionResult.Failure f && f.error().info() != null ? f.error().info().code() : null;
    }

    static String args(Object... keyValues) {
        var node = JsJson.nodes().objectNode();
        for (int i = 0; i < keyValues.length; i += 2) {
            node.set((String) keyValues[i], JsJson.mapper().valueToTree(keyValues[i + 1]));
        }
        return JsJson.stringify(node);
    }

    @Override
    public void close() {
        kernel.close();
    }

    /** An agent in {@code cwd} that records appended events. */
    static final class Agent implements ToolAgent {
        final Path cwd;
        final List<String> events = Collections.synchronizedList(new ArrayList<>());

        Agent(Path cwd) {
            this.cwd = cwd;
        }

        @Override public String id() { return "agent"; }
        @Override public Optional<Path> workingDirectory() { return Optional.of(cwd); }
        @Override public void appendEvent(String type, JsonNode data) { events.add(type + " " + JsJson.stringify(data)); }
    }
}
