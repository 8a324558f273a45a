package io.dsh4j.beliefmerge.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/**
 * Invariant I2 — no trust laundering — checked on the final slots (spec §8.2–8.3). The caller must
 * refuse to inject anything when the report is not {@link Report#ok()}: trust fails closed.
 *
 * <p>Deviation (spec §13.4 Q2): the original also listed {@code no-amplification} and
 * {@code no-laundering} rules that compared {@link #slotTrust} with the very same computation and so
 * could never fire. They are not carried over; the property they name holds by construction of
 * {@link #slotTrust} (the join of the supporters) and is a property test instead.
 *
 * <p>Pure and thread-safe.
 */
public final class TrustCheck {

    /** One violation: the slot key, the rule ({@code unsupported}, {@code unlabelled}, {@code derivation-ceiling}) and a detail. */
    public record Violation(String key, String rule, String detail) {}

    /** The outcome of a check. */
    public record Report(List<Violation> violations) {
        public Report {
            violations = List.copyOf(violations);
        }

        /** True when there is no violation. */
        public boolean ok() {
            return violations.isEmpty();
        }
    }

    private TrustCheck() {}

    /** The supporting claims of a slot: those whose value the slot presents. */
    public static List<Claim> supporters(Slot slot) {
        Collection<String> values = presented(slot);
        List<Claim> out = new ArrayList<>();
        for (Claim c : slot.claims()) {
            if (values.contains(c.value())) out.add(c);
        }
        return Collections.unmodifiableList(out);
    }

    /** The join of the supporters' trust (unlabelled counts as UNTRUSTED); UNTRUSTED when none. */
    public static Trust slotTrust(Slot slot) {
        // the supporters are visited, not collected (issue 17: a list per slot, three times per slot, for
        // the 250,000 slots of a 10 MB message)
        Collection<String> values = presented(slot);
        Trust best = Trust.UNTRUSTED;
        if (values.isEmpty()) return best;
        for (Claim c : slot.claims()) {
            if (!values.contains(c.value())) continue;
            Trust t = Trust.orUntrusted(c.trust());
            if (t.compareTo(best) > 0) best = t;
        }
        return best;
    }

    /** The presented values, as a set when there are enough of them for lookups to matter. */
    private static Collection<String> presented(Slot slot) {
        List<String> values = slot.presentedValues();
        return values.size() <= SMALL ? values : new HashSet<>(values);
    }

    private static final int SMALL = 8;

    /**
     * Checks every slot that presents a value: it must have a supporting claim ({@code unsupported}),
     * every supporter must carry a label ({@code unlabelled}), and its trust must not exceed its
     * derivation ceiling ({@code derivation-ceiling}, premises looked up by slot key).
     */
    public static Report check(List<Slot> slots) {
        // the trust of every slot by key is needed only for premises: a merge whose slots declare no route
        // (the heuristic's, 250,000 slots for a 10 MB message, issue 17) builds no table
        Map<String, Trust> trustByKey = null;
        List<Violation> violations = new ArrayList<>();
        for (Slot slot : slots) {
            if (slot.presentedValues().isEmpty()) continue;
            List<Claim> supporters = supporters(slot);
            if (supporters.isEmpty()) {
                violations.add(new Violation(slot.key(), "unsupported",
                        "presented values have no supporting claims to derive trust from"));
                continue;
            }
            long unlabelled = 0;
            Trust presented = Trust.UNTRUSTED;
            for (Claim c : supporters) {
                if (c.trust() == null) unlabelled++;
                Trust t = Trust.orUntrusted(c.trust());
                if (t.compareTo(presented) > 0) presented = t;
            }
            if (unlabelled > 0) {
                violations.add(new Violation(slot.key(), "unlabelled",
                        unlabelled + " supporting claim(s) carry no trust label"));
            }
            Trust ceiling = null;
            if (hasRoutes(slot)) {
                if (trustByKey == null) trustByKey = trustByKey(slots);
                ceiling = Derivations.trustCeiling(slot, trustByKey::get);
            }
            if (ceiling != null && presented.compareTo(ceiling) > 0) {
                violations.add(new Violation(slot.key(), "derivation-ceiling",
                        "presented trust " + presented.level() + " exceeds the weakest premise " + ceiling.level()));
            }
        }
        return new Report(violations);
    }

    /** True when some claim of the slot declares a premise route ({@link Derivations#trustCeiling} is null otherwise). */
    private static boolean hasRoutes(Slot slot) {
        for (Claim c : slot.claims()) {
            if (!c.derivedFrom().isEmpty()) return true;
        }
        return false;
    }

    private static Map<String, Trust> trustByKey(List<Slot> slots) {
        Map<String, Trust> out = HashMap.newHashMap(slots.size());
        for (Slot s : slots) out.put(s.key(), slotTrust(s));
        return out;
    }
}
