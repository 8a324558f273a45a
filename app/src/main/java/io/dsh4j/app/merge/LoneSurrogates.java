package io.dsh4j.app.merge;

/**
 * What the original's Node process makes of a lone UTF-16 surrogate (a code unit without its pair,
 * e.g. an emoji cut in half in a session's text) when it prints: its UTF-8 encoder writes U+FFFD for
 * the unit in plain text, and {@code JSON.stringify} writes a {@code \}{@code udxxx} escape. Java's
 * encoders write {@code ?} instead, which would change a rendered line and lose the unit in JSON.
 *
 * <p>Stateless; every method returns its argument itself when it holds no lone surrogate.
 */
final class LoneSurrogates {

    private LoneSurrogates() {}

    /** {@code text} with every lone surrogate replaced by U+FFFD, as Node writes it to UTF-8 output. */
    static String forText(String text) {
        return replace(text, false);
    }

    /**
     * {@code json} (serialised JSON text) with every lone surrogate written as a lowercase six-character
     * escape, as {@code JSON.stringify} writes it. Outside string values JSON text is ASCII, so only
     * string contents change.
     */
    static String forJson(String json) {
        return replace(json, true);
    }

    private static String replace(String s, boolean escape) {
        StringBuilder out = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean paired = Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
            if (paired) {
                if (out != null) out.append(c).append(s.charAt(i + 1));
                i++;
                continue;
            }
            if (!Character.isSurrogate(c)) {
                if (out != null) out.append(c);
                continue;
            }
            if (out == null) out = new StringBuilder(s.length() + 8).append(s, 0, i);
            if (escape) out.append(String.format("\\u%04x", (int) c));
            else out.append('\uFFFD');
        }
        return out == null ? s : out.toString();
    }
}
