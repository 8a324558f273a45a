package io.dsh4j.app.run;

import io.dsh4j.command.CommandDefinition;
import io.dsh4j.command.CommandResult;
import io.dsh4j.command.Commands;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.loader.PluginProvider;
import java.util.Map;

/**
 * Test plugins for {@code dsh4j run --patch}: {@value #SPECIFIER} registers {@code /echo TEXT} (answers
 * the text) and {@code /fail} (throws).
 */
public final class TestCommandsProvider implements PluginProvider {

    public static final String SPECIFIER = "@dsh4j-test/commands";

    static final Plugin<com.fasterxml.jackson.databind.JsonNode> PLUGIN = Plugin.named("test-commands").inject(Commands.KEY)
            .setup((ctx, config) -> {
                ctx.require(Commands.KEY).as(ctx).register(CommandDefinition.of("echo", "answers its input",
                        inv -> CommandResult.success("echo:" + inv.rawInput().strip())));
                ctx.require(Commands.KEY).as(ctx).register(CommandDefinition.of("fail", "always fails", inv -> {
                    throw new IllegalStateException("this command always fails");
                }));
            });

    @Override
    public Map<String, Plugin<?>> plugins() {
        return Map.of(SPECIFIER, PLUGIN);
    }
}
