package io.dsh4j.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Issue 17: no {@link OutOfMemoryError} escapes a command; it is one line and exit 70. */
class OutOfMemoryExitTest {

    @Command(name = "exhaust")
    static final class Exhaust implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new OutOfMemoryError("Java heap space");
        }
    }

    @Test
    void a_command_that_runs_out_of_heap_ends_with_exit_70_and_one_line_naming_the_heap() {
        CommandLine cli = DshCommand.commandLine();
        cli.addSubcommand(new Exhaust());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = DshCommand.run(cli, new PrintWriter(out), new PrintWriter(err), "exhaust");
        assertThat(code).isEqualTo(ExitCodes.INTERNAL).isEqualTo(70);
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString().lines()).singleElement().satisfies(line -> assertThat(line)
                .startsWith("dsh4j: out of memory: ")
                .contains((Runtime.getRuntime().maxMemory() >> 20) + " MiB")
                .contains("DSH4J_OPTS")
                .doesNotContain("java.lang").doesNotContain("\tat "));
    }
}
