package io.dsh4j.app.run;

import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentBoot;
import io.dsh4j.agent.AgentCancelCause;
import io.dsh4j.agent.AgentEvents;
import io.dsh4j.agent.AgentHandle;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.agent.AgentRegistry;
import io.dsh4j.agent.DefaultProfile;
import io.dsh4j.agent.PreStepDecision;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.TurnEndReason;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dsh4j run "PROMPT"}: boots the default profile (or {@code --profile}), runs one turn headless
 * (or continues a session with {@code --resume}), streams the answer to standard output (reasoning
 * and tool calls dimmed on standard error), writes the session log under the home, and names the
 * session at the end. Exit codes: 0 completed, 1 error (or stopped by {@code --max-steps}), 3 no
 * model configured, 130 cancelled (Ctrl-C cancels the turn; a second Ctrl-C exits).
 * Texts: the {@value #TEXTS} bundle.
 */
@Command(name = "run", addMethodSubcommands = false, mixinStandardHelpOptions = true, resourceBundle = RunCommand.TEXTS)
public final class RunCommand implements Callable<Integer> {

    public static final String TEXTS = "io.dsh4j.app.run.Texts";

    private static final String DIM = "\u001b[2m";
    private static final String RESET = "\u001b[0m";

    @Spec
    CommandSpec spec;

    /** The options shared with {@code dsh4j chat}. */
    @Mixin
    LaunchOptions flags = new LaunchOptions();

    @Parameters(index = "0", paramLabel = "PROMPT")
    String prompt;

    @Option(names = "--max-steps", paramLabel = "N")
    Integer maxSteps;

    @Option(names = "--json")
    boolean json;

    @Option(names = "--profile", paramLabel = "NAME")
    String profile;

    @Option(names = "--patch", paramLabel = "FILE")
    List<Path> patches = new ArrayList<>();

    /** The environment (tests replace it). */
    UnaryOperator<String> env = System::getenv;

    /** Installs the Ctrl-C handler (off for in-process runs: {@code -Ddsh4j.run.signals=false}). */
    boolean handleInterrupts = !"false".equals(System.getProperty("dsh4j.run.signals"));

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (maxSteps != null && maxSteps < 1) {
            err.println(text("message.error", text("message.badMaxSteps", maxSteps)));
            return ExitCodes.USAGE;
        }
        AgentLaunch.Prepared prepared = AgentLaunch.prepare(spec.resourceBundle(), flags.effort, flags.provider, flags.baseUrl, flags.cwd, flags.home,
                flags.yes, env, err);
        if (prepared.launch() == null) return prepared.exitCode();
        AgentLaunch launch = prepared.launch();
        int badPlugin = AgentLaunch.checkNoPlugins(spec.resourceBundle(), flags.noPlugins, err);
        if (badPlugin != 0) return badPlugin;
        AgentBoot boot = launch.boot(profile, patches, false, flags.noPlugins, AgentLaunch.deliberationLayers(flags.deliberation, flags.autoReview), err);
        if (boot == null) return ExitCodes.PROBLEM_FOUND;
        Path workDir = launch.workDir;
        String route = launch.route;
        try (boot) {
            return runTurn(boot, workDir, route, out, err);
        }
    }

    private int runTurn(AgentBoot boot, Path workDir, String route, PrintWriter out, PrintWriter err) {
        AgentRegistry agents = boot.agents();
        String modelId = flags.model != null ? flags.model : DefaultProfile.DEFAULT_MODEL;
        AgentOptions options = new AgentOptions(route, modelId, null, flags.effort, null);
        String sessionId = flags.resume != null ? flags.resume : UUID.randomUUID().toString();
        AtomicInteger stepsSeen = new AtomicInteger();
        boolean[] stoppedAtMax = {false};
        boot.root().events().on(AgentEvents.SESSION_EVENT, notice -> {
            if (!notice.session().id().equals(sessionId)) return;
            show(notice.event(), out, err);
        });
        boot.root().events().on(io.dsh4j.attention.AttentionHealth.STATUS, n -> {
            if (!n.agent().id().equals(sessionId)) return;
            if (json) {
                synchronized (out) {
                    out.println(HealthLine.json(n, spec.resourceBundle()));
                    out.flush();
                }
            } else {
                HealthLine.notice(n, spec.resourceBundle()).ifPresent(line -> {
                    err.println();
                    err.println(line);
                    err.flush();
                });
            }
        });
        AgentHandle handle;
        try {
            java.util.function.Consumer<io.dsh4j.kernel.Context> setup = ctx -> {
                if (maxSteps != null) {
                    ctx.events().on(AgentEvents.PRE_STEP, (p, next) -> {
                        stepsSeen.set((int) p.step());
                        if (p.step() > maxSteps) {
                            stoppedAtMax[0] = true;
                            return new PreStepDecision.Reject();
                        }
                        return next.proceed();
                    });
                }
            };
            handle = flags.resume != null ? agents.resume(flags.resume, options, setup)
                    : agents.create(new AgentRegistry.CreateRequest(sessionId, workDir.toString(), List.of(), options, setup));
        } catch (IOException | RuntimeException e) {
            err.println(text("message.error", e.getMessage()));
            return flags.resume != null ? ExitCodes.INPUT_UNAVAILABLE : ExitCodes.PROBLEM_FOUND;
        }
        Agent agent = handle.agent();
        Integer commandExit = runSlashCommand(boot, agent, out, err);
        if (commandExit != null) {
            handle.dispose();
            return commandExit;
        }
        Runnable restore = handleInterrupts ? Interrupts.install(() -> agent.cancel(AgentCancelCause.USER, false),
                () -> {
                    out.flush();
                    err.flush();
                    Runtime.getRuntime().halt(ExitCodes.CANCELLED);
                }) : () -> { };
        try {
            long turnsBefore = agent.session().events().stream().filter(e -> e.type().equals(EventTypes.TURN_END)).count();
            agent.followup(new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text(prompt)),
                    MessageSource.user()));
            agent.whenIdle().get();
            out.flush();
            TurnEndReason reason = lastTurnEnd(agent, turnsBefore);
            if (!json) out.println();
            err.println(text("message.session", agent.id()));
            if (!durable(agent, err)) return ExitCodes.PROBLEM_FOUND;
            return switch (reason) {
                case TurnEndReason.Completed c -> ExitCodes.OK;
                case TurnEndReason.Aborted a -> {
                    err.println(text("message.cancelled"));
                    yield ExitCodes.CANCELLED;
                }
                case TurnEndReason.Blocked b when stoppedAtMax[0] -> {
                    err.println(text("message.maxSteps", maxSteps));
                    yield ExitCodes.PROBLEM_FOUND;
                }
                case TurnEndReason.Error e -> {
                    err.println(text("message.error", text("message.turnError", e.error().message(), e.error().code())));
                    yield ExitCodes.PROBLEM_FOUND;
                }
                case TurnEndReason.MaxTokens m -> {
                    err.println(text("message.maxTokens"));
                    yield ExitCodes.PROBLEM_FOUND;
                }
                default -> {
                    err.println(text("message.ended", reason.getClass().getSimpleName()));
                    yield ExitCodes.PROBLEM_FOUND;
                }
            };
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.CANCELLED;
        } catch (ExecutionException e) {
            err.println(text("message.error", e.getCause().getMessage()));
            return ExitCodes.INTERNAL;
        } finally {
            restore.run();
            try {
                handle.dispose();
            } catch (RuntimeException e) {
                // the last flush failed: durable() has said so (or the run failed before it could)
                if (agent.session().pendingWrites() == 0) throw e;
            }
        }
    }

    /**
     * Whether every committed event of the session is on disk. When a write failed (a full disk, a
     * read-only home), one more flush is tried; if it fails too, says what is on disk and how to repair
     * it. The file itself is intact: a failed batch is truncated back, so the log reads up to its last
     * durable batch, and {@code --resume} closes the open turn.
     */
    private boolean durable(Agent agent, PrintWriter err) {
        var session = agent.session();
        if (session.pendingWrites() == 0) return true;
        try {
            session.checkpoint();
            return true;
        } catch (RuntimeException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            int pending = session.pendingWrites();
            long onDisk = session.events().size() - pending;
            err.println(text("message.error", text("message.notWritten", String.valueOf(cause.getMessage()), pending, onDisk,
                    agent.id())));
            err.flush();
            return false;
        }
    }

    /**
     * A prompt that is the command line of a registered command ({@code /name args}) runs that command
     * instead of a turn: its text on standard output, exit 0, or its error and exit 1. A prompt that
     * only looks like one ({@code /usr/bin …}, an unregistered name) goes to the model as written.
     */
    private Integer runSlashCommand(AgentBoot boot, Agent agent, PrintWriter out, PrintWriter err) {
        var parsed = io.dsh4j.command.CommandLine.parse(prompt);
        if (parsed.isEmpty()) return null;
        var commands = boot.root().get(io.dsh4j.command.Commands.KEY);
        if (commands.isEmpty() || commands.get().get(parsed.get().name(), agent).isEmpty()) return null;
        var result = commands.get().run(agent, prompt, List.of(), io.dsh4j.kernel.Signal.never()).orElseThrow();
        out.flush();
        err.println(text("message.session", agent.id()));
        return switch (result) {
            case io.dsh4j.command.CommandResult.Success ok -> {
                if (ok.text() != null && !json) out.println(ok.text());
                yield ExitCodes.OK;
            }
            case io.dsh4j.command.CommandResult.Error e -> {
                err.println(text("message.error", text("message.commandError", parsed.get().name(), e.text())));
                yield ExitCodes.PROBLEM_FOUND;
            }
        };
    }

    private static TurnEndReason lastTurnEnd(Agent agent, long turnsBefore) {
        List<SessionEvent> ends = agent.session().events().stream().filter(e -> e.type().equals(EventTypes.TURN_END)).toList();
        if (ends.size() <= turnsBefore) return new TurnEndReason.Interrupted();
        return ends.getLast().payload(EventPayload.TurnEnd.class).reason();
    }

    private void show(SessionEvent e, PrintWriter out, PrintWriter err) {
        if (json) {
            synchronized (out) {
                out.println(e.toString());
                out.flush();
            }
            return;
        }
        switch (e.payload()) {
            case EventPayload.AssistantChunk c -> {
                switch (c.chunk()) {
                    case io.dsh4j.message.StreamChunk.TextDelta t -> {
                        out.print(t.text());
                        out.flush();
                    }
                    case io.dsh4j.message.StreamChunk.ReasoningDelta r -> {
                        err.print(DIM + r.text() + RESET);
                        err.flush();
                    }
                    default -> { }
                }
            }
            case EventPayload.ToolCall t -> {
                err.println(DIM + "\n→ " + t.name() + " " + abbreviate(t.arguments()) + RESET);
                err.flush();
            }
            case EventPayload.ToolResult r when r.isError() -> {
                err.println(DIM + "  ✗ " + abbreviate(AgentLaunch.resultText(r)) + RESET);
                err.flush();
            }
            default -> { }
        }
    }

    private static String abbreviate(String s) {
        String one = s.replace('\n', ' ');
        return one.length() > 200 ? one.substring(0, 200) + "…" : one;
    }

    private String text(String key, Object... args) {
        return new MessageFormat(spec.resourceBundle().getString(key), spec.resourceBundle().getLocale()).format(args);
    }

    /** The environment this command reads ({@code dsh4j chat} passes its own on). */
    public RunCommand withEnvironment(UnaryOperator<String> values) {
        env = values;
        return this;
    }

    /** For {@link Map}-free tests: the environment this command reads. */
    public void environment(Map<String, String> values) {
        env = values::get;
        handleInterrupts = false;
    }
}
