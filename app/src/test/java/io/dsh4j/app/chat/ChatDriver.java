package io.dsh4j.app.chat;

import io.dsh4j.agent.AgentBoot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine;

/**
 * {@code dsh4j chat} in this JVM behind a JLine terminal over piped streams: keys go in with
 * {@link #type}, the screen is read back with {@link #screen} (escape sequences removed), and
 * {@link #awaitScreen} waits (notified on every write, up to a generous timeout) for a text.
 */
final class ChatDriver implements AutoCloseable {

    static final long TIMEOUT_SECONDS = 60;

    private final PipedOutputStream keys;
    /** The output, readable from a byte mark on without copying the rest. */
    private static final class Output extends ByteArrayOutputStream {
        String since(int from) {
            return new String(buf, from, count - from, StandardCharsets.UTF_8);
        }
    }

    private final Output bytes = new Output();
    private final Object written = new Object();
    final StringWriter err = new StringWriter();
    private final CompletableFuture<Integer> exit;

    final Terminal terminal;
    final int columns;
    private final int rows = 24;

    private ChatDriver(int columns, boolean dumb, Function<AgentBoot, String> onBoot, String... args) throws IOException {
        this(columns, dumb, onBoot, cmd -> { }, args);
    }

    private ChatDriver(int columns, boolean dumb, Function<AgentBoot, String> onBoot, java.util.function.Consumer<ChatCommand> setup,
                       String... args) throws IOException {
        this.columns = columns;
        keys = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(keys, 1 << 16);
        OutputStream out = new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                synchronized (written) {
                    bytes.write(b, off, len);
                    written.notifyAll();
                }
            }
        };
        TerminalBuilder builder = TerminalBuilder.builder().system(false).streams(in, out).encoding(StandardCharsets.UTF_8)
                .size(new Size(columns, 24));
        terminal = dumb ? builder.dumb(true).type(Terminal.TYPE_DUMB).build() : builder.type("xterm-256color").build();
        ChatCommand cmd = new ChatCommand();
        cmd.env = Map.<String, String>of()::get;
        cmd.terminal = terminal;
        cmd.interactive = true;
        if (onBoot != null) cmd.onBoot = onBoot;
        setup.accept(cmd);
        CommandLine cli = new CommandLine(cmd);
        cli.setOut(new PrintWriter(new StringWriter(), true));
        cli.setErr(new PrintWriter(err, true));
        exit = CompletableFuture.supplyAsync(() -> cli.execute(args), r -> Thread.ofPlatform().daemon().start(r));
    }

    static ChatDriver start(int columns, boolean dumb, Function<AgentBoot, String> onBoot, String... args) throws IOException {
        return new ChatDriver(columns, dumb, onBoot, args);
    }

    /** Like {@link #start}, with {@code setup} applied to the command before it runs. */
    static ChatDriver start(int columns, Function<AgentBoot, String> onBoot, java.util.function.Consumer<ChatCommand> setup,
                            String... args) throws IOException {
        return new ChatDriver(columns, false, onBoot, setup, args);
    }

    /** The screen as a terminal of this size shows it (scrolled-off rows first). */
    List<Emulator.Row> visible() {
        return Emulator.rows(rawScreen(), columns, rows);
    }

    /** The terminal changes size: the new size, then SIGWINCH. */
    void resize(int newColumns) {
        terminal.setSize(new Size(newColumns, rows));
        terminal.raise(Terminal.Signal.WINCH);
    }

    /** How many bytes of output so far (a mark for {@link #rawScreenSince} and {@link #awaitRawSince}). */
    int mark() {
        synchronized (written) {
            return bytes.size();
        }
    }

    String rawScreenSince(int mark) {
        synchronized (written) {
            return bytes.since(mark);
        }
    }

    /** Waits until the output after byte {@code mark} contains {@code text} verbatim; fails after the timeout. */
    void awaitRawSince(int mark, String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        synchronized (written) {
            while (!bytes.since(mark).contains(text)) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || exit.isDone()) {
                    throw new AssertionError("output never showed \"" + text + "\" after byte " + mark + ":\n" + bytes.since(mark)
                            + "\nstderr: " + err);
                }
                written.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
        }
    }

    void type(String text) throws IOException {
        keys.write(text.getBytes(StandardCharsets.UTF_8));
        keys.flush();
    }

    /** Ctrl-D at the prompt: the end of the input. */
    void endOfInput() throws IOException {
        keys.close();
    }

    int awaitExit() throws Exception {
        return exit.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    String rawScreen() {
        synchronized (written) {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }

    /** The screen without escape sequences and carriage returns. */
    String screen() {
        return rawScreen().replaceAll("\u001b\\[[0-9;?]*[A-Za-z]", "").replaceAll("\u001b[=>]", "").replace("\r", "");
    }

    /** Waits until the screen shows {@code text} {@code times} times; fails after the timeout. */
    void awaitScreen(String text, int times) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        synchronized (written) {
            while (count(screen(), text) < times) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || exit.isDone()) {
                    throw new AssertionError("screen never showed \"" + text + "\" ×" + times + ":\n" + screen() + "\nstderr: " + err);
                }
                written.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
        }
    }

    void awaitScreen(String text) throws InterruptedException {
        awaitScreen(text, 1);
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + part.length())) n++;
        return n;
    }

    @Override
    public void close() throws IOException {
        keys.close();
    }
}
