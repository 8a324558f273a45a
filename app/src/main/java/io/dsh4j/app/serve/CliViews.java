package io.dsh4j.app.serve;

import io.dsh4j.app.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a {@code dsh4j} command in this process and captures what it prints: the console's health,
 * handoff, stats, transcript and merge views are <em>the same code</em> as {@code dsh4j health --json},
 * {@code dsh4j handoff}, {@code dsh4j sessions stats --json}, {@code dsh4j sessions show --json} and
 * {@code dsh4j merge --json}, so the page can never disagree with the command line. Nothing here
 * calls a model or the network (neither do those commands). Stateless and thread-safe.
 */
final class CliViews {

    /** What a command printed and its exit code. */
    record Run(int code, String out, String err) {
        boolean ok() {
            return code == 0;
        }
    }

    private CliViews() {}

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code;
        try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
            code = Main.run(o, e, args);
        }
        return new Run(code, out.toString(), err.toString());
    }

    /** {@code args} with {@code --flag value} appended when the value is not {@code null}. */
    static String[] with(String[] args, String flag, String value) {
        if (value == null) return args;
        List<String> out = new ArrayList<>(List.of(args));
        out.add(flag);
        out.add(value);
        return out.toArray(String[]::new);
    }
}
