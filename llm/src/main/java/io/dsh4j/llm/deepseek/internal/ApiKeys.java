package io.dsh4j.llm.deepseek.internal;

import io.dsh4j.llm.LlmCodes;
import io.dsh4j.llm.LlmException;
import java.util.Optional;

/**
 * API-key normalisation (§5.1: trim; only printable ASCII without spaces) and redaction. A key is
 * never put into a message: errors name the variable, and {@link #redact} removes the key from any
 * text that reaches a failure message.
 */
public final class ApiKeys {

    /** What replaces a key in redacted text. */
    public static final String REDACTED = "[REDACTED]";

    private ApiKeys() { }

    /**
     * The normalised key from the raw value of {@code variable}; empty when unset or blank.
     *
     * @throws LlmException {@code INVALID_CREDENTIAL} when the trimmed value has a character outside {@code \x21-\x7E}
     */
    public static Optional<String> normalize(String raw, String variable) {
        if (raw == null) return Optional.empty();
        String key = raw.strip();
        if (key.isEmpty()) return Optional.empty();
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c < 0x21 || c > 0x7E)
                throw new LlmException(LlmCodes.INVALID_CREDENTIAL, "the API key in " + variable
                        + " contains a character that is not printable ASCII (at position " + (i + 1) + "); correct the stored value");
        }
        return Optional.of(key);
    }

    /** {@code text} with every occurrence of {@code key} (when given) replaced by {@link #REDACTED}. */
    public static String redact(String text, String key) {
        if (text == null || key == null || key.isEmpty()) return text;
        return text.replace(key, REDACTED);
    }
}
