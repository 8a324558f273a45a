package io.dsh4j.llm.deepseek;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.llm.ModelInfo;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** §5.3 default catalog. */
class DeepSeekCatalogTest {

    private final DeepSeekAdapter adapter = Sse.adapter(DeepSeekConfig.deepSeek(), Map.of());

    @Test
    void the_catalog_lists_v4_flash_pro_and_the_vision_preview_with_a_million_token_window() {
        assertThat(adapter.catalog().models("deepseek-official")).extracting(ModelInfo::id)
                .containsExactly("deepseek-v4-flash", "deepseek-v4-pro", "deepseek-v4-flash-vision-exp");
        assertThat(adapter.catalog().models("deepseek-official")).allSatisfy(m -> {
            assertThat(m.contextWindow()).isEqualTo(1_000_000L);
            assertThat(m.defaultMaxTokens()).isEqualTo(256_000L);
            assertThat(m.efforts()).extracting(ModelInfo.Effort::id).containsExactly("off", "low", "high", "max");
            assertThat(m.defaultEffort()).isEqualTo("high");
        });
        assertThat(adapter.catalog().resolve("deepseek-official", "deepseek-v4-flash-vision-exp").inputModalities())
                .containsExactly("text", "image");
    }

    @Test
    void an_unlisted_model_passes_through_as_a_text_only_route_with_the_default_window() {
        ModelInfo chat = adapter.catalog().resolve("deepseek-official", "deepseek-chat");

        assertThat(chat.id()).isEqualTo("deepseek-chat");
        assertThat(chat.contextWindow()).isEqualTo(1_000_000L);
        assertThat(chat.inputModalities()).containsExactly("text");
    }

    @Test
    void the_openai_compatible_route_lists_nothing_and_knows_no_window() {
        try (DeepSeekAdapter open = Sse.adapter(DeepSeekConfig.openAiCompatible(), Map.of())) {
            assertThat(open.catalog().models("openai-compatible")).isEmpty();
            assertThat(open.catalog().resolve("openai-compatible", "llama3").contextWindow()).isNull();
        }
    }
}
