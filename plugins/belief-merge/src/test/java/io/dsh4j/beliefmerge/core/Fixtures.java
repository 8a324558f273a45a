package io.dsh4j.beliefmerge.core;

import java.util.ArrayList;
import java.util.List;

/** Small builders shared by the core tests. */
final class Fixtures {

    private Fixtures() {}

    static SlotItem item(String value, String source, int evidence) {
        return new SlotItem(value, source, evidence);
    }

    static SlotState state(SlotItem... items) {
        return SlotState.of(items);
    }

    /** The P1 witness: {a@1(b0)}, {a@1(b1)}, {b@2(b2)}. */
    static List<SlotState> p1Witness() {
        return List.of(SlotState.singleton("a", "b0", 1), SlotState.singleton("a", "b1", 1),
                SlotState.singleton("b", "b2", 2));
    }

    static Claim claim(String key, String value, int evidence, String text, String source, Trust trust) {
        return new Claim(key, value, evidence, text, source, trust, null, List.of());
    }

    /** A merged slot built through {@link BeliefMerge#mergeBranches} from claims of any sources. */
    static Slot slotOf(Claim... claims) {
        List<Branch> branches = new ArrayList<>();
        for (Claim c : claims) branches.add(new Branch(c.sourceId(), c.trust(), List.of(c)));
        List<Slot> slots = BeliefMerge.mergeBranches(branches, Score.EGALITARIAN);
        if (slots.size() != 1) throw new IllegalArgumentException("claims span several keys");
        return slots.getFirst();
    }

    /** A user message with one text block. */
    static SourceMessage user(String text) {
        return SourceMessage.text("user", text, "user");
    }

    /** An assistant message with one text block. */
    static SourceMessage assistant(String text) {
        return SourceMessage.text("assistant", text, "model");
    }

    /** An assistant message with one reasoning block. */
    static SourceMessage reasoning(String text) {
        return SourceMessage.reasoning("assistant", text, "model");
    }

    /** A plugin-injected user message. */
    static SourceMessage injected(String text) {
        return SourceMessage.text("user", text, "plugin");
    }

    static Surface surface(String id, Trust trust, SourceMessage... messages) {
        return new Surface(id, List.of(messages), trust);
    }
}
