package io.dsh4j.app.model;

import io.dsh4j.llm.deepseek.DeepSeekConfig;
import io.dsh4j.message.LlmFailure;
import picocli.CommandLine.Option;

/** The route options {@code models} and {@code ask} share: provider, base URL, key variable. */
final class ModelOptions {

    @Option(names = "--provider", paramLabel = "ID", defaultValue = DeepSeekConfig.DEEPSEEK_PROVIDER)
    String provider;

    @Option(names = "--base-url", paramLabel = "URL")
    String baseUrl;

    @Option(names = "--api-key-env", paramLabel = "VAR")
    String apiKeyEnv;

    /** The route's configuration. @throws IllegalArgumentException naming a bad provider or URL */
    DeepSeekConfig config() {
        DeepSeekConfig c = switch (provider) {
            case DeepSeekConfig.DEEPSEEK_PROVIDER -> DeepSeekConfig.deepSeek();
            case DeepSeekConfig.OPENAI_COMPATIBLE_PROVIDER -> DeepSeekConfig.openAiCompatible();
            default -> throw new IllegalArgumentException(ModelTexts.get("provider.unknown", provider,
                    DeepSeekConfig.DEEPSEEK_PROVIDER, DeepSeekConfig.OPENAI_COMPATIBLE_PROVIDER));
        };
        if (baseUrl != null) {
            try {
                c = c.withBaseUrl(baseUrl);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(ModelTexts.get("baseUrl.bad", baseUrl));
            }
        }
        if (apiKeyEnv != null) {
            if (apiKeyEnv.isBlank()) throw new IllegalArgumentException(ModelTexts.get("apiKeyEnv.blank"));
            c = c.withApiKeyEnv(apiKeyEnv);
        }
        return c;
    }


    /** {@code message (CODE, HTTP 429, request id X)}: a failure as one line. */
    static String describe(LlmFailure f) {
        StringBuilder b = new StringBuilder(f.message()).append(" (").append(f.code());
        if (f.status() != null) b.append(", HTTP ").append(f.status());
        if (f.providerRetryAfterMs() != null) b.append(", ").append(ModelTexts.get("failure.retryAfter", Long.toString(f.providerRetryAfterMs())));
        if (f.requestId() != null) b.append(", ").append(ModelTexts.get("failure.requestId", f.requestId()));
        return b.append(')').toString();
    }
}
