package io.dsh4j.llm.deepseek;

import io.dsh4j.llm.ModelCatalog;
import io.dsh4j.llm.ModelInfo;
import java.util.List;

/**
 * DeepSeek's default catalog (§5.3): v4 flash, v4 pro and the flash vision preview, each with the
 * route's context window; unlisted ids pass through as text-only models with the same window.
 */
public final class DeepSeekCatalog {

    /** The efforts of DeepSeek's reasoning control. */
    public static final List<ModelInfo.Effort> EFFORTS = List.of(new ModelInfo.Effort("off", "Off"),
            new ModelInfo.Effort("low", "Low"), new ModelInfo.Effort("high", "High"), new ModelInfo.Effort("max", "Max"));

    private DeepSeekCatalog() { }

    /** The catalog of route {@code provider}. */
    public static ModelCatalog of(String provider, Long contextWindow, Long defaultMaxTokens, boolean thinkingDisabled) {
        List<ModelInfo.Effort> efforts = thinkingDisabled ? List.of(EFFORTS.get(0)) : EFFORTS;
        String defaultEffort = thinkingDisabled ? "off" : DeepSeekConfig.DEFAULT_EFFORT;
        List<String> text = List.of("text");
        return ModelCatalog.builder()
                .add(new ModelInfo(provider, "deepseek-v4-flash", "DeepSeek V4 Flash", contextWindow, defaultMaxTokens,
                        efforts, defaultEffort, text))
                .add(new ModelInfo(provider, "deepseek-v4-pro", "DeepSeek V4 Pro", contextWindow, defaultMaxTokens,
                        efforts, defaultEffort, text))
                .add(new ModelInfo(provider, "deepseek-v4-flash-vision-exp", "DeepSeek V4 Flash Vision (experimental)",
                        contextWindow, defaultMaxTokens, efforts, defaultEffort, List.of("text", "image")))
                .passThrough(provider, (p, id) -> new ModelInfo(p, id, id, contextWindow, defaultMaxTokens,
                        efforts, defaultEffort, text))
                .build();
    }
}
