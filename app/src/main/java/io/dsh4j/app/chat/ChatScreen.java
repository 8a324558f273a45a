package io.dsh4j.app.chat;

import io.dsh4j.app.run.AgentLaunch;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.TokenUsage;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.TurnEndReason;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jline.terminal.Terminal;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStyle;
import org.jline.utils.Display;

/**
 * How a chat turn looks in the terminal, fed the session's events as they are committed.
 *
 * <p>On a terminal that understands escape sequences the answer is Markdown ({@link MarkdownRenderer}):
 * each completed line is rendered once and printed above a <em>live region</em> at the bottom, drawn by
 * JLine's {@link Display}, which shows what is not final yet — the tail of the reasoning, the held rows
 * of a table, the incomplete last line — and the status line. The live region is the only part ever
 * redrawn, so a redraw costs the same however long the conversation is; on a resize
 * ({@link #resized}) it is laid out again at the new width. On a dumb terminal the answer's text is
 * printed as it comes, with no escape sequences.
 *
 * <p>Everything from the model or a tool passes {@link TerminalText#safe} first: it cannot move the
 * cursor, clear the screen, retitle the window or otherwise reach the terminal as a control. The
 * reasoning is folded to one {@code ▸ …} line when the text starts (or the step ends); each tool call
 * is one line with its outcome ({@code ✓}/{@code ✗}). Lines that are not the answer are cut to the
 * width in display columns (wide and CJK characters count two) and end {@code …} when cut.
 *
 * <p>Thread-safe: events arrive on the appending thread, resizes on the signal's.
 */
final class ChatScreen {

    static final String DIM = "\u001b[2m";
    static final String RESET = "\u001b[0m";

    /** The live region keeps at most this many rows (fewer on a short terminal). */
    static final int MAX_LIVE_ROWS = 8;
    /** An incomplete line longer than this is committed as it is (bounded memory, bounded redraws). */
    static final int MAX_PARTIAL_LINE = 1 << 16;
    /** The reasoning kept for its summary line. */
    static final int MAX_REASONING = 4096;

    private final Terminal terminal;
    private final PrintWriter out;
    private final boolean ansi;
    private final Display display;
    private final StringBuilder reasoning = new StringBuilder();
    private final Map<String, EventPayload.ToolCall> calls = new HashMap<>();
    /** The incomplete last line of the answer being rendered (rich mode). */
    private final StringBuilder partial = new StringBuilder();
    private MarkdownRenderer markdown;
    /** Plain mode: the cursor is after text that did not end a line. */
    private boolean midLine;
    /** The status line shown in the live region while a turn runs; {@code null}: no live region. */
    private Supplier<String> liveStatus;
    /** What the live region shows now (empty: nothing drawn). */
    private List<AttributedString> shown = List.of();
    private TokenUsage lastUsage;
    private TurnEndReason lastTurnEnd;

    ChatScreen(Terminal terminal, boolean ansi) {
        this.terminal = terminal;
        this.out = terminal.writer();
        this.ansi = ansi;
        this.display = ansi ? new Display(terminal, false) : null;
        if (display != null) display.resize(rows(), columns());
    }

    synchronized void show(SessionEvent e) {
        switch (e.payload()) {
            case EventPayload.AssistantChunk c -> {
                switch (c.chunk()) {
                    case StreamChunk.TextDelta t -> text(t.text());
                    case StreamChunk.ReasoningDelta r -> {
                        if (reasoning.length() < MAX_REASONING) reasoning.append(r.text());
                        redrawLive();
                    }
                    default -> { }
                }
            }
            case EventPayload.AssistantMessage m -> {
                endAnswer();
                foldReasoning();
                if (m.usage() != null) lastUsage = m.usage();
                redrawLive();
            }
            case EventPayload.TurnEnd t -> lastTurnEnd = t.reason();
            case EventPayload.ToolCall t -> {
                endAnswer();
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

    /** A turn starts: the live region shows {@code status} (asked at every redraw) under what streams. */
    synchronized void beginTurn(Supplier<String> status) {
        liveStatus = status;
        redrawLive();
    }

    /** Ends the turn's output: the rest of the answer, the live region removed. */
    synchronized void endTurn() {
        endAnswer();
        foldReasoning();
        clearLive();
        liveStatus = null;
        if (midLine) out.println();
        midLine = false;
        out.flush();
    }

    /** Takes the live region off the screen while something else reads a line (an approval, a steer). */
    synchronized void suspendLive() {
        clearLive();
        if (midLine) out.println();
        midLine = false;
        out.flush();
    }

    /** Draws the live region again after {@link #suspendLive}, below whatever was printed meanwhile. */
    synchronized void resumeLive() {
        if (display != null) display.reset();
        shown = List.of();
        redrawLive();
    }

    /** The terminal was resized: the live region is laid out again at the new size. */
    synchronized void resized() {
        if (display == null) return;
        display.resize(rows(), columns());
        redrawLive();
    }

    /** A dimmed line, cut to the width. */
    synchronized void line(String text) {
        String fitted = fit(TerminalText.safe(text));
        if (display != null) {
            clearLive();
            out.print(DIM + fitted + RESET);
            out.print('\n');
            redrawLive();
        } else {
            if (midLine) out.println();
            midLine = false;
            out.println(fitted);
        }
        out.flush();
    }

    /** The reason of the last {@code turn/end} shown, {@code null} before any; {@link #forgetTurnEnd} clears it. */
    synchronized TurnEndReason lastTurnEnd() {
        return lastTurnEnd;
    }

    synchronized void forgetTurnEnd() {
        lastTurnEnd = null;
    }

    synchronized TokenUsage lastUsage() {
        return lastUsage;
    }

    /** The columns the terminal has (80 when it does not say). */
    int columns() {
        int w = terminal.getWidth();
        return w > 0 ? w : 80;
    }

    private int rows() {
        int h = terminal.getHeight();
        return h > 0 ? h : 24;
    }

    private void text(String raw) {
        foldReasoning();
        String text = TerminalText.safe(raw);
        if (text.isEmpty()) return;
        if (display == null) {
            out.print(text);
            midLine = !text.endsWith("\n");
            return;
        }
        if (markdown == null) markdown = new MarkdownRenderer(() -> columns() - 1);
        int start = 0;
        for (int nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
            partial.append(text, start, nl);
            commit(markdown.line(partial.toString()));
            partial.setLength(0);
            start = nl + 1;
        }
        partial.append(text, start, text.length());
        if (partial.length() > MAX_PARTIAL_LINE) {
            commit(markdown.line(partial.toString()));
            partial.setLength(0);
        }
        redrawLive();
    }

    /** The answer so far is complete (its message arrived, a tool call or the turn's end): render the rest. */
    private void endAnswer() {
        if (markdown == null) return;
        List<AttributedString> rest = new ArrayList<>();
        if (!partial.isEmpty()) rest.addAll(markdown.line(partial.toString()));
        rest.addAll(markdown.finish());
        partial.setLength(0);
        markdown = null;
        commit(rest);
    }

    /** Prints final lines above the live region. */
    private void commit(List<AttributedString> lines) {
        if (lines.isEmpty()) return;
        clearLive();
        for (AttributedString l : lines) {
            out.print(l.toAnsi(terminal));
            out.print('\n');
        }
    }

    private void foldReasoning() {
        if (reasoning.isEmpty()) return;
        String summary = "▸ " + reasoning.toString().strip();
        reasoning.setLength(0);
        line(summary);
    }

    private void clearLive() {
        if (display == null || shown.isEmpty()) return;
        display.update(List.of(), 0);
        display.reset();
        shown = List.of();
    }

    /** Draws the live region: the reasoning's tail, the answer's pending part, the status line. */
    private void redrawLive() {
        if (display == null || liveStatus == null) return;
        int columns = columns();
        List<AttributedString> rows = new ArrayList<>();
        if (!reasoning.isEmpty()) rows.add(new AttributedString(fitTail("▸ " + TerminalText.safe(reasoning)), AttributedStyle.DEFAULT.faint()));
        if (markdown != null) {
            for (AttributedString l : markdown.preview(previewOfPartial())) rows.addAll(l.columnSplitLength(columns - 1));
        }
        int room = Math.max(1, Math.min(MAX_LIVE_ROWS, rows() - 2));
        if (rows.size() > room - 1) rows = new ArrayList<>(rows.subList(rows.size() - Math.max(0, room - 1), rows.size()));
        String status;
        try {
            status = liveStatus.get();
        } catch (RuntimeException e) {
            status = e.toString();
        }
        rows.add(new AttributedString(fit(TerminalText.safe(status)), AttributedStyle.DEFAULT.faint()));
        display.update(rows, -1);
        shown = rows;
        out.flush();
    }

    /**
     * The incomplete line as the preview gets it: a line too long for markup keeps only its tail (still
     * too long for markup, so it is shown plain as it will be printed), so that a redraw costs the same
     * however long the line grows.
     */
    private String previewOfPartial() {
        int keep = MarkdownRenderer.MAX_MARKUP_LINE + 1;
        if (partial.length() <= keep) return partial.toString();
        int from = partial.length() - keep;
        if (Character.isLowSurrogate(partial.charAt(from))) from--;
        return partial.substring(from);
    }

    /** One line of at most the terminal's width minus one display columns, ending {@code …} when cut. */
    String fit(String text) {
        String one = text.replaceAll("\\s+", " ").strip();
        int columns = Math.max(8, columns()) - 1;
        AttributedString a = new AttributedString(one);
        if (a.columnLength() <= columns) return one;
        return a.columnSubSequence(0, columns - 1).toString() + "…";
    }

    /** Like {@link #fit} but keeping the end: {@code …} and the last columns that fit. */
    private String fitTail(String text) {
        String one = text.replaceAll("\\s+", " ").strip();
        int columns = Math.max(8, columns()) - 1;
        AttributedString a = new AttributedString(one);
        int length = a.columnLength();
        if (length <= columns) return one;
        return "▸ …" + a.columnSubSequence(length - (columns - 3), length).toString();
    }
}
