package io.dsh4j.app.chat;

import io.dsh4j.app.run.AgentLaunch;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.TokenUsage;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.SessionEvent;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntSupplier;
import org.jline.utils.AttributedString;

/**
 * How a chat turn looks in the terminal, fed the session's events as they are committed: text as it
 * streams; reasoning dimmed, folded to one summary line when the text starts (or the step ends);
 * each tool call one line with its outcome ({@code ✓}/{@code ✗}). Lines that are not the answer are
 * cut to the terminal's width in display columns (wide and CJK characters count two). Thread-safe:
 * events arrive on the appending thread.
 */
final class ChatScreen {

    static final String DIM = "\u001b[2m";
    static final String RESET = "\u001b[0m";

    private final PrintWriter out;
    private final IntSupplier width;
    private final boolean ansi;
    private final StringBuilder reasoning = new StringBuilder();
    private final Map<String, EventPayload.ToolCall> calls = new HashMap<>();
    private boolean midLine;
    private TokenUsage lastUsage;
    private io.dsh4j.session.event.TurnEndReason lastTurnEnd;

    ChatScreen(PrintWriter out, IntSupplier width, boolean ansi) {
        this.out = out;
        this.width = width;
        this.ansi = ansi;
    }

    synchronized void show(SessionEvent e) {
        switch (e.payload()) {
            case EventPayload.AssistantChunk c -> {
                switch (c.chunk()) {
                    case StreamChunk.TextDelta t -> {
                        foldReasoning();
                        out.print(t.text());
                        midLine = !t.text().endsWith("\n");
                    }
                    case StreamChunk.ReasoningDelta r -> {
                        if (reasoning.length() < 4096) reasoning.append(r.text());
                    }
                    default -> { }
                }
            }
            case EventPayload.AssistantMessage m -> {
                foldReasoning();
                if (m.usage() != null) lastUsage = m.usage();
            }
            case EventPayload.TurnEnd t -> lastTurnEnd = t.reason();
            case EventPayload.ToolCall t -> {
                foldReasoning();
                calls.put(t.callId(), t);
            }
            case EventPayload.ToolResult r -> {
                EventPayload.ToolCall call = calls.remove(r.message().result().toolCallId());
                String name = call != null ? call.name() : r.message().result().toolCallId();
                String outcome = r.isError() ? "✗ " + name + ": " + AgentLaunch.resultText(r)
                        : "✓ " + name + " " + (call != null ? call.arguments() : "");
                line(outcome);
            }
            default -> { }
        }
        out.flush();
    }

    /** Ends the turn's output: a newline after a text that did not end with one. */
    synchronized void endTurn() {
        foldReasoning();
        if (midLine) out.println();
        midLine = false;
        out.flush();
    }

    /** A dimmed line, cut to the width. */
    synchronized void line(String text) {
        if (midLine) out.println();
        midLine = false;
        out.println(dim(fit(text)));
        out.flush();
    }

    /** The reason of the last {@code turn/end} shown, {@code null} before any; {@link #forgetTurnEnd} clears it. */
    synchronized io.dsh4j.session.event.TurnEndReason lastTurnEnd() {
        return lastTurnEnd;
    }

    synchronized void forgetTurnEnd() {
        lastTurnEnd = null;
    }

    synchronized TokenUsage lastUsage() {
        return lastUsage;
    }

    private void foldReasoning() {
        if (reasoning.isEmpty()) return;
        String summary = "▸ " + reasoning.toString().strip();
        reasoning.setLength(0);
        line(summary);
    }

    private String dim(String s) {
        return ansi ? DIM + s + RESET : s;
    }

    /** One line of at most the terminal's width minus one display columns, ending {@code …} when cut. */
    String fit(String text) {
        String one = text.replaceAll("\\s+", " ").strip();
        int columns = Math.max(8, width.getAsInt()) - 1;
        AttributedString a = new AttributedString(one);
        if (a.columnLength() <= columns) return one;
        return a.columnSubSequence(0, columns - 1).toString() + "…";
    }
}
