package io.dsh4j.attention.core.internal;

/**
 * Code-span removal with the semantics of the original's non-greedy regexes, in linear time.
 * Stateless and thread-safe.
 */
public final class Fences {

    private Fences() {}

    /** {@code text.replace(/F[\s\S]*?F/g, ' ')} for a fence string {@code F} such as {@code ```}. */
    public static String strip(String text, String fence) {
        int open = text.indexOf(fence);
        if (open < 0) return text;
        StringBuilder out = new StringBuilder(text.length());
        int from = 0;
        while (open >= 0) {
            int close = text.indexOf(fence, open + fence.length());
            if (close < 0) break;
            out.append(text, from, open).append(' ');
            from = close + fence.length();
            open = text.indexOf(fence, from);
        }
        return out.append(text, from, text.length()).toString();
    }

    /** {@code text.replace(/`[^`\n]*`/g, ' ')}. */
    public static String stripInlineCode(String text) {
        int i = text.indexOf('`');
        if (i < 0) return text;
        StringBuilder out = new StringBuilder(text.length());
        int from = 0;
        while (i >= 0 && i < text.length()) {
            int j = i + 1;
            while (j < text.length() && text.charAt(j) != '`' && text.charAt(j) != '\n') j++;
            if (j < text.length() && text.charAt(j) == '`') {
                out.append(text, from, i).append(' ');
                from = j + 1;
                i = text.indexOf('`', from);
            } else {
                i = text.indexOf('`', i + 1);
            }
        }
        return out.append(text, from, text.length()).toString();
    }
}
