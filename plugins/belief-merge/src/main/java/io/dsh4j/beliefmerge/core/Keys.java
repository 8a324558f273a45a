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
        String lower = JsStrings.toLowerCase(text);
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
