package io.dsh4j.tool;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.tool.internal.ToolRegistry;

/**
 * The plugin that provides {@link ToolRuntime} as the service {@code tools}. It takes no config: only
 * DSH's {@code native} presentation exists here (Code Mode is left out, spec §3), and the name
 * {@code run_code} stays reserved.
 */
public final class ToolRuntimePlugin {

    public static final Plugin<JsonNode> PLUGIN = Plugin.named("tools").service((ctx, config) -> new ToolRegistry(ctx));

    private ToolRuntimePlugin() {}
}
