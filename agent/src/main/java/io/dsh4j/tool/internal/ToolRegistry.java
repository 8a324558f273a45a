package io.dsh4j.tool.internal;

import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.ScopedLayers;
import io.dsh4j.kernel.Scopes;
import io.dsh4j.kernel.Service;
import io.dsh4j.tool.ToolCodes;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolEvents;
import io.dsh4j.tool.ToolExecutionInput;
import io.dsh4j.tool.ToolExecutionMode;
import io.dsh4j.tool.ToolExecutionResult;
import io.dsh4j.tool.ToolGuard;
import io.dsh4j.tool.ToolRestriction;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.ToolSchema;
import io.dsh4j.tool.ToolStepOutcome;
import io.dsh4j.tool.ToolStepRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SequencedMap;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code tools} service: the scoped layers of tools, restrictions and guards (spec §1.15.2, §3.3)
 * and the entry to the pipeline. Each caller gets a {@link Bound} view whose registrations belong to
 * its fiber and scope.
 */
public final class ToolRegistry extends Service {

    private final ScopedLayers<ToolLayer> layers;
    private final Pipeline pipeline;
    private final StepScheduler scheduler;

    @SuppressWarnings("this-escape")
    public ToolRegistry(Context ctx) {
        super(ctx, ToolRuntime.KEY);
        this.layers = new ScopedLayers<>(ctx, ToolLayer::new, () -> ctx.events().emit(ToolEvents.CHANGE, new ToolEvents.Changed()));
        this.pipeline = new Pipeline(this);
        this.scheduler = new StepScheduler(this, pipeline);
    }

    @Override
    public ToolRuntime boundTo(Context caller) {
        return new Bound(caller);
    }

    // ---- visibility (spec §3.3) ------------------------------------------------------------------

    /** What {@code scope} sees: restrictions applied to inherited tools, its own registrations on top. */
    SequencedMap<String, RegisteredTool> view(Object scope) {
        SequencedMap<String, RegisteredTool> inherited = new LinkedHashMap<>(layers.global().tools.entries());
        List<ToolLayer> chain = layers.chain(scope); // farthest ancestor first, scope's own last
        ToolLayer own = scope == null ? null : layers.peek(scope).orElse(null);
        for (ToolLayer layer : chain) {
            if (layer != own) {
                inherited.putAll(layer.tools.entries());
            }
        }
        SequencedMap<String, RegisteredTool> visible = new LinkedHashMap<>();
        for (Map.Entry<String, RegisteredTool> e : inherited.entrySet()) {
            boolean admitted = true;
            for (ToolLayer layer : chain) {
                admitted &= layer.admits(e.getKey());
            }
            if (admitted) {
                visible.put(e.getKey(), e.getValue());
            }
        }
        if (own != null) {
            visible.putAll(own.tools.entries());
        }
        return visible;
    }

    /** The names a restriction from {@code scope} may name: the tools it inherits, unrestricted. */
    private Set<String> restrictable(Object scope) {
        Set<String> names = new LinkedHashSet<>(layers.global().tools.names());
        ToolLayer own = layers.peek(scope).orElse(null);
        for (ToolLayer layer : layers.chain(scope)) {
            if (layer != own) {
                names.addAll(layer.tools.names());
            }
        }
        return names;
    }

    Optional<RegisteredTool> resolve(String name, Object scope) {
        return Optional.ofNullable(view(scope).get(name));
    }

    /** Global guards, then the scope chain's (farthest first). */
    List<ToolGuard> guards(Object scope) {
        List<ToolGuard> guards = new ArrayList<>(layers.global().guards.values());
        for (ToolLayer layer : layers.chain(scope)) {
            guards.addAll(layer.guards.values());
        }
        return guards;
    }

    ToolExecutionMode executionMode(ToolExecutionInput input) {
        RegisteredTool tool = view(input.agent()).get(input.name());
        if (tool == null || tool.definition().concurrency() == null) {
            return ToolExecutionMode.EXCLUSIVE;
        }
        try {
            if (!tool.arguments().validateArguments(input.arguments()).isEmpty()) {
                return ToolExecutionMode.EXCLUSIVE;
            }
            return tool.definition().concurrency().isConcurrencySafe(input.arguments())
                    ? ToolExecutionMode.PARALLEL : ToolExecutionMode.EXCLUSIVE;
        } catch (RuntimeException e) {
            ctx().logger().warn("tool \"{}\": isConcurrencySafe failed; the call runs exclusive", input.name(), e);
            return ToolExecutionMode.EXCLUSIVE;
        }
    }

    /** The caller-bound view. */
    private final class Bound implements ToolRuntime {
        private final Context caller;

        Bound(Context caller) {
            this.caller = caller;
        }

        @Override
        public EffectHandle register(ToolDefinition tool) {
            if (ToolCodes.RUN_CODE.equals(tool.name())) {
                throw new IllegalStateException("tool name \"" + ToolCodes.RUN_CODE
                        + "\" is reserved for the Code Mode transport");
            }
            RegisteredTool registered = RegisteredTool.of(tool);
            return layers.register(caller, "tools.register(" + tool.name() + ")",
                    layer -> layer.tools.insert(tool.name(), registered));
        }

        @Override
        public EffectHandle restrict(ToolRestriction restriction) {
            Object scope = Scopes.of(caller).orElseThrow(() -> new IllegalStateException(
                    "tools.restrict() requires a scoped context (agent.ctx): a context-global restriction would "
                            + "mask every agent — deny the tool for the intended agent instead"));
            Set<String> named = new TreeSet<>();
            if (restriction.allow() != null) {
                named.addAll(restriction.allow());
            }
            if (restriction.deny() != null) {
                named.addAll(restriction.deny());
            }
            if (named.contains(ToolCodes.RUN_CODE)) {
                throw new IllegalStateException("tools.restrict() cannot name reserved Code Mode presentation transport \""
                        + ToolCodes.RUN_CODE + "\"; restrict end-capability tools instead");
            }
            Set<String> known = restrictable(scope);
            List<String> unknown = named.stream().filter(n -> !known.contains(n)).toList();
            if (!unknown.isEmpty()) {
                throw new IllegalStateException("tools.restrict() names unknown global tool" + (unknown.size() > 1 ? "s " : " ")
                        + String.join(", ", unknown.stream().map(n -> "\"" + n + "\"").toList())
                        + "; known global tools: " + (known.isEmpty() ? "(none)" : String.join(", ", new TreeSet<>(known))));
            }
            return layers.register(caller, "tools.restrict()", layer -> layer.restrictions.append(restriction));
        }

        @Override
        public EffectHandle guard(ToolGuard guard) {
            java.util.Objects.requireNonNull(guard, "guard");
            return layers.registerQuietly(caller, "tools.guard()", layer -> layer.guards.append(guard));
        }

        @Override
        public Optional<ToolDefinition> get(String name, Object scope) {
            return resolve(name, scope).map(RegisteredTool::definition);
        }

        @Override
        public List<ToolSchema> schemas(Object scope) {
            return view(scope).values().stream().map(t -> t.definition().schema()).toList();
        }

        @Override
        public ToolExecutionMode executionMode(ToolExecutionInput input) {
            return ToolRegistry.this.executionMode(input);
        }

        @Override
        public ToolExecutionResult execute(ToolExecutionInput input) {
            return pipeline.execute(java.util.Objects.requireNonNull(input, "input"));
        }

        @Override
        public ToolStepOutcome runStep(ToolStepRequest request) {
            return scheduler.run(java.util.Objects.requireNonNull(request, "request"));
        }

        @Override
        public String toString() {
            return "ToolRuntime[bound to " + caller.fiber() + "]";
        }
    }
}
