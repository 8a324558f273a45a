package io.dsh4j.beliefmerge.core;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link TextModel} for tests: answers the i-th call with the i-th scripted reply (the last one
 * thereafter) and records every call.
 */
final class ScriptedModel implements TextModel {

    record Call(String system, String user, int maxTokens, CancelSignal cancel) {}

    private final List<ModelReply> replies;
    final List<Call> calls = new CopyOnWriteArrayList<>();

    private ScriptedModel(List<ModelReply> replies) {
        this.replies = replies;
    }

    static ScriptedModel answering(String... texts) {
        List<ModelReply> r = new ArrayList<>();
        for (String t : texts) r.add(new ModelReply.Text(t));
        return new ScriptedModel(r);
    }

    static ScriptedModel replying(ModelReply... replies) {
        return new ScriptedModel(List.of(replies));
    }

    /** A model whose every call throws. */
    static TextModel throwing(String message) {
        return (s, u, m, c) -> {
            throw new IllegalStateException(message);
        };
    }

    @Override
    public ModelReply complete(String system, String user, int maxTokens, CancelSignal cancel) {
        calls.add(new Call(system, user, maxTokens, cancel));
        return replies.get(Math.min(calls.size() - 1, replies.size() - 1));
    }
}
