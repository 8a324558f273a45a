package io.dsh4j.beliefmerge.core;

import io.dsh4j.message.json.JsStrings;
import java.util.Locale;

/**
 * The trust lattice of spec §8.1: {@code UNTRUSTED < EXTERNAL < TRUSTED}.
 *
 * <p>Join (max) aggregates independent supporters; meet (min) runs along a derivation. Anything
 * unlabelled — a {@code null} level — counts as {@link #UNTRUSTED}: it is never assumed benign.
 */
public enum Trust {
    /** Plugin-injected, or of unknown origin (level 0). */
    UNTRUSTED,
    /** Another session's content (level 1): the default for merged sources. */
    EXTERNAL,
    /** The current session's own user (level 2). */
    TRUSTED;

    /** The numeric level 0, 1 or 2. */
    public int level() {
        return ordinal();
    }

    /** The lower-case label: {@code untrusted}, {@code external} or {@code trusted}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The level for a number; anything but 0–2 is {@link #UNTRUSTED}. */
    public static Trust ofLevel(int level) {
        return level >= 0 && level < values().length ? values()[level] : UNTRUSTED;
    }

    /** The level named by a label, trimmed and lower-cased as JavaScript does (JavaScript white space, {@link JsStrings#toLowerCase}); {@code null} or unknown → UNTRUSTED. */
    public static Trust fromName(String name) {
        if (name == null) return UNTRUSTED;
        String n = JsStrings.toLowerCase(JsStrings.trim(name));
        for (Trust t : values()) {
            if (t.label().equals(n)) return t;
        }
        return UNTRUSTED;
    }

    /** The level of a possibly unlabelled claim: {@code null} → UNTRUSTED. */
    public static Trust orUntrusted(Trust t) {
        return t == null ? UNTRUSTED : t;
    }

    /** Max over the labelled arguments; UNTRUSTED when there is none. */
    public static Trust join(Trust... levels) {
        Trust best = null;
        for (Trust t : levels) {
            if (t != null && (best == null || t.compareTo(best) > 0)) best = t;
        }
        return best == null ? UNTRUSTED : best;
    }

    /** Min over the labelled arguments; UNTRUSTED when there is none. */
    public static Trust meet(Trust... levels) {
        Trust worst = null;
        for (Trust t : levels) {
            if (t != null && (worst == null || t.compareTo(worst) < 0)) worst = t;
        }
        return worst == null ? UNTRUSTED : worst;
    }
}
