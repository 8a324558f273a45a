package io.dsh4j.app.sessions;

import java.util.Locale;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs each test with {@link Locale#ENGLISH} as the default locale (the CLI's texts follow it) and
 * puts the previous default back afterwards, also when a test switched to another language.
 */
final class EnglishLocale implements BeforeEachCallback, AfterEachCallback {

    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(EnglishLocale.class);

    @Override
    public void beforeEach(ExtensionContext context) {
        context.getStore(NS).put("before", Locale.getDefault());
        Locale.setDefault(Locale.ENGLISH);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        Locale.setDefault(context.getStore(NS).get("before", Locale.class));
    }
}
