package io.dsh4j.beliefmerge.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.message.json.JsStrings;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Issue 17 (linear text paths): {@link Redaction#redact}, which tries each rule's pattern only where a
 * match can start, replaces exactly what the rules' whole patterns replace with {@code find} over every
 * position ({@code replace(pattern, marker)} per rule in order, then the labelled values), on texts
 * assembled from the rules' own pieces: prefixes, key characters, hex digits, full stops, private-key
 * markers, labels in any case, separators and quotes.
 */
class RedactionScanProperties {

    private static final String B = "(?<![A-Za-z0-9_])";
    private static final String E = "(?![A-Za-z0-9_])";
    private static final String[][] RULES = {
        {"anthropic", B + "sk-ant-[A-Za-z0-9_-]{20,}"},
        {"openai", B + "sk-(?:proj-)?[A-Za-z0-9_-]{20,}"},
        {"google", B + "AIza[0-9A-Za-z_-]{30,}"},
        {"github", B + "(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}"},
        {"github-pat", B + "github_pat_[A-Za-z0-9_]{30,}"},
        {"huggingface", B + "hf_[A-Za-z0-9]{30,}"},
        {"aws-access-key", B + "AKIA[0-9A-Z]{16}" + E},
        {"slack", B + "xox[baprs]-[A-Za-z0-9-]{10,}"},
        {"stripe", B + "(?:sk|pk)_(?:live|test)_[A-Za-z0-9]{20,}"},
        {"npm", B + "npm_[A-Za-z0-9]{30,}"},
        {"jwt", B + "eyJ[A-Za-z0-9_-]{10,}\\.eyJ[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}"},
        {"dotted-key", B + "[0-9a-f]{32}\\.[A-Za-z0-9]{16}" + E},
        {"private-key", "-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?-----END [A-Z ]*PRIVATE KEY-----"},
    };
    private static final String S = "[" + JsStrings.WHITE_SPACE_CLASS + "]";
    private static final String SEP = "[_" + JsStrings.WHITE_SPACE_CLASS + "-]*";
    private static final Pattern LABELLED = Pattern.compile(
            "(?:api" + SEP + "(?:key|密钥)|apikey|access" + SEP + "token|auth" + SEP + "token|secret" + SEP + "key"
                    + "|client" + SEP + "secret|password|passwd|bearer|密钥|密码)"
                    + "[\"'`]?" + S + "*[:=＝]" + S + "*[\"'`]?(?<value>[A-Za-z0-9_\\-./+]{16,})[\"'`]?",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern PLACEHOLDER = Pattern.compile(
            "^(?:[<{$]|\\.{3}|xxx+|aaa+|placeholder|redacted|your)", Pattern.CASE_INSENSITIVE);

    /** The whole-pattern redaction: each rule's {@code find} over every position. */
    static Redaction.Result reference(String text) {
        List<String> found = new ArrayList<>();
        String out = text;
        for (String[] rule : RULES) {
            Matcher m = Pattern.compile(rule[1]).matcher(out);
            StringBuilder sb = new StringBuilder();
            while (m.find()) {
                found.add(rule[0]);
                m.appendReplacement(sb, Matcher.quoteReplacement(Redaction.marker(rule[0])));
            }
            m.appendTail(sb);
            out = sb.toString();
        }
        Matcher m = LABELLED.matcher(out);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String match = m.group();
            String value = m.group("value");
            if (PLACEHOLDER.matcher(value).find()) continue;
            found.add("labelled");
            int at = match.indexOf(value);
            m.appendReplacement(sb, Matcher.quoteReplacement(match.substring(0, at) + Redaction.marker("labelled")
                    + match.substring(at + value.length())));
        }
        m.appendTail(sb);
        return new Redaction.Result(sb.toString(), found);
    }

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.of("sk-", "ant-", "proj-", "sk_", "pk_", "live_", "test_", "AIza", "gh", "p_", "o_", "github_pat_",
                        "hf_", "AKIA", "xox", "b-", "npm_", "eyJ", ".", "-----BEGIN ", "RSA ", "PRIVATE KEY-----", "-----END ",
                        "0123456789abcdef", "deadbeef", "ABCDEFGHIJKLMNOP", "abcdefghij", "Zz9_", "-", "_", " ", "\n", "x",
                        "api", "Api ", "KEY", "key", "apikey", "access", "token", "AUTH", "secret", "client", "Password",
                        "passwd", "bearer", "PASSW", "Bearer", "se", "Be", "pa", "cl", "ACCESS", "Client", "au", "ap", "密钥", "密码", ":", "=", "＝", "\"", "'", "`", "/+", "...", "xxx", "<", "your", "Ａ")
                .list().ofMaxSize(30).map(parts -> String.join("", parts));
    }

    @Property(tries = 5000)
    void the_candidate_scan_replaces_what_the_whole_patterns_replace(@ForAll("texts") String text) {
        Redaction.Result expected = reference(text);
        Redaction.Result actual = Redaction.redact(text);
        assertThat(actual.text()).isEqualTo(expected.text());
        assertThat(actual.found()).isEqualTo(expected.found());
    }

    @Property(tries = 500)
    void and_on_any_text(@ForAll String text) {
        assertThat(Redaction.redact(text)).isEqualTo(reference(text));
    }

    @Test
    void edges_keys_at_both_ends_nested_markers_and_heads_without_an_end() {
        String hex = "0123456789abcdef0123456789abcdef";
        for (String text : List.of("sk-" + "a".repeat(20), "x sk-ant-" + "b".repeat(25) + "." + hex + ".ABCDEFGHIJKLMNOP",
                hex + hex + ".ABCDEFGHIJKLMNOP", "-----BEGIN A PRIVATE KEY----- -----BEGIN B PRIVATE KEY-----x-----END B PRIVATE KEY-----",
                "-----BEGIN A PRIVATE KEY-----".repeat(50), "PASSWORD: " + "a".repeat(16) + " and api_key=" + "<".repeat(20),
                "密钥＝abcdefghijklmnop", "pk_live_" + "Q".repeat(20) + "sk_test_" + "R".repeat(20))) {
            assertThat(Redaction.redact(text)).as(text).isEqualTo(reference(text));
        }
    }
}
