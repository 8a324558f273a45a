package io.dsh4j.app.profile;

import io.dsh4j.app.ExitCodes;
import io.dsh4j.kernel.loader.Composition;
import io.dsh4j.kernel.loader.LoaderException;
import io.dsh4j.kernel.loader.PatchLayer;
import io.dsh4j.kernel.loader.ProfileLayers;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code dsh4j profile dump [--profile NAME] [--patch FILE]...}: prints the composed entry list, like
 * DSH's {@code --dump-config}, without booting anything. Layers, in order: the profile's bundles, its
 * {@code cordis.patch.yml}, the home's {@code cordis.patch.yml}, then each {@code --patch}. Each run of
 * rows is preceded by a {@code # ==} comment naming the file it came from and the layers that patched
 * it; patches that match nothing are reported on standard error.
 */
@Command(
        name = "dump",
        mixinStandardHelpOptions = true,
        description = {"Print the composed plugin entry list (like DSH's --dump-config) without booting it.",
            "Layers: the profile's bundles, its cordis.patch.yml, the home's cordis.patch.yml, then each --patch."})
public final class ProfileDumpCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--home", paramLabel = "DIR", description = "The harness home (default: $DSH_HOME, else ~/.dsh).")
    Path home;

    @Option(names = "--profile", paramLabel = "NAME", description = "The profile under <home>/profiles to compose.")
    String profile;

    @Option(names = "--patch", paramLabel = "FILE", description = "An overlay patch file, applied last (repeatable).")
    List<Path> patches = new ArrayList<>();

    @Option(names = "--default-only", description = "Only the bundle layers (DSH's --dump-default-config).")
    boolean defaultOnly;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path resolvedHome = home != null ? home : defaultHome();
        for (Path patch : patches) {
            if (!Files.isRegularFile(patch)) {
                err.println("dsh4j: no such patch file: " + patch.toAbsolutePath().normalize());
                return ExitCodes.INPUT_UNAVAILABLE;
            }
        }
        if (profile != null && !Files.isDirectory(resolvedHome.resolve("profiles").resolve(profile))) {
            err.println("dsh4j: no such profile \"" + profile + "\" in " + resolvedHome.resolve("profiles"));
            return ExitCodes.INPUT_UNAVAILABLE;
        }
        try {
            List<PatchLayer> layers = ProfileLayers.resolve(resolvedHome, profile, patches, defaultOnly,
                    ProfileDumpCommand.class.getClassLoader());
            Composition composition = Composition.compose(layers);
            composition.warnings().forEach(w -> err.println("dsh4j: " + w));
            out.print(composition.dump());
            out.flush();
            return ExitCodes.OK;
        } catch (LoaderException e) {
            err.println("dsh4j: " + e.getMessage());
            return ExitCodes.PROBLEM_FOUND;
        }
    }

    /** {@code DSH_HOME}, else {@code ~/.dsh}, as DSH resolves it. */
    static Path defaultHome() {
        String env = System.getenv("DSH_HOME");
        return env != null && !env.isBlank() ? Path.of(env) : Path.of(System.getProperty("user.home"), ".dsh");
    }
}
