package io.dsh4j.app.deliberation;

import io.dsh4j.message.TextBundles;
import java.util.Locale;

/**
 * The messages of {@code dsh4j deliberation …} from the {@code Messages} bundle ({@code en} default,
 * {@code zh-CN}) in the default locale; help texts live in the {@code Help} bundle picocli reads.
 * Error codes, JSON keys and the snapshot itself are not localised.
 */
final class CliTexts {

    static final String HELP_BUNDLE = "io.dsh4j.app.deliberation.Help";
    private static final String BUNDLE = "io.dsh4j.app.deliberation.Messages";

    private CliTexts() {}

    /** The message {@code key} with its {@code {0}…} arguments filled in (pass numbers as strings). */
    static String get(String key, Object... args) {
        Locale locale = Locale.getDefault();
        return TextBundles.format(BUNDLE, locale, key, args);
    }
}
