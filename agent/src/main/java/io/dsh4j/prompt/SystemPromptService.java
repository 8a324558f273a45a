package io.dsh4j.prompt;

import io.dsh4j.kernel.AnonymousEntries;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.NamedEntries;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.ScopedLayers;
import io.dsh4j.kernel.Scopes;
import io.dsh4j.kernel.Service;
import io.dsh4j.kernel.config.ConfigSchema;
import io.dsh4j.kernel.config.Schema;
import io.dsh4j.tool.ToolSchema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/** The {@code systemPrompt} service (§4); callers see it through {@link SystemPrompt} views. */
public final class SystemPromptService extends Service {

    /** Config (§4): {@code includeHarnessIdentity}, {@code includeRuntimeContext}, {@code persona}, {@code toolOrder}. */
    public record Config(boolean includeHarnessIdentity, boolean includeRuntimeContext, String persona,
                         List<String> toolOrder) {
        public static final ConfigSchema<Config> SCHEMA = Schema.object()
                .field("includeHarnessIdentity", Schema.bool().defaultValue(true))
                .field("includeRuntimeContext", Schema.bool().defaultValue(true))
                .field("persona", Schema.string().defaultValue(""))
                .field("toolOrder", Schema.array(Schema.string()))
                .as(Config.class);
    }

    /** The plugin: {@code @deepseek-ai/dsh-system-prompt}. */
    public static final Plugin<Config> PLUGIN = Plugin.named("system-prompt", Config.SCHEMA)
            .service(SystemPromptService::new);

    private static final class Layer implements ScopedLayers.Layer {
        final NamedEntries<PromptSection> sections;
        final NamedEntries<PromptSection> contexts;
        final NamedEntries<Function<AssembleContext, String>> variables;
        final AnonymousEntries<Function<AssembleContext, SystemPrompt.ToolOffer>> tools = new AnonymousEntries<>();
        final AnonymousEntries<Boolean> suppress = new AnonymousEntries<>();

        Layer(Object scope) {
            String where = scope == null ? "" : " in this scope";
            sections = new NamedEntries<>(n -> new IllegalStateException("prompt section \"" + n + "\" is already registered" + where));
            contexts = new NamedEntries<>(n -> new IllegalStateException("prompt context \"" + n + "\" is already registered" + where));
            variables = new NamedEntries<>(n -> new IllegalStateException("prompt variable \"" + n + "\" is already registered" + where));
        }

        @Override
        public boolean isEmpty() {
            return sections.isEmpty() && contexts.isEmpty() && variables.isEmpty() && tools.isEmpty() && suppress.isEmpty();
        }
    }

    private final Config config;
    private final ScopedLayers<Layer> layers;

    SystemPromptService(Context ctx, Config config) {
        super(ctx, SystemPrompt.KEY);
        this.config = config;
        this.layers = new ScopedLayers<>(ctx, Layer::new, () -> ctx.events().emitContained(SystemPrompt.CHANGE, new SystemPrompt.Changed()));
    }

    @Override
    protected io.dsh4j.kernel.Effect init() {
        SystemPrompt own = view(ctx());
        if (config.includeHarnessIdentity()) {
            own.section(PromptSection.of(SystemPrompt.IDENTITY_SECTION, -100, SystemPrompt.IDENTITY_TEXT));
        }
        own.section(PromptSection.of(SystemPrompt.PERSONA_SECTION, 0, config.persona()));
        return io.dsh4j.kernel.Effect.none();
    }

    @Override
    public Object boundTo(Context caller) {
        return view(caller);
    }

    /** Whether runtime contexts are on ({@code includeRuntimeContext}). */
    public boolean includesRuntimeContext() {
        return config.includeRuntimeContext();
    }

    private SystemPrompt view(Context caller) {
        return new SystemPrompt() {
            @Override
            public EffectHandle section(PromptSection section) {
                return layers.register(caller, "systemPrompt.section", l -> l.sections.insert(section.name(), section));
            }

            @Override
            public EffectHandle context(PromptSection context) {
                return layers.register(caller, "systemPrompt.context", l -> l.contexts.insert(context.name(), context));
            }

            @Override
            public EffectHandle variable(String name, Function<AssembleContext, String> provider) {
                if (!PromptRender.VARIABLE_NAME.matcher(name).matches()) {
                    throw new IllegalArgumentException("prompt variable name \"" + name + "\" must match [a-z][a-z0-9_]*");
                }
                return layers.register(caller, "systemPrompt.variable", l -> l.variables.insert(name, provider));
            }

            @Override
            public EffectHandle tools(Function<AssembleContext, ToolOffer> provider) {
                return layers.register(caller, "systemPrompt.tools", l -> l.tools.append(provider));
            }

            @Override
            public EffectHandle suppressRuntimeContext() {
                return layers.register(caller, "systemPrompt.suppressRuntimeContext", l -> l.suppress.append(Boolean.TRUE));
            }

            @Override
            public PromptAssembly assemble(AssembleContext context) {
                return SystemPromptService.this.assemble(context == null ? AssembleContext.EMPTY : context);
            }
        };
    }

    PromptAssembly assemble(AssembleContext context) {
        Object scope = context.scope();
        List<Layer> all = new ArrayList<>();
        all.add(layers.global());
        all.addAll(layers.chain(scope));

        Map<String, String> variables = new LinkedHashMap<>();
        layers.merge(scope, l -> l.variables).forEach((name, p) -> variables.put(name, p.apply(context)));

        List<PromptSection> sections = sorted(layers.merge(scope, l -> l.sections).values());
        List<PromptSection> contexts = sorted(layers.merge(scope, l -> l.contexts).values());
        boolean suppressed = all.stream().anyMatch(l -> !l.suppress.isEmpty()) || !config.includeRuntimeContext();

        List<PromptAssembly.Part> sectionParts = new ArrayList<>();
        for (PromptSection s : sections) sectionParts.add(new PromptAssembly.Part(s.name(), text(s, context)));
        List<PromptAssembly.Part> contextParts = new ArrayList<>();
        if (!suppressed) {
            for (PromptSection c : contexts) contextParts.add(new PromptAssembly.Part(c.name(), text(c, context)));
        }

        List<ToolSchema> tools = tools(all, context);
        PromptAssembly assembly = new PromptAssembly(sectionParts, contextParts, tools, variables);
        assembly = ctx().events().to(Scopes.target(ctx(), this, scope)).waterfall(SystemPrompt.ASSEMBLE,
                new SystemPrompt.AssemblePayload(assembly, context), () -> new PromptAssembly(sectionParts, contextParts, tools, variables));

        List<PromptSection> complete = sections.stream().filter(PromptSection::complete).toList();
        if (complete.size() > 1) {
            throw new PromptException("more than one complete prompt section: "
                    + complete.stream().map(PromptSection::name).toList());
        }
        if (complete.size() == 1) {
            PromptSection only = complete.getFirst();
            assembly = assembly.withSections(List.of(new PromptAssembly.Part(only.name(), text(only, context))));
        }
        if (suppressed) assembly = assembly.withContexts(List.of());
        return assembly;
    }

    private static String text(PromptSection s, AssembleContext context) {
        String t = s.text().apply(context);
        return t == null ? "" : t;
    }

    private static List<PromptSection> sorted(java.util.Collection<PromptSection> values) {
        List<PromptSection> out = new ArrayList<>(values);
        out.sort(Comparator.comparingDouble(PromptSection::order)); // List.sort is stable
        return out;
    }

    private List<ToolSchema> tools(List<Layer> all, AssembleContext context) {
        Map<String, ToolSchema> byName = new LinkedHashMap<>();
        Set<String> known = new LinkedHashSet<>();
        for (Layer l : all) {
            for (Function<AssembleContext, SystemPrompt.ToolOffer> p : l.tools.values()) {
                SystemPrompt.ToolOffer offer = p.apply(context);
                for (ToolSchema s : offer.schemas()) {
                    if (s.name().equals(SystemPrompt.TOOL_ORDER_REST)) {
                        throw new PromptException("a tool may not be named " + SystemPrompt.TOOL_ORDER_REST);
                    }
                    byName.put(s.name(), new ToolSchema(s.name(), s.description(), s.parameters().deepCopy()));
                    known.add(s.name());
                }
                known.addAll(offer.knownNames());
            }
        }
        TreeMap<String, ToolSchema> lexicographic = new TreeMap<>(byName); // String order = UTF-16 code units
        List<String> order = config.toolOrder();
        if (order == null || order.isEmpty()) return List.copyOf(lexicographic.values()); // absent (the config reads [] then)
        for (String name : order) {
            if (!name.equals(SystemPrompt.TOOL_ORDER_REST) && !known.contains(name)) {
                throw new PromptException("toolOrder names \"" + name + "\", which no tool provider knows");
            }
        }
        List<ToolSchema> out = new ArrayList<>();
        Set<String> listed = new LinkedHashSet<>(order);
        for (String name : order) {
            if (name.equals(SystemPrompt.TOOL_ORDER_REST)) {
                lexicographic.forEach((n, s) -> {
                    if (!listed.contains(n)) out.add(s);
                });
            } else if (byName.containsKey(name)) {
                out.add(byName.get(name));
            }
        }
        return List.copyOf(out);
    }
}
