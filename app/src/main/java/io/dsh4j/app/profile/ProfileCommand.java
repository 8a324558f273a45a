package io.dsh4j.app.profile;

import picocli.CommandLine.Command;

/** {@code dsh4j profile}: inspect the plugin configuration a profile composes. */
@Command(
        name = "profile",
        mixinStandardHelpOptions = true,
        description = "Inspect the plugin entry list that profile bundles and patch files compose.",
        subcommands = {ProfileDumpCommand.class})
public final class ProfileCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
