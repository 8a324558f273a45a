package io.dsh4j.app.model;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.llm.CancelSignal;
import io.dsh4j.llm.LlmException;
import io.dsh4j.llm.ModelInfo;
import io.dsh4j.llm.deepseek.DeepSeekAdapter;
import io.dsh4j.llm.deepseek.DeepSeekConfig;
import io.dsh4j.message.json.JsJson;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dsh4j models}: the route's model catalog, and for an OpenAI-compatible server or an explicit
 * {@code --base-url} also what the server's {@code /models} answers.
 */
@Command(name = "models", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        resourceBundle = ModelTexts.HELP_BUNDLE)
public final class ModelsCommand implements Callable<Integer> {

    @Spec picocli.CommandLine.Model.CommandSpec spec;
    @Mixin ModelOptions route;

    @Option(names = "--json")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        DeepSeekConfig config;
        try {
            config = route.config();
        } catch (IllegalArgumentException e) {
            err.println(ModelTexts.get("error", e.getMessage()));
            return ExitCodes.USAGE;
        }
        try (DeepSeekAdapter adapter = new DeepSeekAdapter(config)) {
            List<ModelInfo> listed = adapter.catalog().models(config.provider());
            boolean askServer = config.dialect() == DeepSeekConfig.Dialect.OPENAI_COMPATIBLE || route.baseUrl != null;
            List<String> remote = List.of();
            int code = ExitCodes.OK;
            if (askServer) {
                try {
                    remote = adapter.remoteModels(CancelSignal.never());
                } catch (LlmException e) {
                    err.println(ModelTexts.get("models.remoteFailed", adapter.baseUrl(), e.getMessage() + " (" + e.code() + ")"));
                    code = ExitCodes.PROBLEM_FOUND;
                }
            }
            if (json) {
                for (ModelInfo m : listed) out.println(JsJson.stringify(json(m, "catalog")));
                for (String id : remote) {
                    ObjectNode o = JsJson.nodes().objectNode().put("provider", config.provider()).put("id", id).put("source", "server");
                    out.println(JsJson.stringify(o));
                }
            } else {
                if (listed.isEmpty()) out.println(ModelTexts.get("models.catalogEmpty", config.provider()));
                else {
                    out.println(ModelTexts.get("models.catalogHeading", config.provider()));
                    for (ModelInfo m : listed) out.println(line(m));
                }
                if (askServer) {
                    out.println(ModelTexts.get("models.serverHeading", adapter.baseUrl() + "/models"));
                    if (remote.isEmpty() && code == ExitCodes.OK) out.println(ModelTexts.get("models.serverEmpty"));
                    for (String id : remote) out.println("  " + id);
                }
            }
            out.flush();
            return code;
        }
    }

    private static String line(ModelInfo m) {
        String window = m.contextWindow() == null ? "?" : String.format("%,d", m.contextWindow());
        String max = m.defaultMaxTokens() == null ? "?" : String.format("%,d", m.defaultMaxTokens());
        String efforts = m.efforts().isEmpty() ? "-" : m.efforts().stream().map(ModelInfo.Effort::id)
                .map(e -> e.equals(m.defaultEffort()) ? e + "*" : e).collect(Collectors.joining("|"));
        return "  " + ModelTexts.get("models.line", m.id(), m.name(), window, max, efforts, String.join("+", m.inputModalities()));
    }

    private static ObjectNode json(ModelInfo m, String source) {
        ObjectNode o = JsJson.nodes().objectNode().put("provider", m.provider()).put("id", m.id()).put("name", m.name());
        if (m.contextWindow() != null) o.put("contextWindow", m.contextWindow());
        if (m.defaultMaxTokens() != null) o.put("defaultMaxTokens", m.defaultMaxTokens());
        ArrayNode efforts = o.putArray("efforts");
        m.efforts().forEach(e -> efforts.addObject().put("id", e.id()).put("name", e.name()));
        if (m.defaultEffort() != null) o.put("defaultEffort", m.defaultEffort());
        ArrayNode inputs = o.putArray("inputModalities");
        m.inputModalities().forEach(inputs::add);
        return o.put("source", source);
    }
}
