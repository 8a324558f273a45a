package io.dsh4j.beliefmerge.core;

import static io.dsh4j.beliefmerge.core.Fixtures.reasoning;
import static io.dsh4j.beliefmerge.core.Fixtures.surface;
import static io.dsh4j.beliefmerge.core.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Spec §6 (checklist items 17–19; tests §10.7). Fixtures are assembled at run time: no real-looking token is committed. */
class RedactionTest {

    static String alnum(int n) {
        String a = "aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0z";
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) sb.append(a.charAt(i % a.length()));
        return sb.toString();
    }

    static String hex(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) sb.append("0123456789abcdef".charAt((i * 7) % 16));
        return sb.toString();
    }

    static String upperDigits(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) sb.append("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".charAt((i * 5) % 36));
        return sb.toString();
    }

    static String pem() {
        return "-----BEGIN RSA PRIVATE KEY-----\n" + alnum(64) + "\n" + alnum(40) + "\n-----END RSA PRIVATE KEY-----";
    }

    /** Every secret class of §6 with the kind it must be reported as (Q10: Anthropic keys are labelled anthropic). */
    static Stream<Arguments> secrets() {
        return Stream.of(
                Arguments.of("openai", "sk-" + alnum(32)),
                Arguments.of("openai", "sk-proj-" + alnum(32)),
                Arguments.of("anthropic", "sk-ant-api03-" + alnum(32)),
                Arguments.of("google", "AIzaSy" + alnum(33)),
                Arguments.of("github", "ghp_" + alnum(36)),
                Arguments.of("github-pat", "github_pat_" + alnum(40)),
                Arguments.of("huggingface", "hf_" + alnum(36)),
                Arguments.of("aws-access-key", "AKIA" + upperDigits(16)),
                Arguments.of("slack", "xoxb-" + "123456789012" + "-" + alnum(16)),
                Arguments.of("stripe", "sk_" + "live_" + alnum(24)),
                Arguments.of("npm", "npm_" + alnum(42)),
                Arguments.of("jwt", "eyJ" + alnum(20) + ".eyJ" + alnum(24) + "." + alnum(30)),
                Arguments.of("dotted-key", hex(32) + "." + alnum(16)),
                Arguments.of("private-key", pem()),
                Arguments.of("labelled", "api_key = " + alnum(20)),
                Arguments.of("labelled", "API-KEY: " + alnum(20)),
                Arguments.of("labelled", "access_token=" + alnum(20)),
                Arguments.of("labelled", "password: " + alnum(20)),
                Arguments.of("labelled", "client secret＝" + alnum(18)),
                Arguments.of("labelled", "密码: " + alnum(16)));
    }

    /** The secret part of a fixture (labelled fixtures carry a label before it). */
    static String secretOf(String fixture) {
        int cut = Math.max(fixture.lastIndexOf(' '), Math.max(fixture.lastIndexOf('='), Math.max(fixture.lastIndexOf('＝'), fixture.lastIndexOf(':'))));
        return fixture.startsWith("-----") || cut < 0 ? fixture : fixture.substring(cut + 1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("secrets")
    void every_secret_class_is_replaced_by_its_marker(String kind, String fixture) {
        Redaction.Result r = Redaction.redact("before " + fixture + " after");
        assertThat(r.found()).containsExactly(kind);
        assertThat(r.text()).contains(Redaction.marker(kind)).doesNotContain(secretOf(fixture)).startsWith("before ").endsWith(" after");
    }

    @ParameterizedTest
    @ValueSource(strings = {"The token budget is 1200.", "The token expired and we retried.", "Use a secret management service.",
            "The password policy requires twelve characters.", "commit 3f786850e387550fdab836ed7e6dc881de23001b",
            "see arXiv:2401.01234 and arXiv:1706.03762v5",
            "/home/u/videos/BV1xK4y1C7Ab/frames/frames_01.jpg and /var/lib/data/very/long/path/to/some/file.txt",
            "error EPERM_ACCESS_DENIED_2026 at startup", "The connection pool is capped at twenty.",
            "0123456789abcdef0123456789abcdef", "api_key = <your-key-here>", "token: ...", "api_key = xxxxxxxxxxxxxxxxxxxx",
            "password: placeholder_value_long", "bearer abcdefghijklmnopqrstuvwxyz", "secret_key=short1234"})
    void harmless_text_is_left_byte_identical(String text) {
        Redaction.Result r = Redaction.redact(text);
        assertThat(r.text()).isEqualTo(text);
        assertThat(r.found()).isEmpty();
        assertThat(Redaction.hasSecrets(text)).isFalse();
    }

    @Test
    void a_dotted_key_is_caught_behind_a_chinese_label_and_inside_json() {
        String key = hex(32) + "." + alnum(16);
        for (String text : List.of("API密钥：" + key, "{\"api_key\":\"" + key + "\"}", "{ \"api_key\": \"" + key + "\" }")) {
            Redaction.Result r = Redaction.redact(text);
            assertThat(r.text()).doesNotContain(key);
            assertThat(r.count()).isEqualTo(1);
        }
    }

    @Test
    void null_and_empty_inputs_give_empty_results() {
        assertThat(Redaction.redact(null)).isEqualTo(new Redaction.Result("", List.of()));
        assertThat(Redaction.redact("")).isEqualTo(new Redaction.Result("", List.of()));
    }

    @Test
    void several_secrets_in_one_text_are_all_counted() {
        String text = "keys sk-" + alnum(30) + " and ghp_" + alnum(36) + " plus password=" + alnum(20);
        assertThat(Redaction.redact(text).found()).containsExactly("openai", "github", "labelled");
    }

    @Test
    void text_and_reasoning_blocks_are_redacted_before_extraction_and_prompting() {
        String key = "sk-" + alnum(32);
        SourceMessage m = new SourceMessage("user", List.of(new SourceMessage.Block("text", "My key is " + key + " ok."),
                new SourceMessage.Block("reasoning", "The key " + key + " leaked.")), "user");
        assertThat(Surfaces.textBlocks(m)).allSatisfy(b -> assertThat(b.text()).contains("[REDACTED:openai]").doesNotContain(key));
        List<Claim> claims = HeuristicExtractor.extract(List.of(m), "s", HeuristicExtractor.Options.defaults()).claims();
        assertThat(claims).isNotEmpty().allSatisfy(c -> assertThat(c.text() + c.key()).doesNotContain(key));
        Alignment.Prompt p = Alignment.buildPrompt(List.of(surface("s", Trust.EXTERNAL, m)), Alignment.Options.defaults());
        assertThat(p.user()).doesNotContain(key).contains("[REDACTED:openai]");
        assertThat(p.redacted()).isEqualTo(2);
    }

    @Test
    void the_count_reaches_the_result_and_the_withheld_footer() {
        String key = "sk-" + alnum(32);
        MergeOutcome merged = BeliefMerge.mergeSurfacesAligned(List.of(surface("a", Trust.EXTERNAL, user("Use " + key + " now."),
                reasoning("Key " + key + " again."))), MergeOptions.defaults(), null, CancelSignal.NEVER, w -> { });
        assertThat(merged.redacted()).isEqualTo(2);
        Renderer.Rendered r = merged.render(Renderer.Options.defaults());
        assertThat(r.text()).contains("_**2 credential(s) withheld** \u2014").doesNotContain(key);
    }
}
