package io.dsh4j.attention.core;

import io.dsh4j.message.TextBundles;
import io.dsh4j.message.json.JsNumbers;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/**
 * Every user-visible string of the engine, from the {@code en} (default) or {@code zh-CN} resource
 * bundle. The {@code zh-CN} texts keep the original plugin's literals where the specification quotes
 * them and are our own wording elsewhere — of the original's length wherever they go into the handoff
 * document, whose size feeds the advice; the English texts say the same things.
 *
 * <p>Placeholders are {@code {0}} … {@code {9}}; arguments are inserted as they are ({@link String}s)
 * or in JavaScript's {@code String(n)} form ({@link Number}s). There is no MessageFormat quoting:
 * apostrophes are literal. Instances are immutable and thread-safe.
 */
public final class Texts {

    private static final String BUNDLE = "io.dsh4j.attention.core.messages";
    private static final Texts ENGLISH = new Texts(Locale.ENGLISH);
    private static final Texts CHINESE = new Texts(Locale.SIMPLIFIED_CHINESE);

    private final Locale locale;
    private final ResourceBundle bundle;

    private Texts(Locale locale) {
        this.locale = locale;
        this.bundle = TextBundles.strict(BUNDLE, locale);
    }

    /** The English texts (the default). */
    public static Texts english() {
        return ENGLISH;
    }

    /** The simplified-Chinese texts (the literals the spec quotes, our own wording elsewhere). */
    public static Texts chinese() {
        return CHINESE;
    }

    /** Texts for a locale: Chinese for any {@code zh} locale, English otherwise. */
    public static Texts of(Locale locale) {
        return locale != null && "zh".equals(locale.getLanguage()) ? CHINESE : ENGLISH;
    }

    /**
     * Texts for a language tag as the command line takes it ({@code en}, {@code zh-CN}, {@code zh}).
     *
     * @throws IllegalArgumentException for any other tag, naming the supported ones
     */
    public static Texts forTag(String tag) {
        if (tag == null || tag.isBlank() || tag.equalsIgnoreCase("en") || tag.equalsIgnoreCase("en-US")) return ENGLISH;
        if (tag.equalsIgnoreCase("zh-CN") || tag.equalsIgnoreCase("zh") || tag.equalsIgnoreCase("zh_CN")) return CHINESE;
        throw new IllegalArgumentException("unsupported language '" + tag + "' (supported: en, zh-CN)");
    }

    /** The locale these texts are written in. */
    public Locale locale() {
        return locale;
    }

    /** Whether these are the Chinese texts. */
    public boolean isChinese() {
        return locale.getLanguage().equals("zh");
    }

    /**
     * The text for {@code key} with its placeholders filled.
     *
     * @throws MissingResourceException when the bundle has no such key (a programming error)
     */
    public String get(String key, Object... args) {
        String pattern = bundle.getString(key);
        if (args.length == 0 || pattern.indexOf('{') < 0) return pattern;
        StringBuilder out = new StringBuilder(pattern.length() + 32);
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '{' && i + 2 < pattern.length() && pattern.charAt(i + 2) == '}'
                    && Character.isDigit(pattern.charAt(i + 1))) {
                int idx = pattern.charAt(i + 1) - '0';
                if (idx < args.length) {
                    out.append(render(args[idx]));
                    i += 2;
                    continue;
                }
            }
            out.append(c);
        }
        return out.toString();
    }

    /** Whether the bundle has {@code key}. */
    public boolean has(String key) {
        return bundle.containsKey(key);
    }

    private static String render(Object arg) {
        if (arg instanceof Double d) return JsNumbers.toJsString(d);
        if (arg instanceof Float f) return JsNumbers.toJsString(f);
        return String.valueOf(arg);
    }
}
