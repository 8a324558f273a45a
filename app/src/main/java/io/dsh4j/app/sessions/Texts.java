package io.dsh4j.app.sessions;

import io.dsh4j.message.TextBundles;
import java.util.Locale;

/**
 * The messages of the session commands, from the {@code Messages} bundle ({@code en} default,
 * {@code zh-CN}) in the default locale. Help texts live in the {@code Help} bundle that picocli reads.
 * Status lines of logs ({@code ok}, {@code torn at byte N}, {@code corrupt: …}) come from the store
 * and stay in English in every language, so that scripts can read them.
 */
final class Texts {

    static final String HELP_BUNDLE = "io.dsh4j.app.sessions.Help";
    private static final String BUNDLE = "io.dsh4j.app.sessions.Messages";

    private Texts() {}

    /** The message {@code key} with its {@code {0}…} arguments filled in (pass numbers as strings). */
    static String get(String key, Object... args) {
        Locale locale = Locale.getDefault();
        return TextBundles.format(BUNDLE, locale, key, args);
    }

    /** {@code dsh4j: <message>}, the form of every error line. */
    static String error(String message) {
        return get("error", message);
    }
}
