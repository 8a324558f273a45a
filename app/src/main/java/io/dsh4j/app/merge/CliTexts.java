package io.dsh4j.app.merge;

import java.util.Locale;
import java.util.ResourceBundle;

/**
 * The merge commands' messages ({@code MergeCliText} bundle) and the language they were asked for.
 * Immutable.
 */
final class CliTexts {

    private final ResourceBundle bundle;
    private final Locale locale;

    private CliTexts(Locale locale) {
        this.locale = locale;
        this.bundle = ResourceBundle.getBundle("io.dsh4j.app.merge.MergeCliText", locale,
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    /**
     * The texts for {@code --lang}: {@code null} or {@code en} → English, {@code zh-CN} → Chinese.
     *
     * @throws IllegalArgumentException for any other tag
     */
    static CliTexts forTag(String tag) {
        if (tag == null || tag.equalsIgnoreCase("en")) return new CliTexts(Locale.ROOT);
        if (tag.equalsIgnoreCase("zh-CN") || tag.equalsIgnoreCase("zh_CN")) return new CliTexts(Locale.SIMPLIFIED_CHINESE);
        throw new IllegalArgumentException(new CliTexts(Locale.ROOT).get("cli.badLang", tag));
    }

    /** The locale handed to the engine (its banner, footers and warnings follow it). */
    Locale locale() {
        return locale;
    }

    /** The message under {@code key} with {@code {0}}, {@code {1}}, … replaced verbatim. */
    String get(String key, Object... args) {
        String text = bundle.getString(key);
        for (int i = 0; i < args.length; i++) text = text.replace("{" + i + "}", String.valueOf(args[i]));
        return text;
    }
}
