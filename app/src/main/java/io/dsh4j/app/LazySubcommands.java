package io.dsh4j.app;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Builds a picocli command line whose subcommands are built only when a run needs them.
 *
 * <p>Building a picocli subcommand from its class reflects over its fields and mixins, builds its
 * nested subcommands, instantiates them and runs their static initialisers (a Jackson mapper, a
 * resource bundle): most of what a bare {@code dsh4j --help} used to spend. Here each registered
 * class is either <em>built</em>, when one of the run's arguments is its name or an alias (or an
 * argument is an {@code @file}, which may name anything), or replaced by a <em>stand-in</em>: a
 * spec with the class's name, aliases, hidden flag, header, description and resource bundle, read
 * from its {@link Command} annotation without initialising the class — exactly what the parent's
 * help lists. A stand-in is never executed: a run that names it builds the real one.
 *
 * <p>When the run's first argument names a built subcommand other than {@code help}, picocli hands
 * every later argument to that subcommand, so the parent's help cannot be printed: the stand-ins then
 * leave their resource bundles unread (loading a dozen bundles was about a fifth of a small
 * {@code health} run's main thread).
 */
final class LazySubcommands {

    private LazySubcommands() {}

    /** The names a subcommand class answers to: its {@link Command#name} and aliases. */
    static List<String> names(Class<?> command) {
        Command a = annotation(command);
        List<String> names = new ArrayList<>();
        names.add(a.name());
        names.addAll(List.of(a.aliases()));
        return names;
    }

    /**
     * The command line of {@code root} with {@code subcommands} added in order: built when one of
     * their names is in {@code args}, stand-ins otherwise.
     */
    static CommandLine commandLine(Object root, List<Class<?>> subcommands, List<String> args) {
        boolean argumentFile = args.stream().anyMatch(a -> a.startsWith("@"));
        String first = args.isEmpty() ? null : args.getFirst();
        boolean parentHelpPossible = argumentFile || first == null
                || subcommands.stream().noneMatch(c -> c != CommandLine.HelpCommand.class && names(c).contains(first));
        CommandLine cli = new CommandLine(root);
        for (Class<?> c : subcommands) {
            boolean needed = argumentFile || names(c).stream().anyMatch(args::contains);
            CommandLine sub = needed ? new CommandLine(c) : standIn(c, parentHelpPossible);
            cli.addSubcommand(annotation(c).name(), sub, annotation(c).aliases());
        }
        return cli;
    }

    /** What the parent's help shows of {@code command} (its texts only when that help can be printed). */
    private static CommandLine standIn(Class<?> command, boolean withTexts) {
        Command a = annotation(command);
        CommandSpec spec = CommandSpec.create().name(a.name()).aliases(a.aliases());
        if (withTexts && !a.resourceBundle().isEmpty()) spec.resourceBundleBaseName(a.resourceBundle());
        spec.usageMessage().hidden(a.hidden()).header(a.header()).description(a.description());
        return new CommandLine(spec);
    }

    private static Command annotation(Class<?> command) {
        Command a = command.getAnnotation(Command.class);
        if (a == null) throw new IllegalArgumentException(command.getName() + " is not a picocli @Command");
        return a;
    }
}
