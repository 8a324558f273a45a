package io.dsh4j.agent;

import io.dsh4j.kernel.Effect;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.ServiceKey;
import io.dsh4j.kernel.config.ConfigSchema;
import io.dsh4j.kernel.config.Schema;
import io.dsh4j.llm.AdapterRegistry;
import io.dsh4j.llm.CancelSignal;
import io.dsh4j.llm.deepseek.DeepSeekAdapter;
import io.dsh4j.llm.deepseek.DeepSeekConfig;
import java.util.List;

/**
 * {@code ctx.llm} and the DeepSeek / OpenAI-compatible route as kernel plugins. The llm module knows
 * no kernel; these rows bind its {@link AdapterRegistry} and {@link DeepSeekAdapter} into a profile.
 */
public final class ModelRoutesPlugin {

    /** {@code ctx.llm}: the model routes. */
    public static final ServiceKey<AdapterRegistry> LLM = ServiceKey.of("llm", AdapterRegistry.class);

    /** {@code @deepseek-ai/dsh-llm}: provides an empty {@link AdapterRegistry}. */
    public static final Plugin<com.fasterxml.jackson.databind.JsonNode> REGISTRY = Plugin.named("llm").setup((ctx, config) ->
            ctx.provide(LLM, new AdapterRegistry()));

    /**
     * @param dialect   {@code deepseek} or {@code openai-compatible}
     * @param provider  the route id ({@code deepseek-official} / {@code openai-compatible} by default)
     * @param baseUrl   base URL without {@code /chat/completions}; absent: {@code DEEPSEEK_BASE_URL}, else DeepSeek's
     * @param apiKeyEnv the variable holding the key ({@code DEEPSEEK_API_KEY})
     * @param apiKeyRequired whether a missing key fails the request; absent: the dialect's default
     *                  (DeepSeek: yes; OpenAI-compatible: no). A local server needs none.
     */
    public record RouteConfig(String dialect, String provider, String baseUrl, String apiKeyEnv, Boolean apiKeyRequired) {
        public static final ConfigSchema<RouteConfig> SCHEMA = Schema.object()
                .field("dialect", Schema.oneOf("deepseek", "openai-compatible").defaultValue("deepseek"))
                .field("provider", Schema.string())
                .field("baseUrl", Schema.string())
                .field("apiKeyEnv", Schema.string().defaultValue(DeepSeekConfig.DEFAULT_API_KEY_ENV))
                .field("apiKeyRequired", Schema.bool())
                .as(RouteConfig.class);

        /** The adapter configuration this row describes. */
        public DeepSeekConfig adapterConfig() {
            DeepSeekConfig c = "openai-compatible".equals(dialect) ? DeepSeekConfig.openAiCompatible() : DeepSeekConfig.deepSeek();
            if (provider != null) c = c.withProvider(provider);
            if (baseUrl != null && !baseUrl.isEmpty()) c = c.withBaseUrl(baseUrl);
            c = c.withApiKeyEnv(apiKeyEnv);
            if (apiKeyRequired != null) {
                c = new DeepSeekConfig(c.dialect(), c.provider(), c.baseUrl(), c.apiKeyEnv(), apiKeyRequired,
                        c.thinkingDisabled(), c.defaultEffort(), c.defaultMaxTokens(), c.contextWindow(), c.streamIdleTimeout(),
                        c.maxEventBytes(), c.maxResponseBytes(), c.userId(), c.retryPolicy());
            }
            return c;
        }
    }

    /** {@code @deepseek-ai/dsh-llm-deepseek}: registers one route while mounted. */
    public static final Plugin<RouteConfig> DEEPSEEK = Plugin.named("llm-deepseek", RouteConfig.SCHEMA).inject(LLM)
            .apply((ctx, config) -> {
                DeepSeekAdapter adapter = new DeepSeekAdapter(config.adapterConfig());
                CancelSignal.Registration route = ctx.require(LLM).register(List.of(adapter.config().provider()), adapter);
                return Effect.of(() -> {
                    route.close();
                    adapter.close();
                });
            });

    private ModelRoutesPlugin() {}
}
