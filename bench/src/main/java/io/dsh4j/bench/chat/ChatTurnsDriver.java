package io.dsh4j.bench.chat;

import io.dsh4j.agent.ModelRoutesPlugin;
import io.dsh4j.app.chat.ChatCommand;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.TokenUsage;
import io.dsh4j.testkit.ScriptedModel;
import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine;

/**
 * A long {@code dsh4j chat} conversation through a JLine {@code xterm-256color} terminal over piped
 * streams, against a scripted model whose every answer is the same Markdown (a paragraph, a list, a
 * small table, a code block) streamed in 24 deltas. For each turn it times the wall clock from the
 * Enter key to the next prompt (the whole turn: the agent loop, the session log, the rendering and the
 * live region's redraws) and counts the bytes the turn wrote to the terminal. It prints the
 * percentiles over all turns and the mean of the first and the last 20, so a redraw or a fold whose
 * cost grows with the history shows as a rising last-20 mean. Figures only; nothing is asserted.
 *
 * <pre>{@code java -cp bench/target/benchmarks.jar io.dsh4j.bench.chat.ChatTurnsDriver [turns=200] [columns=100]}</pre>
 */
public final class ChatTurnsDriver {

    /** Written as the line editor starts reading a prompt: the turn is over. */
    private static final byte[] PROMPT_READY = "\u001b[?2004h".getBytes(StandardCharsets.US_ASCII);
    private static final long TIMEOUT_SECONDS = 120;
    private static final int DELTAS = 24;
    private static final int WINDOW = 20;

    private ChatTurnsDriver() {
    }

    static final String ANSWER = """
            ## Result %d
            The change touches **three** files and keeps the `public` API as it was; the rest of the \
            paragraph is long enough to wrap at least once on a terminal of a hundred columns.
            - first point with `code`
            - second point, *emphasised*
            | file | lines |
            |---|---:|
            | Main.java | 120 |
            | 中文.md | 7 |
            ```java
            int answer = %d;
            ```
            done.
            """;

    /** The answer of turn {@code i} streamed in {@link #DELTAS} pieces. */
    static ScriptedModel.Script answer(int i) {
        String text = ANSWER.formatted(i, i);
        ScriptedModel.Builder b = ScriptedModel.Script.builder().chunk(new StreamChunk.BlockStart(0, "text"));
        int step = Math.max(1, text.length() / DELTAS);
        for (int at = 0; at < text.length(); at += step) b.chunk(new StreamChunk.TextDelta(0, text.substring(at, Math.min(text.length(), at + step))));
        return b.chunk(new StreamChunk.BlockEnd(0, new ContentBlock.Text(text))).usage(TokenUsage.of(1000 + i, 80))
                .finish(new FinishReason.Stop()).build();
    }

    public static void main(String[] args) throws Exception {
        int turns = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int columns = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        System.setProperty("dsh4j.run.signals", "false");
        Path home = Files.createTempDirectory("dsh4j-chat-bench-home");
        Path work = Files.createTempDirectory("dsh4j-chat-bench-work");
        List<ScriptedModel.Script> scripts = new ArrayList<>();
        for (int i = 1; i <= turns; i++) scripts.add(answer(i));
        ScriptedModel model = ScriptedModel.of(scripts.toArray(ScriptedModel.Script[]::new));

        PipedOutputStream keys = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(keys, 1 << 16);
        Output out = new Output();
        Terminal terminal = TerminalBuilder.builder().system(false).streams(in, out).encoding(StandardCharsets.UTF_8)
                .size(new Size(columns, 40)).type("xterm-256color").build();
        ChatCommand chat = new ChatCommand().withTerminal(terminal).withBootHook(boot -> {
            boot.service(ModelRoutesPlugin.LLM).register(List.of("scripted"), model);
            return "scripted";
        });
        CommandLine cli = new CommandLine(chat);
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(new StringWriter(), true));
        cli.setErr(new PrintWriter(err, true));
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> cli.execute("--home", home.toString(), "--cwd",
                work.toString(), "--base-url", "http://127.0.0.1:9/v1"), r -> Thread.ofPlatform().daemon().start(r));

        out.awaitFrom(0, PROMPT_READY, err);
        long[] nanos = new long[turns];
        long[] bytes = new long[turns];
        for (int i = 0; i < turns; i++) {
            int mark = out.size();
            long start = System.nanoTime();
            keys.write(("prompt " + (i + 1) + "\r").getBytes(StandardCharsets.UTF_8));
            keys.flush();
            out.awaitFrom(mark + 1, PROMPT_READY, err);
            nanos[i] = System.nanoTime() - start;
            bytes[i] = out.size() - mark;
        }
        keys.close();
        int code = exit.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (code != 0 || model.calls().size() != turns) {
            throw new IllegalStateException("chat exited " + code + " after " + model.calls().size() + " model calls: " + err);
        }
        report(turns, columns, nanos, bytes);
    }

    private static void report(int turns, int columns, long[] nanos, long[] bytes) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        System.out.printf("dsh4j chat, %d turns, %d columns, Markdown answer of %d deltas%n", turns, columns, DELTAS);
        System.out.printf("per turn (Enter to next prompt): p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms%n",
                ms(sorted[turns / 2]), ms(sorted[(int) (turns * 0.9)]), ms(sorted[Math.min(turns - 1, (int) (turns * 0.99))]),
                ms(sorted[turns - 1]));
        int w = Math.min(WINDOW, turns);
        System.out.printf("mean of turns 1-%d: %.2f ms; of turns %d-%d: %.2f ms%n", w, mean(nanos, 0, w), turns - w + 1, turns,
                mean(nanos, turns - w, turns));
        System.out.printf("bytes written per turn: turn 2 %d, turn %d %d%n", bytes[Math.min(1, turns - 1)], turns, bytes[turns - 1]);
    }

    private static double mean(long[] nanos, int from, int to) {
        long sum = 0;
        for (int i = from; i < to; i++) sum += nanos[i];
        return ms(sum / Math.max(1, to - from));
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    /** The terminal's output, searched from a byte offset as it grows (in place, without copying it). */
    private static final class Output extends ByteArrayOutputStream {

        @Override
        public synchronized void write(int b) {
            super.write(b);
            notifyAll();
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            super.write(b, off, len);
            notifyAll();
        }

        /** Waits until {@code needle} occurs at or after {@code from}. */
        synchronized void awaitFrom(int from, byte[] needle, StringWriter err) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
            int next = from;
            while (true) {
                for (int i = next; i + needle.length <= count; i++) {
                    if (Arrays.equals(buf, i, i + needle.length, needle, 0, needle.length)) return;
                }
                next = Math.max(from, count - needle.length + 1);
                long left = deadline - System.nanoTime();
                if (left <= 0) throw new IllegalStateException("no prompt after byte " + from + "; stderr: " + err);
                wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
        }
    }
}
