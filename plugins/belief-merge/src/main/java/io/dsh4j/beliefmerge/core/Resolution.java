package io.dsh4j.beliefmerge.core;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The adjudicator's answer for one tied slot (spec §2.5, §4.2). Attached to the slot; the
 * {@link SlotState} and the {@link Decision} are never changed by it.
 *
 * @param key            the slot key
 * @param outcome        the outcome
 * @param value          the chosen value for {@link Outcome#CHOOSE}, else {@code null}
 * @param guard          the condition for {@link Outcome#CONDITIONAL}, else {@code null}
 * @param premises       the option ids the model relied on
 * @param rationale      the model's one-sentence reason ({@code ""} when none)
 * @param reversed       whether the answer came from the order-reversed run
 * @param orderSensitive true for the downgrade issued when the two runs disagreed
 */
public record Resolution(String key, Outcome outcome, String value, String guard, List<String> premises,
                         String rationale, boolean reversed, boolean orderSensitive) {

    /** The four outcomes an adjudicator may give. */
    public enum Outcome {
        /** One value is better supported by the quotes. */
        CHOOSE,
        /** The values are compatible aspects, not a disagreement. */
        BOTH,
        /** Both hold under different conditions (a guard says which). */
        CONDITIONAL,
        /** The quotes do not settle it: the tie stands. */
        UNRESOLVABLE;

        /** The wire name ({@code choose}, …). */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The outcome with this wire name (exact), or {@code null}. */
        public static Outcome ofLabel(String label) {
            for (Outcome o : values()) {
                if (o.label().equals(label)) return o;
            }
            return null;
        }
    }

    public Resolution {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(outcome, "outcome");
        premises = List.copyOf(premises);
        rationale = rationale == null ? "" : rationale;
    }

    /** True when the outcome settles the tie (anything but {@link Outcome#UNRESOLVABLE}). */
    public boolean settles() {
        return outcome != Outcome.UNRESOLVABLE;
    }
}
