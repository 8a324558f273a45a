package io.dsh4j.beliefmerge.core;

import io.dsh4j.beliefmerge.core.internal.JsText;
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
        String norm = JsText.normalizeWords(text);
        if (strategy == Strategy.EXACT) return norm;
        List<String> words = new ArrayList<>();
        for (String w : norm.split(" ", -1)) {
            if (w.length() >= 2) words.add(w);
        }
        words.sort(null);
        return String.join(" ", words);
    }
}
