package io.dsh4j.agent;

import io.dsh4j.kernel.loader.LoaderException;
import io.dsh4j.kernel.loader.PatchLayer;
import io.dsh4j.kernel.loader.ProfileLayers;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * dsh4j's default profile: the bundle {@value #BUNDLE} (every row of the agent runtime, DeepSeek as
 * the default route), used when no {@code --profile} is named. A named profile lists its own
 * bundles ({@code @dsh4j/base} among them, usually).
 */
public final class DefaultProfile {

    /** The bundle name. */
    public static final String BUNDLE = "@dsh4j/base";

    /** The default route and model. */
    public static final String DEFAULT_PROVIDER = "deepseek-official";
    public static final String DEFAULT_MODEL = "deepseek-v4-flash";

    private DefaultProfile() {}

    /** The bundle's patch layer, read from the class path. */
    public static PatchLayer bundle() {
        String resource = "META-INF/dsh4j/bundles/" + BUNDLE + "/" + ProfileLayers.PATCH_FILE;
        try (InputStream in = DefaultProfile.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException("the default profile " + resource + " is missing from the class path");
            return PatchLayer.parse(BUNDLE, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the default profile: " + e.getMessage(), e);
        }
    }

    /**
     * The layers of a boot: the default bundle when {@code profile} is {@code null}, else the profile's
     * bundles; then (unless {@code defaultOnly}) the profile's patch, the home's, and each overlay.
     *
     * @throws LoaderException naming a missing or malformed file
     */
    public static List<PatchLayer> layers(Path home, String profile, List<Path> overlays, boolean defaultOnly,
                                          ClassLoader classLoader) {
        List<PatchLayer> layers = new ArrayList<>();
        if (profile == null) layers.add(bundle());
        layers.addAll(ProfileLayers.resolve(home, profile, overlays, defaultOnly, classLoader));
        return layers;
    }
}
