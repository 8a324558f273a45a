package io.dsh4j.app.model;

import io.dsh4j.app.ExitCodes;
import io.dsh4j.llm.AdapterRegistry;
import io.dsh4j.llm.BlockAssembler;
import io.dsh4j.llm.CancelSource;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.llm.deepseek.DeepSeekAdapter;
import io.dsh4j.llm.deepseek.DeepSeekConfig;
import io.dsh4j.message.ChunkJson;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.TokenUsage;
import io.dsh4j.message.json.JsJson;
import java.io.PrintWriter;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dsh4j ask "PROMPT"}: streams one answer to the terminal — reasoning dimmed (on a terminal),
 * then the text, then a usage line. Ctrl-C cancels the call (the HTTP stream is closed) and the
 * command reports it. Writes no session. {@code --json} prints the raw chunk stream instead, one
 * chunk per line as DSH logs {@code assistant/chunk}.
 */
@Command(name = "ask", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        resourceBundle = ModelTexts.HELP_BUNDLE)
public final class AskCommand implements Callable<Integer> {

    /** How long the Ctrl-C handler waits for the cancelled stream to report before the JVM exits. */
    static final long CANCEL_REPORT_WAIT_SECONDS = 5;
    private static final String DIM = "\u001b[2m";
    private static final String RESET = "\u001b[0m";

    @Spec picocli.CommandLine.Model.CommandSpec spec;
    @Mixin ModelOptions route;

    @Parameters(index = "0", paramLabel = "PROMPT")
    String prompt;

    @Option(names = "--model", paramLabel = "M", defaultValue = "deepseek-v4-flash")
    String model;

    @Option(names = "--effort", paramLabel = "EFFORT")
    String effort;

    @Option(names = "--system", paramLabel = "TEXT")
    String system;

    @Option(names = "--json")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        DeepSeekConfig config;
        try {
            config = route.config();
            if (prompt.isBlank()) throw new IllegalArgumentException(ModelTexts.get("ask.blankPrompt"));
            if (effort != null && !DeepSeekConfig.EFFORTS.contains(effort))
                throw new IllegalArgumentException(ModelTexts.get("ask.badEffort", effort));
        } catch (IllegalArgumentException e) {
            err.println(ModelTexts.get("error", e.getMessage()));
            return ExitCodes.USAGE;
        }
        Message.UserMessage user = new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text(prompt)),
                new MessageSource.User(null, null, JsJson.nodes().objectNode().put("kind", "user")));
        ModelCall call = ModelCall.builder(config.provider(), model).messages(List.of(user)).system(system)
                .reasoningEffort(effort).build();
        CancelSource cancel = new CancelSource();
        CountDownLatch reported = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            cancel.cancel();
            try {
                reported.await(CANCEL_REPORT_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "dsh4j-ask-cancel");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        try (DeepSeekAdapter adapter = new DeepSeekAdapter(config)) {
            BlockAssembler assembled = new BlockAssembler();
            Printer printer = new Printer(out, dim());
            AdapterRegistry.streamGuarded(adapter, call, cancel, chunk -> {
                assembled.accept(chunk);
                if (json) out.println(JsJson.stringify(ChunkJson.write(chunk)));
                else printer.accept(chunk);
                out.flush();
            });
            return report(assembled, printer, out, err);
        } finally {
            reported.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is running and waits for the report above
            }
        }
    }

    private int report(BlockAssembler assembled, Printer printer, PrintWriter out, PrintWriter err) {
        FinishReason finish = assembled.finish().orElseThrow();
        if (!json) {
            printer.endLine();
            assembled.usage().ifPresent(u -> out.println(usageLine(u)));
        }
        out.flush();
        return switch (finish) {
            case FinishReason.Stop s -> ExitCodes.OK;
            case FinishReason.ToolCalls t -> {
                if (!json) err.println(ModelTexts.get("ask.toolCalls"));
                yield ExitCodes.OK;
            }
            case FinishReason.MaxTokens m -> {
                err.println(ModelTexts.get("ask.maxTokens"));
                yield ExitCodes.PROBLEM_FOUND;
            }
            case FinishReason.Aborted a -> {
                err.println(ModelTexts.get("ask.cancelled"));
                yield ExitCodes.PROBLEM_FOUND;
            }
            case FinishReason.Error e -> {
                err.println(ModelTexts.get("error", ModelTexts.get("ask.failed", ModelOptions.describe(e.failure()))));
                yield ExitCodes.PROBLEM_FOUND;
            }
            case FinishReason.Other o -> {
                err.println(ModelTexts.get("ask.otherFinish", o.kind()));
                yield ExitCodes.PROBLEM_FOUND;
            }
        };
    }

    static String usageLine(TokenUsage u) {
        StringBuilder b = new StringBuilder(ModelTexts.get("ask.usage.input", Long.toString(u.inputTokens())));
        if (u.cacheReadTokens() != null) b.append(" · ").append(ModelTexts.get("ask.usage.cacheRead", Long.toString(u.cacheReadTokens())));
        b.append(" · ").append(ModelTexts.get("ask.usage.output", Long.toString(u.outputTokens())));
        if (u.reasoningTokens() != null) b.append(" ").append(ModelTexts.get("ask.usage.reasoning", Long.toString(u.reasoningTokens())));
        return b.toString();
    }

    private static boolean dim() {
        return System.console() != null;
    }

    /** Prints deltas as they arrive: reasoning (dimmed on a terminal), a blank line, then text. */
    private static final class Printer {
        private final PrintWriter out;
        private final boolean dim;
        private String last;
        private boolean atLineStart = true;

        Printer(PrintWriter out, boolean dim) {
            this.out = out;
            this.dim = dim;
        }

        void accept(StreamChunk chunk) {
            switch (chunk) {
                case StreamChunk.ReasoningDelta d -> write("reasoning", d.text());
                case StreamChunk.TextDelta d -> write("text", d.text());
                default -> { }
            }
        }

        private void write(String kind, String text) {
            if (text.isEmpty()) return;
            if (last != null && !last.equals(kind)) {
                endLine();
                out.println();
            }
            last = kind;
            boolean dimmed = dim && kind.equals("reasoning");
            out.print(dimmed ? DIM + text + RESET : text);
            atLineStart = text.endsWith("\n");
        }

        void endLine() {
            if (!atLineStart) out.println();
            atLineStart = true;
        }
    }
}
