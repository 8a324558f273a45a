package io.dsh4j.message;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.Objects;
import java.util.ResourceBundle;

/**
 * The one way user-visible text is read from resource bundles ({@code en} default, {@code zh-CN}),
 * shared by the engines and the command line so that each module keeps only its bundle names.
 *
 * <p>Two placeholder styles exist and must not be mixed within one bundle: {@link #fill} replaces
 * {@code {0}}, {@code {1}}, … verbatim (no quoting rules, numbers as the caller formatted them), for
 * bundles whose texts carry quotes and braces literally; {@link #format} is {@link MessageFormat}, for
 * the command-line bundles written for it. Stateless and thread-safe.
 */
public final class TextBundles {

    private TextBundles() {}

    /**
     * The bundle {@code baseName} for {@code locale}, never the JVM's default locale's: a locale
     * without its own properties file falls back to the base file (English).
     *
     * @throws java.util.MissingResourceException when the base file is missing
     */
    public static ResourceBundle strict(String baseName, Locale locale) {
        Objects.requireNonNull(locale, "locale");
        return ResourceBundle.getBundle(baseName, locale,
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    /** {@code pattern} with {@code {0}}, {@code {1}}, … replaced by the arguments' strings, verbatim. */
    public static String fill(String pattern, Object... args) {
        String text = pattern;
        for (int i = 0; i < args.length; i++) text = text.replace("{" + i + "}", String.valueOf(args[i]));
        return text;
    }

    /**
     * The text {@code key} of bundle {@code baseName} in {@code locale} (the default lookup, with the
     * JVM's default locale as fallback), through {@link MessageFormat} when there are arguments.
     *
     * @throws java.util.MissingResourceException when the bundle or the key is missing
     */
    public static String format(String baseName, Locale locale, String key, Object... args) {
        String pattern = ResourceBundle.getBundle(baseName, locale).getString(key);
        return args.length == 0 ? pattern : new MessageFormat(pattern, locale).format(args);
    }
}
