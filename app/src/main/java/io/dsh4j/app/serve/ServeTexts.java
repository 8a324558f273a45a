package io.dsh4j.app.serve;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * The texts of {@code dsh4j serve} ({@code Serve} bundle) and of the console page ({@code Console}
 * bundle, sent to the page as JSON), {@code en} by default and {@code zh-CN}.
 */
public final class ServeTexts {

    static final String SERVE_BUNDLE = "io.dsh4j.app.serve.Serve";
    static final String CONSOLE_BUNDLE = "io.dsh4j.app.serve.Console";

    private ServeTexts() {}

    /** A message of the command in the default locale, {@code {0}…} filled in. */
    static String get(String key, Object... args) {
        Locale locale = Locale.getDefault();
        String pattern = ResourceBundle.getBundle(SERVE_BUNDLE, locale).getString(key);
        return args.length == 0 ? pattern : new MessageFormat(pattern, locale).format(args);
    }

    /** The console page's language for a tag: {@code zh-CN} (also {@code zh}, {@code zh-Hans…}) or English. */
    static Locale consoleLocale(String tag) {
        if (tag != null && tag.toLowerCase(Locale.ROOT).startsWith("zh")) return Locale.SIMPLIFIED_CHINESE;
        return Locale.ROOT;
    }

    /** The console page's texts in that language. */
    static ResourceBundle console(Locale locale) {
        return ResourceBundle.getBundle(CONSOLE_BUNDLE, locale, ResourceBundle.Control.getNoFallbackControl(
                ResourceBundle.Control.FORMAT_PROPERTIES));
    }
}
