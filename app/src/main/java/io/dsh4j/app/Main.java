package io.dsh4j.app;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * The entry point of the {@code dsh4j} command line ({@code bin/dsh4j} starts this class).
 *
 * <p>A lone {@code --version} (or {@code -V}) is answered here, from the jar manifest and the
 * running JDK, without loading picocli or any command: it is the request whose cost is the JVM's
 * own start-up. Every other run goes to {@link DshCommand}. This class must stay free of picocli
 * and of the command classes (no field, signature or body that names them), or the fast path
 * loads them again; {@code MainTest} checks that it does not.
 */
public final class Main {
    private Main() {}

    /**
     * Runs the command line and exits the JVM with its exit code. Output is UTF-8 whatever the
     * locale, a lone surrogate written as U+FFFD ({@link Utf8Text}).
     */
    public static void main(String[] args) {
        PrintWriter out = Utf8Text.stdout();
        PrintWriter err = Utf8Text.stderr();
        if (isVersionRequest(args)) {
            // Returning ends the JVM with status 0 once main is done (no other thread was started).
            // System.exit would cost this run about half its CPU time: since JDK 21 it looks up a
            // System.Logger for Runtime.exit, and that service lookup opens every jar on the class path.
            printVersion(out);
            return;
        }
        int code = run(out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * Runs the command line against the given streams and returns the exit code (used by tests). Only
     * the subcommands that {@code args} name are built. An
     * {@link OutOfMemoryError} does not escape: it is one line on {@code err} and exit 70.
     */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        if (isVersionRequest(args)) return printVersion(out);
        return DshCommand.run(out, err, args);
    }

    /**
     * {@code dsh4j --version} (or {@code -V}) alone: the one request answered without building the
     * command line, because it prints the same lines whatever the subcommands are. The output is the
     * lines picocli prints for it (pinned by {@code MainTest}).
     */
    static boolean isVersionRequest(String... args) {
        return args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
    }

    private static int printVersion(PrintWriter out) {
        for (String line : versionLines()) out.println(line);
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * The lines of {@code --version}: dsh4j's version from the jar manifest (or "development build"
     * when run from classes) and the Java runtime's.
     */
    static String[] versionLines() {
        // String.concat and the version property, not "+" and Runtime.version(): both of those
        // bootstrap method handles or streams, a fifth of the fast path's time (MainTest pins the text).
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {"dsh4j ".concat(v == null ? "development build" : v),
            "Java ".concat(runtimeVersion()).concat(" (").concat(String.valueOf(System.getProperty("java.vendor"))).concat(")")};
    }

    /** {@link Runtime#version()} as text: the {@code java.runtime.version} property it is parsed from, when set. */
    static String runtimeVersion() {
        String property = System.getProperty("java.runtime.version");
        return property != null ? property : Runtime.version().toString();
    }

    /**
     * Reports a run that ran out of heap: one line naming the heap size and how to give more, exit
     * 70 (internal error). The error's stack is unwound by then, so the line can still be written.
     */
    static int outOfMemory(PrintWriter err, long maxHeapBytes) {
        ResourceBundle texts = ResourceBundle.getBundle("io.dsh4j.app.MainText", Locale.getDefault(),
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
        err.println(texts.getString("outOfMemory").replace("{0}", Long.toString(maxHeapBytes >> 20)));
        err.flush();
        return ExitCodes.INTERNAL;
    }
}
