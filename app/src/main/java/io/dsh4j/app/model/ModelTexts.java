package io.dsh4j.app.model;

import io.dsh4j.message.TextBundles;
import java.util.Locale;

/** The messages of {@code dsh4j models} and {@code dsh4j ask} ({@code Messages} bundle, {@code en} and {@code zh-CN}). */
final class ModelTexts {

    static final String HELP_BUNDLE = "io.dsh4j.app.model.Help";
    private static final String BUNDLE = "io.dsh4j.app.model.Messages";

    private ModelTexts() {}

    /** The message {@code key} with its {@code {0}…} arguments filled in (pass numbers as strings). */
    static String get(String key, Object... args) {
        Locale locale = Locale.getDefault();
        return TextBundles.format(BUNDLE, locale, key, args);
    }
}
