package io.dsh4j.app.profile;

import io.dsh4j.app.ExitCodes;
import io.dsh4j.app.HomeOption;
import io.dsh4j.kernel.loader.Composition;
import io.dsh4j.kernel.loader.LoaderException;
import io.dsh4j.kernel.loader.PatchLayer;
import io.dsh4j.kernel.loader.ProfileLayers;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dsh4j profile dump [--profile NAME] [--patch FILE]...}: prints the composed entry list, like
 * DSH's {@code --dump-config}, without booting anything. Layers, in order: the profile's bundles, its
 * {@code cordis.patch.yml}, the home's {@code cordis.patch.yml}, then each {@code --patch}. Each run of
 * rows is preceded by a {@code # ==} comment naming the file it came from and the layers that patched
 * it; patches that match nothing are reported on standard error. Texts: the {@value #TEXTS} bundle.
 */
@Command(name = "dump", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        resourceBundle = ProfileDumpCommand.TEXTS)
public final class ProfileDumpCommand implements Callable<Integer> {

    /** Help and messages of the profile commands ({@code en} default, {@code zh-CN}). */
    static final String TEXTS = "io.dsh4j.app.profile.Texts";

    @Spec
    CommandSpec spec;

    @Mixin HomeOption home;

    @Option(names = "--profile", paramLabel = "NAME")
    String profile;

    @Option(names = "--patch", paramLabel = "FILE")
    List<Path> patches = new ArrayList<>();

    @Option(names = "--default-only")
    boolean defaultOnly;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path resolvedHome = home.resolve().dir();
        for (Path patch : patches) {
            if (!Files.isRegularFile(patch)) {
                err.println(error(text("message.noPatch", patch.toAbsolutePath().normalize())));
                return ExitCodes.INPUT_UNAVAILABLE;
            }
        }
        Path profiles = resolvedHome.resolve("profiles");
        if (profile != null && !Files.isDirectory(profiles.resolve(profile))) {
            err.println(error(text("message.noProfile", profile, profiles)));
            return ExitCodes.INPUT_UNAVAILABLE;
        }
        try {
            List<PatchLayer> layers = io.dsh4j.agent.DefaultProfile.layers(resolvedHome, profile, patches, defaultOnly,
                    ProfileDumpCommand.class.getClassLoader());
            Composition composition = Composition.compose(layers);
            composition.warnings().forEach(w -> err.println(error(w)));
            out.print(composition.dump());
            out.flush();
            return ExitCodes.OK;
        } catch (LoaderException e) {
            err.println(error(e.getMessage()));
            return ExitCodes.PROBLEM_FOUND;
        }
    }

    private String text(String key, Object... args) {
        return new MessageFormat(spec.resourceBundle().getString(key), spec.resourceBundle().getLocale())
                .format(args);
    }

    private String error(String message) {
        return text("message.error", message);
    }
}
