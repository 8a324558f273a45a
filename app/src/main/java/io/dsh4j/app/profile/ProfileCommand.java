package io.dsh4j.app.profile;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code dsh4j profile}: inspect the plugin configuration a profile composes. */
@Command(
        name = "profile",
        addMethodSubcommands = false,
        mixinStandardHelpOptions = true,
        resourceBundle = ProfileDumpCommand.TEXTS,
        subcommands = {ProfileDumpCommand.class})
public final class ProfileCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
