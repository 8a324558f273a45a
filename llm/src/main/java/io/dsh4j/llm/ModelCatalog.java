package io.dsh4j.llm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The models an adapter knows, per route: an advisory list, never a whitelist. A model id the catalog
 * does not list resolves through the route's pass-through rule (DeepSeek: a text-only route with the
 * default context window). Immutable, thread-safe.
 */
public final class ModelCatalog {

    private static final ModelCatalog EMPTY = new ModelCatalog(Map.of(), Map.of());

    private final Map<String, List<ModelInfo>> listed;
    private final Map<String, BiFunction<String, String, ModelInfo>> passThrough;

    private ModelCatalog(Map<String, List<ModelInfo>> listed,
                         Map<String, BiFunction<String, String, ModelInfo>> passThrough) {
        this.listed = listed;
        this.passThrough = passThrough;
    }

    /** The catalog that lists nothing and resolves every id as {@link ModelInfo#bare}. */
    public static ModelCatalog empty() {
        return EMPTY;
    }

    /** A builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** The route ids this catalog lists models for, in the order they were added. */
    public List<String> providers() {
        return List.copyOf(listed.keySet());
    }

    /** The models listed for {@code provider}, in catalog order; empty for an unknown route. */
    public List<ModelInfo> models(String provider) {
        return listed.getOrDefault(provider, List.of());
    }

    /** The listed model, if any. */
    public Optional<ModelInfo> find(String provider, String model) {
        return models(provider).stream().filter(m -> m.id().equals(model)).findFirst();
    }

    /** The listed model, else the route's pass-through answer, else {@link ModelInfo#bare}. Never null. */
    public ModelInfo resolve(String provider, String model) {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(model, "model");
        return find(provider, model).orElseGet(() -> {
            BiFunction<String, String, ModelInfo> rule = passThrough.get(provider);
            return rule == null ? ModelInfo.bare(provider, model) : rule.apply(provider, model);
        });
    }

    /** This catalog and {@code other} side by side; a route present in both keeps this catalog's entry. */
    public ModelCatalog with(ModelCatalog other) {
        Builder b = new Builder();
        b.listed.putAll(other.listed);
        b.passThrough.putAll(other.passThrough);
        b.listed.putAll(listed);
        b.passThrough.putAll(passThrough);
        return b.build();
    }

    /** Builds a {@link ModelCatalog}; not thread-safe. */
    public static final class Builder {
        private final Map<String, List<ModelInfo>> listed = new LinkedHashMap<>();
        private final Map<String, BiFunction<String, String, ModelInfo>> passThrough = new LinkedHashMap<>();

        private Builder() { }

        /** Lists {@code model} under its provider. */
        public Builder add(ModelInfo model) {
            listed.computeIfAbsent(model.provider(), k -> new ArrayList<>()).add(model);
            return this;
        }

        /** How an unlisted id of {@code provider} resolves: {@code (provider, id) -> info}. */
        public Builder passThrough(String provider, BiFunction<String, String, ModelInfo> rule) {
            listed.computeIfAbsent(provider, k -> new ArrayList<>());
            passThrough.put(provider, rule);
            return this;
        }

        public ModelCatalog build() {
            Map<String, List<ModelInfo>> copy = new LinkedHashMap<>();
            listed.forEach((k, v) -> copy.put(k, List.copyOf(v)));
            return new ModelCatalog(java.util.Collections.unmodifiableMap(copy), Map.copyOf(passThrough));
        }
    }
}
