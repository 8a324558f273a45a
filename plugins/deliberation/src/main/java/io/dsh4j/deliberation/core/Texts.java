package io.dsh4j.deliberation.core;

import io.dsh4j.message.TextBundles;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * The plugin's prose from the {@code DeliberationText} bundle: English by default, {@code zh-CN} on
 * request. Machine-read literals (snapshot row labels, enum values, validation messages whose
 * fragments are the tool's contract, packet keys) are not prose and are not localised.
 *
 * <p>Immutable and thread-safe.
 */
public final class Texts {

    private static final String BUNDLE = "io.dsh4j.deliberation.core.DeliberationText";

    private final ResourceBundle bundle;

    private Texts(ResourceBundle bundle) {
        this.bundle = bundle;
    }

    /** The English texts (what children and the Primary read unless a deployment asks otherwise). */
    public static Texts english() {
        return of(Locale.ROOT);
    }

    /** The texts for a locale; anything without its own bundle falls back to English. */
    public static Texts of(Locale locale) {
        return new Texts(TextBundles.strict(BUNDLE, locale));
    }

    /** The text under {@code key} with {@code {0}}, {@code {1}}, … replaced by the arguments' strings. */
    public String format(String key, Object... args) {
        return TextBundles.fill(bundle.getString(key), args);
    }
}
