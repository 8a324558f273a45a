package io.dsh4j.prompt;

/** An assembly or rendering failure; under the loop it fails the turn ({@code turn/end {kind:'error'}}). */
public final class PromptException extends RuntimeException {
    public PromptException(String message) {
        super(message);
    }
}
