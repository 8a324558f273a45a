package io.dsh4j.beliefmerge.core;

import io.dsh4j.message.json.JsStrings;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Credential redaction (spec §6): every match becomes {@code [REDACTED:<kind>]}.
 *
 * <p>Deliberately conservative — provider-prefixed shapes, one distinctive unprefixed shape and
 * explicitly labelled values only; commit hashes, arXiv ids, paths and "token budget" stay intact.
 *
 * <p>Deviation (spec §13.4 Q10): the original ran its {@code openai} rule first, so Anthropic keys were
 * labelled {@code openai}; here the {@code anthropic} rule runs first and labels them correctly.
 *
 * <p>Pure and thread-safe.
 */
public final class Redaction {

    /** The result of redacting one text: the new text and one kind per replacement, in order. */
    public record Result(String text, List<String> found) {
        public Result {
            found = List.copyOf(found);
        }

        /** The number of secrets replaced. */
        public int count() {
            return found.size();
        }
    }

    private record Rule(String kind, Pattern pattern) {}

    /** ASCII word boundary before a word character, as JavaScript's {@code \b} there. */
    private static final String B = "(?<![A-Za-z0-9_])";
    /** ASCII word boundary after a word character. */
    private static final String E = "(?![A-Za-z0-9_])";

    private static final List<Rule> PROVIDER_RULES = List.of(
            new Rule("anthropic", Pattern.compile(B + "sk-ant-[A-Za-z0-9_-]{20,}")),
            new Rule("openai", Pattern.compile(B + "sk-(?:proj-)?[A-Za-z0-9_-]{20,}")),
            new Rule("google", Pattern.compile(B + "AIza[0-9A-Za-z_-]{30,}")),
            new Rule("github", Pattern.compile(B + "(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}")),
            new Rule("github-pat", Pattern.compile(B + "github_pat_[A-Za-z0-9_]{30,}")),
            new Rule("huggingface", Pattern.compile(B + "hf_[A-Za-z0-9]{30,}")),
            new Rule("aws-access-key", Pattern.compile(B + "AKIA[0-9A-Z]{16}" + E)),
            new Rule("slack", Pattern.compile(B + "xox[baprs]-[A-Za-z0-9-]{10,}")),
            new Rule("stripe", Pattern.compile(B + "(?:sk|pk)_(?:live|test)_[A-Za-z0-9]{20,}")),
            new Rule("npm", Pattern.compile(B + "npm_[A-Za-z0-9]{30,}")),
            new Rule("jwt", Pattern.compile(B + "eyJ[A-Za-z0-9_-]{10,}\\.eyJ[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}")),
            new Rule("dotted-key", Pattern.compile(B + "[0-9a-f]{32}\\.[A-Za-z0-9]{16}" + E)),
            new Rule("private-key", Pattern.compile(
                    "-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?-----END [A-Z ]*PRIVATE KEY-----")));

    private static final String S = "[" + JsStrings.WHITE_SPACE_CLASS + "]";
    private static final String SEP = "[_" + JsStrings.WHITE_SPACE_CLASS + "-]*";

    /** A label, an optional quote, a separator ({@code :}, {@code =}, {@code ＝}) and a value of ≥ 16 characters. */
    private static final Pattern LABELLED = Pattern.compile(
            "(?:api" + SEP + "(?:key|密钥)|apikey|access" + SEP + "token|auth" + SEP + "token|secret" + SEP + "key"
                    + "|client" + SEP + "secret|password|passwd|bearer|密钥|密码)"
                    + "[\"'`]?" + S + "*[:=＝]" + S + "*[\"'`]?(?<value>[A-Za-z0-9_\\-./+]{16,})[\"'`]?",
            Pattern.CASE_INSENSITIVE);

    private static final Pattern PLACEHOLDER = Pattern.compile(
            "^(?:[<{$]|\\.{3}|xxx+|aaa+|placeholder|redacted|your)", Pattern.CASE_INSENSITIVE);

    private Redaction() {}

    /** The marker that replaces a secret of the given kind. */
    public static String marker(String kind) {
        return "[REDACTED:" + kind + "]";
    }

    /** Redacts every secret in {@code text}; a {@code null} text gives an empty result. */
    public static Result redact(String text) {
        if (text == null) return new Result("", List.of());
        if (text.isEmpty()) return new Result(text, List.of());
        List<String> found = new ArrayList<>();
        String out = text;
        for (Rule rule : PROVIDER_RULES) {
            Matcher m = rule.pattern().matcher(out);
            if (!m.find()) continue;
            StringBuilder sb = new StringBuilder(out.length());
            do {
                found.add(rule.kind());
                m.appendReplacement(sb, Matcher.quoteReplacement(marker(rule.kind())));
            } while (m.find());
            m.appendTail(sb);
            out = sb.toString();
        }
        Matcher m = LABELLED.matcher(out);
        StringBuilder sb = new StringBuilder(out.length());
        boolean any = false;
        while (m.find()) {
            String match = m.group();
            String value = m.group("value");
            if (PLACEHOLDER.matcher(value).find()) continue;
            any = true;
            found.add("labelled");
            int at = match.indexOf(value);
            String replaced = match.substring(0, at) + marker("labelled") + match.substring(at + value.length());
            m.appendReplacement(sb, Matcher.quoteReplacement(replaced));
        }
        if (any) {
            m.appendTail(sb);
            out = sb.toString();
        }
        return new Result(out, found);
    }

    /** True when {@link #redact} would replace anything. */
    public static boolean hasSecrets(String text) {
        return redact(text).count() > 0;
    }
}
