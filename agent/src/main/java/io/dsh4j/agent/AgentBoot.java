package io.dsh4j.agent;

import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.ServiceKey;
import io.dsh4j.kernel.loader.Composition;
import io.dsh4j.kernel.loader.Loader;
import io.dsh4j.kernel.loader.PatchLayer;
import io.dsh4j.kernel.loader.PluginCatalog;
import java.util.List;

/**
 * A booted profile: a kernel, the loader that mounted the composed rows (audited: every enabled row
 * active), and access to the runtime's services. {@link #close()} disposes every agent (their last
 * events flushed) and the kernel.
 */
public final class AgentBoot implements AutoCloseable {

    private final Kernel kernel;
    private final Loader loader;
    private final Composition composition;

    private AgentBoot(Kernel kernel, Loader loader, Composition composition) {
        this.kernel = kernel;
        this.loader = loader;
        this.composition = composition;
    }

    /**
     * Composes {@code layers} and boots them with the plugins found on {@code classLoader}.
     *
     * @throws io.dsh4j.kernel.loader.LoaderException naming each row that failed or still waits
     */
    public static AgentBoot start(List<PatchLayer> layers, ClassLoader classLoader) {
        Composition composition = Composition.compose(layers);
        Kernel kernel = Kernel.create();
        try {
            Loader loader = Loader.start(kernel.root(), PluginCatalog.discover(classLoader), composition);
            return new AgentBoot(kernel, loader, composition);
        } catch (RuntimeException e) {
            kernel.close();
            throw e;
        }
    }

    public Context root() {
        return kernel.root();
    }

    public Composition composition() {
        return composition;
    }

    /** A service of the booted tree. @throws IllegalStateException when it is not there */
    public <T> T service(ServiceKey<T> key) {
        return kernel.root().get(key).orElseThrow(() -> new IllegalStateException("the profile provides no " + key.name()
                + " service"));
    }

    /** The ids of the mounted rows (a disabled row is not mounted). */
    public java.util.List<String> mountedIds() {
        return loader.mountedIds();
    }

    public AgentRegistry agents() {
        return service(AgentRegistry.KEY);
    }

    @Override
    public void close() {
        try {
            kernel.root().get(AgentRegistry.KEY).ifPresent(AgentRegistry::disposeAll);
            loader.dispose().join();
        } finally {
            kernel.close();
        }
    }
}
