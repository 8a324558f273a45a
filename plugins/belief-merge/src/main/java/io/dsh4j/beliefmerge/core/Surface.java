package io.dsh4j.beliefmerge.core;

import java.util.List;
import java.util.Objects;

/**
 * One source session to merge: its id, its model-visible messages and the trust stamped on its claims.
 *
 * @param id       the session id (also the claims' source id)
 * @param messages the messages in model order
 * @param trust    the trust level of everything read from it; {@code null} reads as UNTRUSTED
 */
public record Surface(String id, List<SourceMessage> messages, Trust trust) {

    public Surface {
        Objects.requireNonNull(id, "id");
        messages = List.copyOf(messages);
    }

    /** The trust level with {@code null} read as UNTRUSTED. */
    public Trust effectiveTrust() {
        return Trust.orUntrusted(trust);
    }
}
