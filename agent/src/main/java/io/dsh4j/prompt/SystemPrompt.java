package io.dsh4j.prompt;

import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.Notification;
import io.dsh4j.kernel.ServiceKey;
import io.dsh4j.kernel.Waterfall;
import io.dsh4j.tool.ToolSchema;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code ctx.systemPrompt} (spec kernel-and-agent §4), as seen from one caller: every contribution
 * belongs to the caller's fiber and goes to the caller's scope layer (global for an untagged
 * context, the agent's for {@code agent.ctx}, where it shadows a global one of the same name). Each
 * returns its exact disposer and emits {@link #CHANGE}. Thread-safe.
 */
public interface SystemPrompt {

    /** The service key. */
    ServiceKey<SystemPrompt> KEY = ServiceKey.of("systemPrompt", SystemPrompt.class);

    /** {@code system-prompt/assemble}: scoped waterfall; the returned assembly is authoritative. */
    Waterfall<AssemblePayload, PromptAssembly> ASSEMBLE = Waterfall.of("system-prompt/assemble", AssemblePayload.class, PromptAssembly.class);

    /** {@code system-prompt/change}: a contribution was added or removed. */
    Notification<Changed> CHANGE = Notification.of("system-prompt/change", Changed.class);

    /** {@code harness:identity}, order −100. */
    String IDENTITY_SECTION = "harness:identity";
    /** The identity text. */
    String IDENTITY_TEXT = "You are an AI agent powered by DeepSeek Harness.";
    /** {@code deployment:persona}, order 0. */
    String PERSONA_SECTION = "deployment:persona";
    /** The {@code toolOrder} marker for every unlisted tool. */
    String TOOL_ORDER_REST = "<unlisted-tools>";

    /** Payload of {@link #ASSEMBLE}. */
    record AssemblePayload(PromptAssembly assembly, AssembleContext context) {}

    /** Payload of {@link #CHANGE}. */
    record Changed() {}

    /** What a tool provider offers one assembly. */
    record ToolOffer(List<ToolSchema> schemas, Set<String> knownNames) {
        public ToolOffer {
            schemas = List.copyOf(schemas);
            knownNames = Set.copyOf(knownNames);
        }
    }

    /** @throws IllegalStateException for a duplicate name in the caller's layer */
    EffectHandle section(PromptSection section);

    /** A runtime context (rendered into the snapshot message, §4.5). */
    EffectHandle context(PromptSection context);

    /** A {@code {{name}}} value; {@code null} from the provider means "no value". */
    EffectHandle variable(String name, Function<AssembleContext, String> provider);

    /** A tool-schema provider. */
    EffectHandle tools(Function<AssembleContext, ToolOffer> provider);

    /** Hides every runtime context for the caller's scope while registered. */
    EffectHandle suppressRuntimeContext();

    /**
     * Assembles the prompt for {@code context} (§4.3).
     *
     * @throws PromptException for more than one complete section, an unknown {@code toolOrder} name, a
     *     tool named {@value #TOOL_ORDER_REST}
     */
    PromptAssembly assemble(AssembleContext context);
}
