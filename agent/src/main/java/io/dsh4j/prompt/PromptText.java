package io.dsh4j.prompt;

import java.util.function.Function;

/** A section's or context's text: fixed, or evaluated per assembly (once per model step, per agent). */
@FunctionalInterface
public interface PromptText extends Function<AssembleContext, String> {

    /** A fixed text. */
    static PromptText of(String text) {
        return context -> text;
    }
}
