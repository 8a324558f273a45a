package io.dsh4j.beliefmerge.core;

import io.dsh4j.message.TextBundles;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * The engine's prose (banner, footer tails, warnings) from the {@code BeliefMergeText} bundle:
 * English by default, {@code zh-CN} on request. Line formats parsed by tools (slot lines, the omitted
 * footer, the untrusted marker) are not prose and are not localised.
 *
 * <p>Immutable and thread-safe.
 */
public final class Texts {

    private static final String BUNDLE = "io.dsh4j.beliefmerge.core.BeliefMergeText";

    private final ResourceBundle bundle;

    private Texts(ResourceBundle bundle) {
        this.bundle = bundle;
    }

    /** The English texts. */
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
