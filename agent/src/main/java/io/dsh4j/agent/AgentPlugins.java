package io.dsh4j.agent;

import io.dsh4j.command.Commands;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.loader.PluginProvider;
import io.dsh4j.prompt.SystemPromptService;
import io.dsh4j.sessionquery.SessionQueryPlugin;
import io.dsh4j.tool.ToolRuntimePlugin;
import io.dsh4j.tool.builtin.BuiltinTools;
import io.dsh4j.tool.builtin.TimeoutPolicy;
import io.dsh4j.tool.builtin.YesApproval;
import io.dsh4j.tool.reminder.RepeatToolReminder;
import io.dsh4j.web.WebRoutes;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The agent runtime's loader specifiers (found through {@code ServiceLoader}): DSH's package names
 * where DSH has one, so patch files carry over.
 */
public final class AgentPlugins implements PluginProvider {

    /** Specifier → plugin, in the order the default profile mounts them. */
    public static final Map<String, Plugin<?>> PLUGINS;

    static {
        Map<String, Plugin<?>> m = new LinkedHashMap<>();
        m.put("@deepseek-ai/dsh-session", SessionsPlugin.PLUGIN);
        m.put("@deepseek-ai/dsh-llm", ModelRoutesPlugin.REGISTRY);
        m.put("@deepseek-ai/dsh-llm-deepseek", ModelRoutesPlugin.DEEPSEEK);
        m.put("@deepseek-ai/dsh-llm-retry", LlmRetryPlugin.PLUGIN);
        m.put("@deepseek-ai/dsh-system-prompt", SystemPromptService.PLUGIN);
        m.put("@deepseek-ai/dsh-tools", ToolRuntimePlugin.PLUGIN);
        m.put("@deepseek-ai/dsh-builtin-tools", BuiltinTools.PLUGIN);
        m.put("@deepseek-ai/dsh-approval", YesApproval.PLUGIN);
        m.put("@deepseek-ai/dsh-timeout-policy", TimeoutPolicy.PLUGIN);
        m.put("@deepseek-ai/dsh-repeat-tool-reminder", RepeatToolReminder.PLUGIN);
        m.put("@deepseek-ai/dsh-agent-loop", AgentLoopPlugin.PLUGIN);
        m.put("@deepseek-ai/dsh-session-query", SessionQueryPlugin.PLUGIN);
        m.put("@deepseek-ai/dsh-session-projections", SessionProjectionsPlugin.PLUGIN);
        m.put("@deepseek-ai/dsh-commands", Commands.PLUGIN);
        m.put("@deepseek-ai/dsh-webserver-routes", WebRoutes.PLUGIN);
        m.put("@deepseek-ai/dsh-subagent", io.dsh4j.agent.subagent.SubagentRuntime.PLUGIN);
        m.put("@deepseek-ai/dsh-subagent-spawn-in-process", io.dsh4j.agent.subagent.InProcessProviders.SPAWN_PLUGIN);
        m.put("@deepseek-ai/dsh-subagent-fork-in-process", io.dsh4j.agent.subagent.InProcessProviders.FORK_PLUGIN);
        m.put("@deepseek-ai/dsh-tool-subagent", io.dsh4j.agent.subagent.SubagentTool.PLUGIN);
        PLUGINS = Map.copyOf(m);
    }

    @Override
    public Map<String, Plugin<?>> plugins() {
        return PLUGINS;
    }
}
