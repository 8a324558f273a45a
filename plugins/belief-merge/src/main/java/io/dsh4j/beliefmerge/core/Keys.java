package io.dsh4j.beliefmerge.core;

import io.dsh4j.message.json.JsStrings;
import java.util.ArrayList;
import java.util.List;

/** Slot keys of the heuristic extractor (spec §5 step 7). Pure and thread-safe. */
public final class Keys {

    /** How a sentence becomes a key. */
    public enum Strategy {
        /** The normalised text itself. */
        EXACT,
        /** The normalised words of length ≥ 2, sorted and space-joined (a crude near-duplicate matcher). */
        BAG
    }

    private Keys() {}

    /**
     * Lower-cases, blanks markup and every character that is not a Unicode letter or number, collapses
     * white space and trims; {@link Strategy#BAG} then sorts the words of length ≥ 2.
     */
    public static String normalize(String text, Strategy strategy) {
        String norm = normalizeWords(text);
        if (strategy == Strategy.EXACT) return norm;
        List<String> words = new ArrayList<>();
        for (String w : norm.split(" ", -1)) {
            if (w.length() >= 2) words.add(w);
        }
        words.sort(null);
        return String.join(" ", words);
    }

    /**
     * Lower-cases, blanks every code point that is neither a letter nor a number (markup, punctuation,
     * symbols), collapses white space runs to one space and trims — the normalisation shared by slot
     * keys (§5) and the benchmark scorer (§11.3). Equivalent to the original's chain of replacements.
     */
    private static String normalizeWords(String text) {
        // lower-cased code point by code point while that is what the whole-text lower-casing gives: every
        // code point but capital sigma (its small form depends on the letters around it) and capital I with
        // dot above (two code points); no lower-cased copy of the text (issue 17), ASCII without table lookups
        StringBuilder out = new StringBuilder(text.length());
        boolean pendingSpace = false;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (cp == '\u03A3' || cp == '\u0130') return normalizeLowered(JsStrings.toLowerCase(text));
            i += Character.charCount(cp);
            int lower;
            boolean kept;
            if (cp < 0x80) {
                lower = cp >= 'A' && cp <= 'Z' ? cp + ('a' - 'A') : cp;
                kept = (lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9');
            } else {
                lower = Character.toLowerCase(cp);
                kept = JsStrings.isLetterOrNumber(lower);
            }
            if (!kept) {
                pendingSpace = true;
            } else {
                if (pendingSpace && !out.isEmpty()) out.append(' ');
                pendingSpace = false;
                out.appendCodePoint(lower);
            }
        }
        return out.toString();
    }

    /** {@link #normalizeWords} of a text already lower-cased as a whole. */
    private static String normalizeLowered(String lower) {
        StringBuilder out = new StringBuilder(lower.length());
        boolean pendingSpace = false;
        for (int i = 0; i < lower.length(); ) {
            int cp = lower.codePointAt(i);
            i += Character.charCount(cp);
            if (!JsStrings.isLetterOrNumber(cp)) {
                pendingSpace = true;
            } else {
                if (pendingSpace && !out.isEmpty()) out.append(' ');
                pendingSpace = false;
                out.appendCodePoint(cp);
            }
        }
        return out.toString();
    }
}
