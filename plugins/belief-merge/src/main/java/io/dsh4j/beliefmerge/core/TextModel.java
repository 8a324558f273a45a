package io.dsh4j.beliefmerge.core;

/**
 * The only way the engine talks to a language model (spec §1.10, §4): one blocking completion.
 *
 * <p>Two call types use it — joint alignment and tie adjudication — and any failure lands in a defined
 * place (heuristic fallback, or ties left disputed). Implementations may be called from any thread,
 * must honour {@code cancel}, and should report failures as {@link ModelReply.Failure} rather than
 * throw; an exception thrown anyway is treated as a failure with its message.
 */
@FunctionalInterface
public interface TextModel {

    /**
     * Completes one prompt.
     *
     * @param system    the system text (instructions)
     * @param user      the user text (the data)
     * @param maxTokens the output cap for this call
     * @param cancel    the cancellation signal
     * @return the model's text, or a failure
     */
    ModelReply complete(String system, String user, int maxTokens, CancelSignal cancel);
}
