package io.dsh4j.beliefmerge.core;

import io.dsh4j.message.json.JsStrings;
import java.util.ArrayList;
import java.util.List;

/**
 * Reading a source's messages as text (spec §2.2). {@link #textBlocks} is the single choke point both
 * extraction paths read through, and it redacts credentials before anything else sees the text.
 *
 * <p>Pure and thread-safe.
 */
public final class Surfaces {

    /** A block as the extractors see it: already redacted and trimmed, never empty. */
    public record TextBlock(String type, String text, int redacted) {
        /** True for a {@code reasoning} block. */
        public boolean isReasoning() {
            return "reasoning".equals(type);
        }
    }

    /** A source flattened into labelled prompt lines. */
    public record Flattened(String text, boolean truncated, int skippedInjected, int redacted) {}

    /** The marker line that replaces the cut head of a flattened source (followed by a newline). */
    public static final String TRUNCATION_MARKER = "…(older content omitted)…";

    private Surfaces() {}

    /**
     * The {@code text} and {@code reasoning} blocks of a message that carry text — a block without a
     * type reads as {@code text} — each redacted, then trimmed; blocks left empty are skipped.
     */
    public static List<TextBlock> textBlocks(SourceMessage message) {
        List<TextBlock> out = new ArrayList<>();
        for (SourceMessage.Block block : message.blocks()) {
            if (block == null) continue;
            String type = block.type() == null ? "text" : block.type();
            if (!(type.equals("text") || type.equals("reasoning")) || block.text() == null) continue;
            Redaction.Result r = Redaction.redact(block.text());
            String text = JsStrings.trim(r.text());
            if (!text.isEmpty()) out.add(new TextBlock(type, text, r.count()));
        }
        return out;
    }

    /** The label of a block in a flattened source: injected, reasoning, user, tool or assistant. */
    public static String classifyBlock(String role, String blockType, SourceMessage message) {
        if (message.isInjected()) return "injected";
        if ("reasoning".equals(blockType)) return "reasoning";
        if ("user".equals(role)) return "user";
        if ("tool".equals(role)) return "tool";
        return "assistant";
    }

    /**
     * One line {@code [<label>] <text>} per block, joined by newlines. Injected messages are skipped
     * (and counted) unless {@code includeInjected}; reasoning only if {@code includeReasoning}. When the
     * text is longer than {@code maxChars} only its tail is kept, behind {@link #TRUNCATION_MARKER}.
     * The redaction count covers every included block, also those cut away.
     */
    public static Flattened flatten(List<SourceMessage> messages, boolean includeReasoning, boolean includeInjected,
                                    int maxChars) {
        List<String> lines = new ArrayList<>();
        int skipped = 0;
        int redacted = 0;
        for (SourceMessage message : messages) {
            if (message.isInjected() && !includeInjected) {
                skipped++;
                continue;
            }
            String role = message.effectiveRole();
            for (TextBlock block : textBlocks(message)) {
                if (block.isReasoning() && !includeReasoning) continue;
                redacted += block.redacted();
                lines.add("[" + classifyBlock(role, block.type(), message) + "] " + block.text());
            }
        }
        String text = String.join("\n", lines);
        boolean truncated = false;
        if (text.length() > maxChars) {
            text = TRUNCATION_MARKER + "\n" + text.substring(text.length() - Math.max(0, maxChars));
            truncated = true;
        }
        return new Flattened(text, truncated, skipped, redacted);
    }
}
