package io.dsh4j.beliefmerge.core;

import java.util.List;
import java.util.Objects;

/**
 * One merged slot: a key with its full provenance and what was decided about it (spec §3.4).
 *
 * @param key        the slot key
 * @param type       the slot type (the first claim's type, else {@link SlotType#FACT})
 * @param state      every (value, source, evidence) item, canonical
 * @param decision   what the evidence decided
 * @param claims     every claim of the key in arrival order, each with a trust label after a merge
 * @param resolution the adjudicator's answer for a tie, or {@code null}
 * @param derivation the truth-maintenance label, or {@code null} before derivation ran
 */
public record Slot(String key, SlotType type, SlotState state, Decision decision, List<Claim> claims,
                   Resolution resolution, Derivation derivation) {

    public Slot {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(decision, "decision");
        claims = List.copyOf(claims);
    }

    /** A slot without resolution and derivation. */
    public Slot(String key, SlotType type, SlotState state, Decision decision, List<Claim> claims) {
        this(key, type, state, decision, claims, null, null);
    }

    /** This slot with a resolution attached. */
    public Slot withResolution(Resolution r) {
        return new Slot(key, type, state, decision, claims, r, derivation);
    }

    /** This slot with a derivation label. */
    public Slot withDerivation(Derivation d) {
        return new Slot(key, type, state, decision, claims, resolution, d);
    }

    /**
     * Settled by the merge: resolved by evidence, or a tie the adjudicator settled with
     * {@code choose}, {@code both} or {@code conditional} (spec §7.3).
     */
    public boolean isAsserted() {
        return decision instanceof Decision.Resolved || (resolution != null && resolution.settles());
    }

    /** A disputed slot that no adjudication settled. */
    public boolean isUnresolved() {
        return decision instanceof Decision.Disputed && (resolution == null || !resolution.settles());
    }

    /** True when the derivation label is {@link Derivation.Status#RETRACTED}. */
    public boolean isRetracted() {
        return derivation != null && derivation.status() == Derivation.Status.RETRACTED;
    }

    /**
     * The values this slot presents to a reader: the winner; else an adjudicated choice; else every
     * tied value; else none (spec §8.1).
     */
    public List<String> presentedValues() {
        if (decision instanceof Decision.Resolved r) return List.of(r.winner());
        if (resolution != null && resolution.outcome() == Resolution.Outcome.CHOOSE) return List.of(resolution.value());
        if (decision instanceof Decision.Disputed d) return d.tied();
        return List.of();
    }
}
