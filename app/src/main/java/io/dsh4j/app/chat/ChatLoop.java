package io.dsh4j.app.chat;

import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentBoot;
import io.dsh4j.agent.AgentCancelCause;
import io.dsh4j.agent.AgentEvents;
import io.dsh4j.agent.AgentHandle;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.agent.AgentRegistry;
import io.dsh4j.agent.DefaultProfile;
import io.dsh4j.agent.ModelRoutesPlugin;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.app.run.AgentLaunch;
import io.dsh4j.app.run.HealthLine;
import io.dsh4j.command.CommandDefinition;
import io.dsh4j.command.CommandResult;
import io.dsh4j.command.Commands;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.TokenUsage;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.SessionHome;
import io.dsh4j.session.SessionStore;
import io.dsh4j.session.StoredSession;
import io.dsh4j.session.event.TurnEndReason;
import io.dsh4j.tool.ApprovalPolicy;
import java.io.IOException;
import java.io.PrintWriter;
import java.text.MessageFormat;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.jline.reader.Candidate;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;

/**
 * The conversation: read a prompt (JLine, history under the home, a trailing backslash continues the
 * line), run it as one turn of the agent with its events on the {@link ChatScreen}, then a status
 * line. Ctrl-C during a turn cancels it (the session stays usable); at an empty prompt a second
 * Ctrl-C, or Ctrl-D, leaves. Lines starting with {@code /} are slash commands: chat's own
 * ({@link #BUILTIN}) and those of the agent's command registry.
 */
final class ChatLoop {

    /** The longest prompt accepted, in UTF-8 bytes (pipe mode) or chars (terminal). */
    static final int MAX_INPUT_BYTES = 1 << 20;

    /** History file under the home. */
    static final String HISTORY = "chat_history";
    /** How many prompts the history keeps by default (in memory and in the file). */
    static final int HISTORY_SIZE = 500;

    /** How many prompts the history keeps. */
    int historySize = HISTORY_SIZE;

    /** Chat's own slash commands, in {@code /help} order. */
    static final List<String> BUILTIN = List.of("help", "model", "effort", "new", "resume", "sessions", "exit");

    private final AgentBoot boot;
    private final AgentLaunch launch;
    private final String route;
    private final Terminal terminal;
    private final ResourceBundle texts;
    private final PrintWriter out;
    private final ChatScreen screen;
    /** Further segments of the status line, after chat's own, in order. */
    private final List<StatusSegment> segments;
    private String model;
    private String effort;
    private volatile String sessionId;
    /** Whether {@link #sessionId} names a session that exists (on disk or live) and is resumed, not created. */
    private boolean existing;
    private AgentHandle handle;
    private LineReader reader;
    /** Guards reading the terminal while a turn runs: the Esc watcher and an approval question take turns. */
    private final Object keys = new Object();
    private volatile boolean turnRunning;
    /** The attention-health notice of the last activity, if the plugin is mounted. */
    private volatile io.dsh4j.attention.AttentionHealth.StatusNotice healthNotice;

    ChatLoop(AgentBoot boot, AgentLaunch launch, String route, Terminal terminal, ResourceBundle texts, String model, String effort,
             String resume, List<StatusSegment> segments) {
        this.segments = List.copyOf(segments);
        this.boot = boot;
        this.launch = launch;
        this.route = route;
        this.terminal = terminal;
        this.texts = texts;
        this.out = terminal.writer();
        this.model = model != null ? model : DefaultProfile.DEFAULT_MODEL;
        this.effort = effort;
        this.sessionId = resume != null ? resume : UUID.randomUUID().toString();
        this.existing = resume != null;
        this.screen = new ChatScreen(terminal, rich(terminal));
        boot.root().events().on(AgentEvents.SESSION_EVENT, notice -> {
            if (notice.session().id().equals(sessionId)) screen.show(notice.event());
        });
        boot.root().events().on(io.dsh4j.attention.AttentionHealth.STATUS, n -> {
            if (n.agent().id().equals(sessionId)) healthNotice = n;
        });
    }

    /**
     * Whether the terminal gets Markdown, styles and a live region: it is not dumb and can move the
     * cursor. A dumb terminal (or one JLine made because the output is not a terminal) gets plain text.
     */
    static boolean rich(Terminal terminal) {
        return !Terminal.TYPE_DUMB.equals(terminal.getType()) && !Terminal.TYPE_DUMB_COLOR.equals(terminal.getType())
                && terminal.getStringCapability(org.jline.utils.InfoCmp.Capability.cursor_up) != null;
    }

    int run() {
        reader = LineReaderBuilder.builder()
                .terminal(terminal)
                .appName("dsh4j")
                .parser(literalBackslash())
                .variable(LineReader.HISTORY_FILE, launch.home.resolve(HISTORY))
                .variable(LineReader.HISTORY_SIZE, historySize)
                .variable(LineReader.HISTORY_FILE_SIZE, historySize)
                .completer((r, line, candidates) -> {
                    if (line.wordIndex() == 0 && line.word().startsWith("/")) {
                        for (String name : commandNames().keySet()) candidates.add(new Candidate("/" + name));
                    }
                })
                .build();
        if (!launch.yes) {
            boot.root().provide(ApprovalPolicy.KEY, new ChatApproval(
                    exec -> exec.name() + " " + exec.arguments(), this::askDuringTurn));
        }
        reader.option(LineReader.Option.BRACKETED_PASTE, true);
        screen.line(text("chat.welcome", model, sessionId));
        if (existing) {
            try {
                agent();
            } catch (IOException | RuntimeException e) {
                screen.line(text("chat.error", e.getMessage()));
                return ExitCodes.INPUT_UNAVAILABLE;
            }
        }
        boolean interruptedOnce = false;
        try {
            while (true) {
                String input;
                try {
                    input = read(reader);
                } catch (UserInterruptException e) {
                    if (!e.getPartialLine().isEmpty()) {
                        interruptedOnce = false;
                        continue;
                    }
                    if (interruptedOnce) break;
                    interruptedOnce = true;
                    screen.line(text("chat.ctrlcAgain"));
                    continue;
                } catch (EndOfFileException e) {
                    break;
                }
                interruptedOnce = false;
                if (input.isBlank()) continue;
                if (input.strip().startsWith("/")) {
                    if (!slash(input.strip())) break;
                    continue;
                }
                turn(input);
            }
        } finally {
            dispose();
            try {
                reader.getHistory().save();
            } catch (IOException e) {
                screen.line(text("chat.error", e.getMessage()));
            }
        }
        screen.line(text("chat.bye", sessionId));
        return ExitCodes.OK;
    }

    /**
     * While a turn runs: Esc (alone, not the start of a key's escape sequence) asks for a steer message,
     * which enters the running turn at its next step. Any other key typed ahead ends the watch for this
     * turn and stays in the terminal's input for the next prompt.
     */
    private void watchForSteer(Agent agent) {
        org.jline.utils.NonBlockingReader in = terminal.reader();
        try {
            while (turnRunning) {
                String message = null;
                synchronized (keys) {
                    int c = in.peek(STEER_POLL_MS);
                    if (c == org.jline.utils.NonBlockingReader.READ_EXPIRED) continue;
                    if (c != 27) return;
                    in.read();
                    int next = in.peek(ESCAPE_SEQUENCE_MS);
                    if (next != org.jline.utils.NonBlockingReader.READ_EXPIRED) {
                        while (in.peek(ESCAPE_SEQUENCE_MS) >= 0) in.read();
                        continue;
                    }
                    if (!turnRunning) return;
                    screen.suspendLive();
                    try {
                        message = reader.readLine(text("chat.steer.prompt") + " ");
                    } catch (UserInterruptException | EndOfFileException e) {
                        message = null;
                    } finally {
                        screen.resumeLive();
                    }
                }
                if (message != null && !message.isBlank()) {
                    agent.steer(new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text(message)),
                            MessageSource.user()));
                    screen.line(text("chat.steer.queued"));
                }
            }
        } catch (IOException e) {
            screen.line(text("chat.error", e.getMessage()));
        }
    }

    /** How long the Esc watcher waits for a key before looking whether the turn is still running (the end of a turn waits for it). */
    private static final long STEER_POLL_MS = 10;
    /** A key after Esc within this time is an escape sequence (an arrow key), not Esc itself. */
    private static final long ESCAPE_SEQUENCE_MS = 30;

    /** Asks a question while a turn runs (an approval): the answer line, {@code null} on Ctrl-C or end of input. */
    private String askDuringTurn(String call) {
        screen.line(text("chat.approve.call", call));
        synchronized (keys) {
            screen.suspendLive();
            try {
                return reader.readLine(text("chat.approve.prompt") + " ");
            } catch (UserInterruptException | EndOfFileException e) {
                AgentHandle h = handle;
                if (h != null) h.agent().cancel(AgentCancelCause.USER, false);
                return null;
            } finally {
                screen.resumeLive();
            }
        }
    }

    /** JLine's parser without escape characters: a backslash stays in the line (continuation is {@link #read}'s). */
    private static org.jline.reader.impl.DefaultParser literalBackslash() {
        org.jline.reader.impl.DefaultParser parser = new org.jline.reader.impl.DefaultParser();
        parser.setEscapeChars(new char[0]);
        return parser;
    }

    /** One prompt; a line ending with a backslash continues on the next. */
    private String read(LineReader reader) {
        StringBuilder input = new StringBuilder(reader.readLine("> "));
        while (input.length() > 0 && input.charAt(input.length() - 1) == '\\' && input.length() < MAX_INPUT_BYTES) {
            input.setLength(input.length() - 1);
            input.append('\n').append(reader.readLine("… "));
        }
        return input.toString();
    }

    private void turn(String prompt) {
        Agent agent;
        try {
            agent = agent();
        } catch (IOException | RuntimeException e) {
            screen.line(text("chat.error", e.getMessage()));
            return;
        }
        screen.forgetTurnEnd();
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, s -> agent.cancel(AgentCancelCause.USER, false));
        Terminal.SignalHandler previousWinch = terminal.handle(Terminal.Signal.WINCH, s -> screen.resized());
        screen.beginTurn(this::status);
        boolean watch = !Terminal.TYPE_DUMB.equals(terminal.getType()) && !Terminal.TYPE_DUMB_COLOR.equals(terminal.getType());
        org.jline.terminal.Attributes cooked = watch ? terminal.enterRawMode() : null;
        if (watch) {
            org.jline.terminal.Attributes raw = terminal.getAttributes();
            raw.setLocalFlag(org.jline.terminal.Attributes.LocalFlag.ISIG, true);
            terminal.setAttributes(raw);
        }
        turnRunning = true;
        Thread watcher = watch ? Thread.ofVirtual().name("dsh4j-chat-esc").start(() -> watchForSteer(agent)) : null;
        try {
            agent.followup(new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text(prompt)),
                    MessageSource.user()));
            agent.whenIdle().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            agent.cancel(AgentCancelCause.USER, false);
        } catch (ExecutionException e) {
            screen.line(text("chat.error", e.getCause().getMessage()));
        } finally {
            turnRunning = false;
            if (watcher != null) {
                try {
                    watcher.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                terminal.setAttributes(cooked);
            }
            terminal.handle(Terminal.Signal.INT, previous);
            terminal.handle(Terminal.Signal.WINCH, previousWinch);
        }
        existing = true;
        screen.endTurn();
        switch (screen.lastTurnEnd()) {
            case TurnEndReason.Completed c -> { }
            case TurnEndReason.Aborted a -> screen.line(text("chat.cancelled"));
            case TurnEndReason.Error e -> screen.line(text("chat.turnError", e.error().message(), e.error().code()));
            case null -> { }
            default -> screen.line(text("chat.ended", screen.lastTurnEnd().getClass().getSimpleName()));
        }
        io.dsh4j.attention.AttentionHealth.StatusNotice n = healthNotice;
        healthNotice = null;
        if (n != null) HealthLine.notice(n, runTexts()).ifPresent(screen::line);
        screen.line(status());
    }

    private ResourceBundle runTexts() {
        return ResourceBundle.getBundle(io.dsh4j.app.run.RunCommand.TEXTS, texts.getLocale());
    }

    /**
     * {@code model (effort) · context N tokens (P% of W) · cache hit H%}, then the {@link StatusSegment}s:
     * the context is the last answer's whole prompt (uncached input, cache reads and writes) plus its
     * output; the hit rate is the cache reads' share of that prompt.
     */
    String status() {
        TokenUsage usage = screen.lastUsage();
        StringBuilder s = new StringBuilder(model);
        if (effort != null) s.append(" (").append(effort).append(')');
        Long window = usage == null ? null : contextWindow();
        if (usage != null) {
            // the counts are disjoint: the prompt was the uncached input plus the cache reads and writes
            long prompt = usage.inputTokens() + usage.cacheReadOrZero() + usage.cacheWriteOrZero();
            long context = prompt + usage.outputTokens();
            s.append(" · ").append(text("chat.status.context", context));
            if (window != null && window > 0) s.append(" ").append(text("chat.status.window", 100.0 * context / window, window));
            if (usage.cacheReadTokens() != null && prompt > 0) {
                s.append(" · ").append(text("chat.status.cache", 100.0 * usage.cacheReadTokens() / prompt));
            }
        }
        StatusSegment.View view = new StatusSegment.View(sessionId, model, effort, usage, window, boot);
        for (StatusSegment segment : segments) {
            String part;
            try {
                part = segment.text(view);
            } catch (RuntimeException e) {
                part = null;
            }
            if (part != null && !part.isBlank()) s.append(" · ").append(part.strip());
        }
        return withHealth(s);
    }

    /** The status line with the live attention health appended (when the plugin is mounted). */
    private String withHealth(StringBuilder s) {
        AgentHandle h = handle;
        if (h != null) HealthLine.status(boot, h.agent().session(), runTexts()).ifPresent(line -> s.append(" · ").append(line));
        return s.toString();
    }

    private Long contextWindow() {
        try {
            return boot.service(ModelRoutesPlugin.LLM).resolveModel(route, model).contextWindow();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Runs a slash command; {@code false} to leave. */
    private boolean slash(String line) {
        String[] parts = line.substring(1).split("\\s+", 2);
        String name = parts[0];
        String arg = parts.length > 1 ? parts[1].strip() : "";
        switch (name) {
            case "exit", "quit" -> {
                return false;
            }
            case "help" -> commandNames().forEach((n, d) -> screen.line("/" + n + " — " + d));
            case "model" -> {
                if (!arg.isEmpty()) {
                    dispose();
                    model = arg;
                }
                screen.line(text("chat.model", model));
            }
            case "effort" -> {
                if (!arg.isEmpty()) {
                    if (!AgentLaunch.EFFORTS.contains(arg)) {
                        screen.line(text("chat.badEffort", arg));
                        return true;
                    }
                    dispose();
                    effort = arg;
                }
                screen.line(text("chat.effort", effort == null ? text("chat.effort.default") : effort));
            }
            case "new" -> {
                dispose();
                sessionId = UUID.randomUUID().toString();
                existing = false;
                screen.line(text("chat.newSession", sessionId));
            }
            case "resume" -> resume(arg);
            case "sessions" -> sessions();
            default -> registry(line);
        }
        return true;
    }

    private void resume(String fragment) {
        if (fragment.isEmpty()) {
            screen.line(text("chat.resumeUsage"));
            return;
        }
        try {
            List<StoredSession> found = store().findByIdFragment(fragment);
            if (found.size() != 1) {
                screen.line(text(found.isEmpty() ? "chat.noSuchSession" : "chat.ambiguousSession", fragment));
                return;
            }
            dispose();
            sessionId = found.getFirst().id();
            existing = true;
            agent();
            screen.line(text("chat.resumed", sessionId));
        } catch (IOException | RuntimeException e) {
            screen.line(text("chat.error", e.getMessage()));
        }
    }

    private void sessions() {
        try {
            List<StoredSession> mine = store().list().stream()
                    .filter(s -> launch.workDir.toString().equals(s.header().cwd())).limit(20).toList();
            if (mine.isEmpty()) screen.line(text("chat.noSessions", launch.workDir));
            for (StoredSession s : mine) {
                screen.line(s.id() + "  " + Instant.ofEpochMilli(s.header().createdAt()) + (s.id().equals(sessionId) ? "  *" : ""));
            }
        } catch (IOException | RuntimeException e) {
            screen.line(text("chat.error", e.getMessage()));
        }
    }

    private void registry(String line) {
        try {
            Agent agent = agent();
            var result = boot.service(Commands.KEY).run(agent, line, List.of(), Signal.never());
            switch (result.orElse(null)) {
                case CommandResult.Success s when s.text() != null -> screen.line(s.text());
                case CommandResult.Success s -> { }
                case CommandResult.Error e -> screen.line(text("chat.error", e.text()));
                case null -> { }
            }
        } catch (IOException | RuntimeException e) {
            screen.line(text("chat.error", e.getMessage()));
        }
    }

    /** Chat's commands and the registry's, name → description. */
    private Map<String, String> commandNames() {
        Map<String, String> names = new LinkedHashMap<>();
        for (String b : BUILTIN) names.put(b, text("chat.command." + b));
        if (handle != null) {
            try {
                for (CommandDefinition d : boot.service(Commands.KEY).list(handle.agent()).values()) {
                    names.putIfAbsent(d.name(), d.description());
                }
            } catch (RuntimeException e) {
                // the registry is optional in a profile: without it, chat's own commands remain
            }
        }
        return names;
    }

    private Agent agent() throws IOException {
        if (handle == null) {
            AgentOptions options = new AgentOptions(route, model, null, effort, null);
            AgentRegistry agents = boot.agents();
            handle = existing ? agents.resume(sessionId, options, ctx -> { })
                    : agents.create(new AgentRegistry.CreateRequest(sessionId, launch.workDir.toString(), List.of(), options,
                            ctx -> { }));
        }
        return handle.agent();
    }

    private void dispose() {
        if (handle != null) {
            handle.dispose();
            handle = null;
        }
    }

    private SessionStore store() {
        return SessionStore.open(launch.home.resolve(SessionHome.SESSIONS), LogEncoding.ZSTD);
    }

    private String text(String key, Object... args) {
        return new MessageFormat(texts.getString(key), texts.getLocale()).format(args);
    }
}
