package io.dsh4j.kernel.loader;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The patch layers of a boot, in DSH's order (spec §2.4): each bundle of the profile, in its listed
 * order → the profile's {@code cordis.patch.yml} → the home's {@code cordis.patch.yml} → every
 * {@code --patch} overlay. Later layers win per row.
 *
 * <p>A profile is {@code <home>/profiles/<name>/}; its {@code package.json} lists bundles under
 * {@code dsh.profile.bundles}. A bundle is found first on the class path, as the resource
 * {@code META-INF/dsh4j/bundles/<bundle>/cordis.patch.yml} (how a dsh4j plugin jar ships one), then in
 * the profile as {@code node_modules/<bundle>/package.json} naming its patch under
 * {@code dsh.bundle.patch}. The profile and home patch files are optional; named overlays are not.
 */
public final class ProfileLayers {

    /** The file name of a patch layer. */
    public static final String PATCH_FILE = "cordis.patch.yml";

    private static final ObjectMapper JSON = new ObjectMapper();

    private ProfileLayers() {}

    /**
     * @param home the harness home ({@code --home}, else {@code DSH_HOME}, else {@code ~/.dsh})
     * @param profile the profile name, or {@code null} for none
     * @param overlays {@code --patch} files, in command-line order
     * @param defaultOnly only the bundle layers (DSH's {@code --dump-default-config})
     * @param classLoader where bundles shipped in jars are looked up
     * @throws LoaderException naming the file that is missing, unreadable or malformed
     */
    public static List<PatchLayer> resolve(Path home, String profile, List<Path> overlays, boolean defaultOnly,
                                           ClassLoader classLoader) {
        List<PatchLayer> layers = new ArrayList<>();
        if (profile != null) {
            Path dir = home.resolve("profiles").resolve(profile);
            if (!Files.isDirectory(dir)) {
                throw new LoaderException(new Problem(dir.toString(), null, null, "no such profile \"" + profile + "\""));
            }
            for (String bundle : bundlesOf(dir)) {
                layers.add(bundle(bundle, dir, classLoader));
            }
            if (!defaultOnly) {
                optional(dir.resolve(PATCH_FILE), layers);
            }
        }
        if (!defaultOnly) {
            optional(home.resolve(PATCH_FILE), layers);
            for (Path overlay : overlays) {
                layers.add(PatchLayer.read(overlay));
            }
        }
        return layers;
    }

    private static void optional(Path file, List<PatchLayer> layers) {
        if (Files.exists(file)) {
            layers.add(PatchLayer.read(file));
        }
    }

    private static List<String> bundlesOf(Path profileDir) {
        Path manifest = profileDir.resolve("package.json");
        if (!Files.exists(manifest)) {
            return List.of();
        }
        JsonNode bundles = readJson(manifest).path("dsh").path("profile").path("bundles");
        if (bundles.isMissingNode()) {
            return List.of();
        }
        if (!bundles.isArray()) {
            throw new LoaderException(new Problem(manifest.toString(), null, "dsh.profile.bundles",
                    "must be a list of bundle names"));
        }
        List<String> names = new ArrayList<>();
        for (JsonNode b : bundles) {
            if (!b.isTextual()) {
                throw new LoaderException(new Problem(manifest.toString(), null, "dsh.profile.bundles",
                        "bundle names must be strings, not " + b));
            }
            names.add(b.textValue());
        }
        return names;
    }

    private static PatchLayer bundle(String name, Path profileDir, ClassLoader classLoader) {
        String resource = "META-INF/dsh4j/bundles/" + name + "/" + PATCH_FILE;
        try (InputStream in = classLoader.getResourceAsStream(resource)) {
            if (in != null) {
                byte[] bytes = in.readNBytes((int) PatchLayer.MAX_BYTES + 1);
                if (bytes.length > PatchLayer.MAX_BYTES) {
                    throw new LoaderException(new Problem(name, null, null, "bundle patch is too large"));
                }
                return PatchLayer.parse(name, new String(bytes, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new LoaderException(new Problem(name, null, null, "cannot read bundle: " + e.getMessage()));
        }
        Path manifest = profileDir.resolve("node_modules").resolve(name).resolve("package.json");
        if (!Files.exists(manifest)) {
            throw new LoaderException(new Problem(profileDir.resolve("package.json").toString(), null,
                    "dsh.profile.bundles", "bundle \"" + name + "\" is neither on the class path nor installed in the profile"));
        }
        JsonNode patch = readJson(manifest).path("dsh").path("bundle").path("patch");
        if (!patch.isTextual()) {
            throw new LoaderException(new Problem(manifest.toString(), null, "dsh.bundle.patch",
                    "package \"" + name + "\" is not a bundle (no dsh.bundle.patch)"));
        }
        PatchLayer read = PatchLayer.read(manifest.getParent().resolve(patch.textValue()));
        return new PatchLayer(name, read.patches());
    }

    private static JsonNode readJson(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new LoaderException(new Problem(file.toString(), null, null, "cannot read: " + e.getMessage()));
        }
    }
}
