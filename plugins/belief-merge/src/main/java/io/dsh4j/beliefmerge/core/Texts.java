package io.dsh4j.beliefmerge.core;

import java.util.Locale;
import java.util.Objects;
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
        Objects.requireNonNull(locale, "locale");
        return new Texts(ResourceBundle.getBundle(BUNDLE, locale, ResourceBundle.Control.getNoFallbackControl(
                ResourceBundle.Control.FORMAT_PROPERTIES)));
    }

    /** The text under {@code key} with {@code {0}}, {@code {1}}, … replaced by the arguments' strings. */
    public String format(String key, Object... args) {
        String text = bundle.getString(key);
        for (int i = 0; i < args.length; i++) text = text.replace("{" + i + "}", String.valueOf(args[i]));
        return text;
    }
}
