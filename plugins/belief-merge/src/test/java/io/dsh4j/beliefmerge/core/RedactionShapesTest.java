package io.dsh4j.beliefmerge.core;

import static io.dsh4j.beliefmerge.core.Fixtures.reasoning;
import static io.dsh4j.beliefmerge.core.Fixtures.user;
import static io.dsh4j.beliefmerge.core.RedactionTest.alnum;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Spec §6.2–6.3 shapes that {@link RedactionTest} leaves out (checklist item 17: <em>all</em> provider
 * shapes and every label), the §6.3 placeholder and length rules, and §6.6's warning (item 19).
 */
class RedactionShapesTest {

    static Stream<Arguments> variants() {
        return Stream.of(
                Arguments.of("github", "gho_" + alnum(30)), Arguments.of("github", "ghu_" + alnum(31)),
                Arguments.of("github", "ghs_" + alnum(40)), Arguments.of("github", "ghr_" + alnum(30)),
                Arguments.of("slack", "xoxa-" + alnum(10)), Arguments.of("slack", "xoxp-1234-" + alnum(12)),
                Arguments.of("slack", "xoxr-" + alnum(11)), Arguments.of("slack", "xoxs-" + alnum(20)),
                Arguments.of("stripe", "pk_" + "test_" + alnum(20)), Arguments.of("stripe", "sk_" + "test_" + alnum(30)),
                Arguments.of("stripe", "pk_" + "live_" + alnum(22)),
                Arguments.of("private-key", "-----BEGIN EC PRIVATE KEY-----\n" + alnum(40) + "\n-----END EC PRIVATE KEY-----"),
                Arguments.of("private-key", "-----BEGIN OPENSSH PRIVATE KEY-----\r\n" + alnum(50) + "\r\n-----END OPENSSH PRIVATE KEY-----"),
                Arguments.of("labelled", "apikey=" + alnum(16)), Arguments.of("labelled", "API Key: " + alnum(24)),
                Arguments.of("labelled", "api--key = " + alnum(16)), Arguments.of("labelled", "api密钥=" + alnum(16)),
                Arguments.of("labelled", "auth_token: " + alnum(20)), Arguments.of("labelled", "AUTH TOKEN=" + alnum(20)),
                Arguments.of("labelled", "secret-key=" + alnum(16)), Arguments.of("labelled", "client_secret: " + alnum(30)),
                Arguments.of("labelled", "passwd=" + alnum(16)), Arguments.of("labelled", "Bearer: " + alnum(40)),
                Arguments.of("labelled", "密钥＝" + alnum(16)), Arguments.of("labelled", "my_password=" + alnum(16)),
                Arguments.of("labelled", "\"password\": \"" + alnum(20) + "\""), Arguments.of("labelled", "access-token='" + alnum(16) + "'"),
                Arguments.of("labelled", "password=" + "abc/def+ghi.jkl_mno-pq"));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("variants")
    void every_prefix_variant_and_every_label_of_6_2_and_6_3_is_redacted(String kind, String fixture) {
        String secret = RedactionTest.secretOf(fixture).replace("\"", "").replace("'", "");
        Redaction.Result r = Redaction.redact("note: " + fixture + " end");
        assertThat(r.found()).containsExactly(kind);
        assertThat(r.text()).contains(Redaction.marker(kind)).doesNotContain(secret).startsWith("note: ").endsWith(" end");
    }

    @ParameterizedTest
    @ValueSource(strings = {"password = {from the vault ok}", "password: $PASSWORD_FROM_ENV_VAR", "api_key=aaaaaaaaaaaaaaaaaaaaaa",
            "password=REDACTED_FOR_THE_DEMO_1", "api_key: YOUR_KEY_GOES_HERE_12345", "password=PlaceholderPassword123",
            "password: ...and_then_some_more_chars", "password=fifteen_chars_1", "password：" + "fullwidthcolonvalue123",
            "bearer " + "abcdefghijklmnopqrstuvwxyz0123", "sk-short", "ghp_" + "tooShort12345678901234567", "AKIA" + "ABCDEFGHIJKLMNOPQ",
            "xoxb-short", "the token budget: 123456789012345678"})
    void placeholders_short_values_and_unlabelled_look_alikes_are_left_alone(String text) {
        Redaction.Result r = Redaction.redact(text);
        assertThat(r.found()).as(text).isEmpty();
        assertThat(r.text()).isEqualTo(text);
    }

    @Test
    void a_value_already_replaced_by_a_provider_marker_is_not_counted_twice() {
        Redaction.Result r = Redaction.redact("api_key=sk-" + alnum(32));
        assertThat(r.found()).containsExactly("openai");
        assertThat(r.text()).isEqualTo("api_key=[REDACTED:openai]");
    }

    @Test
    void the_count_reaches_a_warning_of_the_injection_that_says_to_rotate_the_key() {
        // given: a source whose user text and reasoning each hold a key
        String key = "sk-" + alnum(32);
        Map<String, List<SourceMessage>> sessions = Map.of("leaky", List.of(user("Deploy with " + key + " today."), reasoning("Key " + key + ".")));
        List<String> warnings = new ArrayList<>();
        // when
        Injection.Outcome o = Injection.plan(new Injection.Step(false, false, 1, List.of(), "current"), Injection.Settings.defaults(),
                List.of("leaky"), sessions::get, null, CancelSignal.NEVER, warnings::add);
        // then
        assertThat(warnings).singleElement().asString().contains("2 credential(s)").contains("Rotate").doesNotContain(key);
        assertThat(o).isInstanceOfSatisfying(Injection.Append.class, a -> {
            assertThat(a.merged().redacted()).isEqualTo(2);
            assertThat(a.rendered().text()).contains("_**2 credential(s) withheld**").doesNotContain(key);
        });
    }
}
