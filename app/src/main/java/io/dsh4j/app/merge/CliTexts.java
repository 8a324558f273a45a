package io.dsh4j.app.merge;

import io.dsh4j.message.TextBundles;
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
        this.bundle = TextBundles.strict("io.dsh4j.app.merge.MergeCliText", locale);
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
        return TextBundles.fill(bundle.getString(key), args);
    }
}
