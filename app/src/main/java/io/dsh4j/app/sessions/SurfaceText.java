package io.dsh4j.app.sessions;

import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.session.event.SessionEvent;
import java.io.PrintWriter;
import java.util.List;

/**
 * Renders surface messages (user, assistant, tool results) as plain text for a terminal: one heading
 * line per message with its role and seq, then its content indented. Reasoning is summarised by its
 * length unless asked for; images and unknown blocks get a one-line placeholder.
 */
final class SurfaceText {

    private static final String INDENT = "    ";

    private final PrintWriter out;
    private final boolean reasoning;

    SurfaceText(PrintWriter out, boolean reasoning) {
        this.out = out;
        this.reasoning = reasoning;
    }

    void message(SessionEvent event, Message message) {
        out.println(heading(event, message));
        for (ContentBlock block : message.content()) block(block, INDENT);
        out.println();
    }

    private static String heading(SessionEvent event, Message message) {
        return switch (message) {
            case Message.UserMessage m -> Texts.get("show.user", Long.toString(event.seq())) + sourceNote(m.source());
            case Message.AssistantMessage m -> Texts.get("show.assistant", Long.toString(event.seq()))
                    + (m.source().model() != null ? " · " + m.source().model() : "");
            case Message.ToolResultMessage m -> Texts.get("show.toolResult", Long.toString(event.seq()), m.source().callId())
                    + (m.isError() ? Texts.get("show.toolResultError") : "");
        };
    }

    private static String sourceNote(MessageSource source) {
        return switch (source) {
            case MessageSource.User u -> "";
            case MessageSource.Plugin p -> Texts.get("show.fromPlugin", p.plugin()) + (p.form() != null ? " (" + p.form() + ")" : "");
            case MessageSource.Other o -> " · " + o.kind();
            default -> " · " + source.getClass().getSimpleName().replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
        };
    }

    private void block(ContentBlock block, String indent) {
        switch (block) {
            case ContentBlock.Text t -> text(t.text(), indent);
            case ContentBlock.Reasoning r -> {
                if (reasoning) {
                    out.println(indent + Texts.get("show.thinking"));
                    text(r.text(), indent + "  ");
                } else {
                    out.println(indent + Texts.get("show.thinkingHidden", Integer.toString(r.text().length())));
                }
            }
            case ContentBlock.Image i -> out.println(indent + Texts.get("show.image", i.attachment().mediaType(),
                    Long.toString(i.attachment().width()), Long.toString(i.attachment().height()), i.attachment().attachmentId()));
            case ContentBlock.ToolCall c -> out.println(indent + "→ " + c.name() + " " + oneLine(c.arguments())
                    + "   [" + Texts.get("show.call", c.id()) + "]");
            case ContentBlock.ToolResult r -> {
                List<ContentBlock> inner = r.content();
                if (inner.isEmpty()) out.println(indent + Texts.get("show.emptyResult"));
                for (ContentBlock b : inner) block(b, indent);
            }
            case ContentBlock.Other o -> out.println(indent + Texts.get("show.otherBlock", o.type()));
        }
    }

    private void text(String text, String indent) {
        if (text.isEmpty()) {
            out.println(indent + Texts.get("show.emptyText"));
            return;
        }
        for (String line : text.split("\n", -1)) out.println(indent + line);
    }

    private static String oneLine(String s) {
        String flat = s.replace('\n', ' ');
        return flat.length() > 200 ? flat.substring(0, 200) + "…" : flat;
    }
}
