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

    /**
     * A rule and where its matches can start: {@code next(text, from)} is the first position at or after
     * {@code from} where a match could start (every match starts with the rule's literal), or -1. The
     * pattern is tried only there (issue 17: each rule scanned every position of a 10 MB message).
     */
    private record Rule(String kind, Pattern pattern, Candidates next) {
        Rule(String kind, Pattern pattern, String literal) {
            this(kind, pattern, (t, from) -> t.indexOf(literal, from));
        }
    }

    @FunctionalInterface
    private interface Candidates {
        int next(String text, int from);
    }

    /** ASCII word boundary before a word character, as JavaScript's {@code \b} there. */
    private static final String B = "(?<![A-Za-z0-9_])";
    /** ASCII word boundary after a word character. */
    private static final String E = "(?![A-Za-z0-9_])";
    private static final String PRIVATE_KEY_HEAD = "-----BEGIN [A-Z ]*PRIVATE KEY-----";
    private static final Pattern PRIVATE_KEY_END = Pattern.compile("-----END [A-Z ]*PRIVATE KEY-----");
    private static final int DOTTED_KEY_HEX = 32;

    private static final List<Rule> PROVIDER_RULES = List.of(
            new Rule("anthropic", Pattern.compile(B + "sk-ant-[A-Za-z0-9_-]{20,}"), "sk-ant-"),
            new Rule("openai", Pattern.compile(B + "sk-(?:proj-)?[A-Za-z0-9_-]{20,}"), "sk-"),
            new Rule("google", Pattern.compile(B + "AIza[0-9A-Za-z_-]{30,}"), "AIza"),
            new Rule("github", Pattern.compile(B + "(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}"), "gh"),
            new Rule("github-pat", Pattern.compile(B + "github_pat_[A-Za-z0-9_]{30,}"), "github_pat_"),
            new Rule("huggingface", Pattern.compile(B + "hf_[A-Za-z0-9]{30,}"), "hf_"),
            new Rule("aws-access-key", Pattern.compile(B + "AKIA[0-9A-Z]{16}" + E), "AKIA"),
            new Rule("slack", Pattern.compile(B + "xox[baprs]-[A-Za-z0-9-]{10,}"), "xox"),
            new Rule("stripe", Pattern.compile(B + "(?:sk|pk)_(?:live|test)_[A-Za-z0-9]{20,}"), (t, from) -> {
                int sk = t.indexOf("sk_", from);
                int pk = t.indexOf("pk_", from);
                return sk < 0 ? pk : pk < 0 ? sk : Math.min(sk, pk);
            }),
            new Rule("npm", Pattern.compile(B + "npm_[A-Za-z0-9]{30,}"), "npm_"),
            new Rule("jwt", Pattern.compile(B + "eyJ[A-Za-z0-9_-]{10,}\\.eyJ[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}"), "eyJ"),
            // 32 hex digits then the full stop: a match starts 32 units before a full stop
            // (and 32 hex digits before it: a full stop of prose is passed over without the pattern)
            new Rule("dotted-key", Pattern.compile(B + "[0-9a-f]{32}\\.[A-Za-z0-9]{16}" + E), (t, from) -> {
                for (int dot = t.indexOf('.', from + DOTTED_KEY_HEX); dot >= 0; dot = t.indexOf('.', dot + 1)) {
                    if (hexBefore(t, dot)) return dot - DOTTED_KEY_HEX;
                }
                return -1;
            }),
            // the head only: the lazy body is the first end marker after the head (see redactPrivateKeys)
            new Rule("private-key", Pattern.compile(PRIVATE_KEY_HEAD), "-----BEGIN "));

    /** Whether the {@value #DOTTED_KEY_HEX} units before {@code dot} are lower-case hex digits. */
    private static boolean hexBefore(String t, int dot) {
        for (int k = dot - DOTTED_KEY_HEX; k < dot; k++) {
            char c = t.charAt(k);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
        }
        return true;
    }

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

    /**
     * Redacts every secret in {@code text}; a {@code null} text gives an empty result. Each rule runs
     * over the previous rule's output, as {@code replace(pattern, marker)} would, but its pattern is
     * tried only where a match can start, so the cost is linear in the text.
     */
    public static Result redact(String text) {
        if (text == null) return new Result("", List.of());
        if (text.isEmpty()) return new Result(text, List.of());
        List<String> found = new ArrayList<>();
        String out = text;
        for (Rule rule : PROVIDER_RULES) {
            out = rule.kind().equals("private-key") ? redactPrivateKeys(out, rule, found) : redactRule(out, rule, found);
        }
        return new Result(redactLabelled(out, found), found);
    }

    private static Matcher matcher(Pattern p, String text) {
        return p.matcher(text).useTransparentBounds(true).useAnchoringBounds(false);
    }

    private static String redactRule(String text, Rule rule, List<String> found) {
        int n = text.length();
        int c = rule.next().next(text, 0);
        if (c < 0) return text;
        Matcher m = matcher(rule.pattern(), text);
        StringBuilder sb = null;
        int copied = 0;
        while (c >= 0 && c < n) {
            m.region(c, n);
            if (!m.lookingAt()) {
                c = rule.next().next(text, c + 1);
                continue;
            }
            if (sb == null) sb = new StringBuilder(n);
            found.add(rule.kind());
            sb.append(text, copied, c).append(marker(rule.kind()));
            copied = m.end();
            c = rule.next().next(text, copied);
        }
        return sb == null ? text : sb.append(text, copied, n).toString();
    }

    /**
     * {@code -----BEGIN … PRIVATE KEY-----[\s\S]*?-----END … PRIVATE KEY-----}: the lazy body ends at the
     * first end marker at or after the head, found once and reused while it lies ahead of the next head
     * (a text of many heads and no end marker costs one scan, not one per head).
     */
    private static String redactPrivateKeys(String text, Rule rule, List<String> found) {
        int n = text.length();
        int c = rule.next().next(text, 0);
        if (c < 0) return text;
        Matcher head = matcher(rule.pattern(), text);
        Matcher end = PRIVATE_KEY_END.matcher(text);
        int endAt = -2;
        StringBuilder sb = null;
        int copied = 0;
        while (c >= 0 && c < n) {
            head.region(c, n);
            if (!head.lookingAt()) {
                c = rule.next().next(text, c + 1);
                continue;
            }
            if (endAt != -1 && endAt < head.end()) endAt = end.find(head.end()) ? end.start() : -1;
            if (endAt == -1) break;
            if (sb == null) sb = new StringBuilder(n);
            found.add(rule.kind());
            sb.append(text, copied, c).append(marker(rule.kind()));
            copied = end.end();
            c = rule.next().next(text, copied);
        }
        return sb == null ? text : sb.append(text, copied, n).toString();
    }

    /** The labelled values: tried where a label's first two letters (any ASCII case) stand. */
    private static String redactLabelled(String text, List<String> found) {
        int n = text.length();
        Matcher m = matcher(LABELLED, text);
        StringBuilder sb = null;
        int copied = 0;
        int c = nextLabel(text, 0);
        while (c >= 0) {
            m.region(c, n);
            if (!m.lookingAt()) {
                c = nextLabel(text, c + 1);
                continue;
            }
            String match = m.group();
            String value = m.group("value");
            if (!PLACEHOLDER.matcher(value).find()) {
                if (sb == null) sb = new StringBuilder(n);
                found.add("labelled");
                int at = match.indexOf(value);
                sb.append(text, copied, c).append(match, 0, at).append(marker("labelled")).append(match, at + value.length(),
                        match.length());
                copied = m.end();
            }
            c = nextLabel(text, m.end());
        }
        return sb == null ? text : sb.append(text, copied, n).toString();
    }

    /**
     * The first position at or after {@code from} where a label of {@link #LABELLED} could start, or -1:
     * where the first word of one of its labels stands in any ASCII case (issue 17: its first two letters
     * alone, as in "use" or "because", sent every few words of English prose to the pattern).
     */
    private static int nextLabel(String text, int from) {
        for (int i = from; i + 1 < text.length(); i++) {
            char a = text.charAt(i);
            char b = text.charAt(i + 1);
            char la = a >= 'A' && a <= 'Z' ? (char) (a + 32) : a;
            char lb = b >= 'A' && b <= 'Z' ? (char) (b + 32) : b;
            boolean label = switch (la) {
                case 'a' -> (lb == 'p' && wordAt(text, i, "api")) || (lb == 'c' && wordAt(text, i, "access"))
                        || (lb == 'u' && wordAt(text, i, "auth"));
                case 's' -> lb == 'e' && wordAt(text, i, "secret");
                case 'b' -> lb == 'e' && wordAt(text, i, "bearer");
                case 'c' -> lb == 'l' && wordAt(text, i, "client");
                case 'p' -> lb == 'a' && wordAt(text, i, "passw");
                case '密' -> b == '钥' || b == '码';
                default -> false;
            };
            if (label) return i;
        }
        return -1;
    }

    /** Whether {@code text} holds the lower-case ASCII {@code word} at {@code at}, in any ASCII case. */
    private static boolean wordAt(String text, int at, String word) {
        if (at + word.length() > text.length()) return false;
        for (int k = 0; k < word.length(); k++) {
            char c = text.charAt(at + k);
            if ((c >= 'A' && c <= 'Z' ? (char) (c + 32) : c) != word.charAt(k)) return false;
        }
        return true;
    }

    /** True when {@link #redact} would replace anything. */
    public static boolean hasSecrets(String text) {
        return redact(text).count() > 0;
    }
}
