package io.dsh4j.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Issue 16, lazy work: subcommands are built only when a run names them, and nothing the help prints changes. */
class LazySubcommandsTest {

    static String usage(CommandLine cli) {
        StringWriter w = new StringWriter();
        cli.usage(new PrintWriter(w, true));
        return w.toString();
    }

    static String helpOfARun(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), args);
        assertThat(code).isEqualTo(ExitCodes.OK);
        return out.toString();
    }

    @Test
    void the_top_level_help_of_a_lazy_run_is_the_help_of_the_fully_built_command_line_in_every_language() {
        for (Locale locale : List.of(Locale.US, Locale.SIMPLIFIED_CHINESE)) {
            Locale saved = Locale.getDefault();
            Locale.setDefault(locale);
            try {
                String eager = usage(DshCommand.commandLine());
                assertThat(helpOfARun("--help")).as(locale.toString()).isEqualTo(eager);
                assertThat(helpOfARun("help")).as(locale.toString()).isEqualTo(eager);
                assertThat(helpOfARun()).as(locale.toString()).isEqualTo(eager);
            } finally {
                Locale.setDefault(saved);
            }
        }
    }

    @Test
    void only_the_subcommand_a_run_names_is_built_the_others_are_stand_ins_without_options() {
        CommandLine cli = LazySubcommands.commandLine(new DshCommand(), DshCommand.Subcommands.ALL, List.of("health", "x.jsonl"));
        List<String> registered = DshCommand.Subcommands.ALL.stream().flatMap(c -> LazySubcommands.names(c).stream()).toList();
        assertThat(cli.getSubcommands().keySet()).containsExactlyInAnyOrderElementsOf(registered).contains("sessions", "health");
        assertThat(cli.getSubcommands().get("health").getCommandSpec().userObject()).isInstanceOf(io.dsh4j.app.health.HealthCommand.class);
        assertThat(cli.getSubcommands().get("health").getCommandSpec().options()).isNotEmpty();
        for (String standIn : registered) {
            if (standIn.equals("health") || standIn.equals("help")) continue;
            CommandLine c = cli.getSubcommands().get(standIn);
            assertThat(c.getCommandSpec().options()).as(standIn).isEmpty();
            assertThat(c.getSubcommands()).as(standIn).isEmpty();
        }
    }

    @Test
    void a_run_that_starts_with_a_command_reads_no_other_command_s_help_texts() {
        List<String> registered = DshCommand.Subcommands.ALL.stream().flatMap(c -> LazySubcommands.names(c).stream()).toList();
        CommandLine cli = LazySubcommands.commandLine(new DshCommand(), DshCommand.Subcommands.ALL, List.of("health", "x.jsonl"));
        for (String standIn : registered) {
            if (standIn.equals("health") || standIn.equals("help")) continue;
            assertThat(cli.getSubcommands().get(standIn).getCommandSpec().resourceBundle()).as(standIn).isNull();
        }
    }

    @Test
    void the_stand_ins_keep_their_help_texts_whenever_the_top_level_help_can_be_printed() {
        for (List<String> args : List.of(List.<String>of(), List.of("help"), List.of("--help"), List.of("-h", "health"),
                List.of("--bogus", "health"), List.of("help", "health"))) {
            CommandLine cli = LazySubcommands.commandLine(new DshCommand(), DshCommand.Subcommands.ALL, args);
            assertThat(cli.getSubcommands().get("sessions").getCommandSpec().resourceBundle()).as(args.toString()).isNotNull();
            assertThat(cli.getSubcommands().get("models").getCommandSpec().resourceBundle()).as(args.toString()).isNotNull();
        }
    }

    @Test
    void every_dsh4j_command_skips_picocli_s_scan_for_method_subcommands() {
        java.util.ArrayDeque<CommandLine> todo = new java.util.ArrayDeque<>(List.of(DshCommand.commandLine()));
        int checked = 0;
        while (!todo.isEmpty()) {
            CommandLine c = todo.pop();
            todo.addAll(c.getSubcommands().values());
            if (c.getCommandSpec().userObject() instanceof CommandLine.HelpCommand) continue;
            assertThat(c.getCommandSpec().isAddMethodSubcommands()).as(c.getCommandSpec().qualifiedName()).isFalse();
            checked++;
        }
        assertThat(checked).isGreaterThan(15);
    }

    @Test
    void a_nested_subcommand_is_reached_through_its_built_parent_and_help_names_its_target() {
        Locale saved = Locale.getDefault();
        Locale.setDefault(Locale.US);
        try {
            assertThat(helpOfARun("help", "sessions")).startsWith("Usage: dsh4j sessions").contains("stats");
            assertThat(helpOfARun("sessions", "stats", "--help")).startsWith("Usage: dsh4j sessions stats");
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void an_argument_file_may_name_any_subcommand_so_it_builds_them_all() {
        CommandLine cli = LazySubcommands.commandLine(new DshCommand(), DshCommand.Subcommands.ALL, List.of("@args.txt"));
        assertThat(cli.getSubcommands().values()).allSatisfy(c -> assertThat(c.getCommandSpec().userObject()).isNotNull()
                .isNotInstanceOf(CommandLine.Model.CommandSpec.class));
        assertThat(cli.getSubcommands().get("sessions").getSubcommands()).containsKeys("list", "show", "stats", "verify");
    }

    @Test
    void an_unknown_subcommand_is_still_a_usage_error_that_names_it() {
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), "sesions");
        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).isEqualTo("dsh4j: Unmatched argument at index 0: 'sesions'\nTry 'dsh4j --help' for more information.\n");
    }

    @Test
    void an_argument_given_twice_is_an_ordinary_run() {
        String log = io.dsh4j.testkit.Corpus.damagedDir().resolve("intact.jsonl.zstd").toString();
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), "sessions", "verify", log, log);
        assertThat(code).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).isEqualTo(log + ": ok\n" + log + ": ok\n");
    }

    @Test
    void a_class_without_a_command_annotation_is_refused_by_name() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LazySubcommands.names(String.class))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("java.lang.String");
    }
}
