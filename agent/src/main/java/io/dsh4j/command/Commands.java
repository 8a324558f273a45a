package io.dsh4j.command;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.NamedEntries;
import io.dsh4j.kernel.Notification;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.ScopedLayers;
import io.dsh4j.kernel.Scopes;
import io.dsh4j.kernel.Service;
import io.dsh4j.kernel.ServiceKey;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventTypes;
import java.util.List;
import java.util.Optional;
import java.util.SequencedMap;
import java.util.UUID;

/**
 * {@code ctx.commands} (spec §7.2): the command registry with scoped layers (a command registered
 * through {@code agent.ctx()} shadows a global one for that agent; duplicates per layer throw), and
 * {@link #run}, which logs {@code command/run} and {@code command/done} on the agent's session,
 * outside any turn. Thread-safe; {@link #run} blocks while the handler runs.
 */
public final class Commands extends Service {

    /** The service key. */
    public static final ServiceKey<Commands> KEY = ServiceKey.of("commands", Commands.class);

    /** {@code commands/change}. */
    public static final Notification<Changed> CHANGE = Notification.of("commands/change", Changed.class);

    /** Payload of {@link #CHANGE}. */
    public record Changed() {}

    /** The plugin: {@code @deepseek-ai/dsh-commands}. */
    public static final Plugin<com.fasterxml.jackson.databind.JsonNode> PLUGIN = Plugin.named("commands")
            .service((ctx, config) -> new Commands(ctx));

    private static final class Layer implements ScopedLayers.Layer {
        final NamedEntries<CommandDefinition> commands;

        Layer(Object scope) {
            commands = new NamedEntries<>(n -> new IllegalStateException("command \"" + n + "\" is already registered"
                    + (scope == null ? "" : " in this scope")));
        }

        @Override
        public boolean isEmpty() {
            return commands.isEmpty();
        }
    }

    private final ScopedLayers<Layer> layers;

    Commands(Context ctx) {
        super(ctx, KEY);
        layers = new ScopedLayers<>(ctx, Layer::new, () -> ctx.events().emitContained(CHANGE, new Changed()));
    }

    /** A view registering on {@code caller}'s fiber and scope. */
    public View as(Context caller) {
        return new View(caller);
    }

    @Override
    public Object boundTo(Context caller) {
        return this;
    }

    /** Registers through {@code caller}. */
    public final class View {
        private final Context caller;

        View(Context caller) {
            this.caller = caller;
        }

        /** @throws IllegalStateException for a duplicate name in the caller's layer */
        public EffectHandle register(CommandDefinition command) {
            return layers.register(caller, "commands.register", l -> l.commands.insert(command.name(), command));
        }
    }

    /** The command {@code name} as {@code scope} sees it. */
    public Optional<CommandDefinition> get(String name, Object scope) {
        return Optional.ofNullable(layers.merge(scope, l -> l.commands).get(name));
    }

    /** Every command {@code scope} sees. */
    public SequencedMap<String, CommandDefinition> list(Object scope) {
        return layers.merge(scope, l -> l.commands);
    }

    /**
     * Runs the command of {@code line} for {@code agent}: {@code command/run} then the handler then
     * {@code command/done}. An unknown command settles as an error without a run record.
     *
     * @return the result, or empty when {@code line} is not a command line
     */
    public Optional<CommandResult> run(Agent agent, String line, List<ContentBlock> attachments, Signal signal) {
        Optional<CommandLine> parsed = CommandLine.parse(line);
        if (parsed.isEmpty()) return Optional.empty();
        Optional<CommandDefinition> def = get(parsed.get().name(), agent);
        if (def.isEmpty()) return Optional.of(CommandResult.error("unknown command /" + parsed.get().name()));
        String id = UUID.randomUUID().toString();
        ObjectNode run = JsJson.nodes().objectNode().put("commandId", id).put("name", parsed.get().name());
        if (def.get().recordInput()) run.put("args", parsed.get().rawInput());
        run.putObject("source").put("kind", "user");
        agent.session().append(EventTypes.COMMAND_RUN, run);
        CommandResult result;
        try {
            signal.throwIfAborted();
            result = def.get().handler().handle(new CommandInvocation(id, agent, parsed.get().rawInput(), attachments, signal));
            if (result == null) result = CommandResult.error("command /" + parsed.get().name() + " returned no result");
        } catch (Exception e) {
            result = CommandResult.error(e.getMessage() == null ? e.toString() : e.getMessage());
        }
        ObjectNode done = JsJson.nodes().objectNode().put("commandId", id);
        switch (result) {
            case CommandResult.Success s -> {
                done.put("kind", "success");
                if (s.text() != null) done.put("text", s.text());
                if (s.sourceEventSeq() != null) done.put("sourceEventSeq", s.sourceEventSeq());
            }
            case CommandResult.Error err -> done.put("kind", "error").put("text", err.text());
        }
        agent.session().append(EventTypes.COMMAND_DONE, done);
        return Optional.of(result);
    }

    /** The scope of a caller context (for {@link #get}). */
    public static Object scopeOf(Context ctx) {
        return Scopes.of(ctx).orElse(null);
    }
}
