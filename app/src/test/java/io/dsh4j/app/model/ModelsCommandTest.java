package io.dsh4j.app.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.message.json.JsJson;
import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code dsh4j models}. */
class ModelsCommandTest {

    Locale saved;

    @BeforeEach
    void english() {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.ROOT);
    }

    @AfterEach
    void restore() {
        Locale.setDefault(saved);
    }

    @Test
    void models_lists_the_deepseek_catalog_with_windows_and_efforts() {
        CliRun run = CliRun.of("models");

        assertThat(run.code()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).contains("Catalog of deepseek-official")
                .contains("deepseek-v4-flash  DeepSeek V4 Flash  window 1,000,000  max 256,000  efforts off|low|high*|max  inputs text")
                .contains("deepseek-v4-pro").contains("deepseek-v4-flash-vision-exp").contains("inputs text+image");
    }

    @Test
    void models_json_prints_one_object_per_model() {
        CliRun run = CliRun.of("models", "--json");

        assertThat(Arrays.stream(run.out().split("\n")).map(l -> JsJson.parse(l).get("id").asText()))
                .containsExactly("deepseek-v4-flash", "deepseek-v4-pro", "deepseek-v4-flash-vision-exp");
        assertThat(JsJson.parse(run.out().split("\n")[0]).get("contextWindow").asLong()).isEqualTo(1_000_000);
    }

    @Test
    void models_of_an_unreachable_openai_compatible_server_reports_the_failure() {
        CliRun run = CliRun.of("models", "--provider", "openai-compatible", "--base-url", "http://127.0.0.1:9",
                "--api-key-env", AskCommandTest.UNSET);

        assertThat(run.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(run.out()).contains("no built-in catalog");
        assertThat(run.err()).contains("cannot list the models of http://127.0.0.1:9").contains("TRANSPORT");
        run.hasNoStackTrace();
    }
}
