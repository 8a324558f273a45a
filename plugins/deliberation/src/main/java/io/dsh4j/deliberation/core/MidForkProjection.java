package io.dsh4j.deliberation.core;

import io.dsh4j.session.event.SessionEvent;
import java.util.List;

/**
 * What a masked-review branch is given (spec §3.3–§3.5): the native seed (the parent's event prefix
 * before the turn of the earliest selected Step) and the snapshot of the selected Steps. The counters
 * are metadata; they are never shown to the child.
 *
 * @param seed                            the parent events copied as the child's native history
 * @param snapshotContent                 the snapshot as text and image blocks, in order
 * @param snapshot                        the snapshot as one string, each image written {@code [image #i mediaType bytesB]}
 * @param window                          the window literal ({@code recent-steps}, {@code current-turn})
 * @param mask                            the mask applied
 * @param projectedTurns                  distinct turns among the selected Steps
 * @param projectedSteps                  selected Steps
 * @param omittedReasoningBlocks          reasoning blocks dropped from projected messages
 * @param projectedAssistantMessages      assistant messages whose visible content was kept
 * @param omittedAssistantVisibleMessages assistant messages whose visible content was dropped (action-only)
 * @param snapshotChars                   {@code snapshot.length()} in UTF-16 code units
 * @param projectedImages                 image blocks in the snapshot
 * @param projectedImageBytes             their {@code attachment.bytes}, summed
 */
public record MidForkProjection(List<SessionEvent> seed, List<SnapshotBlock> snapshotContent, String snapshot, String window,
                                Mask mask, int projectedTurns, int projectedSteps, int omittedReasoningBlocks,
                                int projectedAssistantMessages, int omittedAssistantVisibleMessages, int snapshotChars,
                                int projectedImages, long projectedImageBytes) {

    public MidForkProjection {
        seed = List.copyOf(seed);
        snapshotContent = List.copyOf(snapshotContent);
    }

    /** The seed's length in events. */
    public int seedLength() {
        return seed.size();
    }
}
