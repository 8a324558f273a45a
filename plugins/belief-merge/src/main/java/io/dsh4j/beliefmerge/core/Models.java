package io.dsh4j.beliefmerge.core;

/** Calling a {@link TextModel} so that nothing it throws escapes: a throw becomes a failure. */
final class Models {

    private Models() {}

    static ModelReply call(TextModel model, String system, String user, int maxTokens, CancelSignal cancel) {
        try {
            ModelReply reply = model.complete(system, user, maxTokens, cancel);
            return reply == null ? new ModelReply.Failure("model returned nothing", null) : reply;
        } catch (RuntimeException e) {
            return new ModelReply.Failure(e.getMessage() == null ? e.toString() : e.getMessage(), null);
        }
    }
}
