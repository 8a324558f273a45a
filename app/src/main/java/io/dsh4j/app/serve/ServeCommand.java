package io.dsh4j.app.serve;

import io.dsh4j.app.ExitCodes;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.session.SessionHome;
import io.dsh4j.web.WebRoutes;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dsh4j serve}: the web console on a local port. Binds loopback by default and prints the
 * URL; a non-loopback address must be listed with {@code --trusted-host} (the console has no
 * authentication: the trust fence of spec §6.2 is a reachability policy). Runs until interrupted.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "The web console: sessions, transcripts, health, handoff and merge previews in a browser (no model, no network).")
public final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--home", paramLabel = "DIR", description = "The DSH home (default: $DSH_HOME, else ~/.dsh).")
    String home;

    @Option(names = "--port", paramLabel = "N", defaultValue = "3080", description = "The port (default: ${DEFAULT-VALUE}; 0 picks a free one).")
    int port;

    @Option(names = "--host", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "The address to bind (default: ${DEFAULT-VALUE}); another than loopback must be listed with --trusted-host.")
    String host;

    @Option(names = "--trusted-host", paramLabel = "H[:PORT]",
            description = "A host name or address the console may be reached by besides loopback (repeatable; canonical bare host[:port]).")
    List<String> trustedHosts = new ArrayList<>();

    @Option(names = "--open", description = "Open the console in the default browser.")
    boolean open;

    /** Counted down when the server should stop (tests; the JVM's shutdown otherwise). */
    final CountDownLatch stop = new CountDownLatch(1);

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (port < 0 || port > HostAuthority.MAX_PORT) {
            err.println("dsh4j serve: " + ServeTexts.get("serve.badPort", Integer.toString(port)));
            return ExitCodes.USAGE;
        }
        TrustedHosts trusted;
        try {
            trusted = TrustedHosts.of(trustedHosts);
        } catch (IllegalArgumentException e) {
            err.println("dsh4j serve: " + ServeTexts.get("serve.badTrustedHost", e.getMessage()));
            return ExitCodes.USAGE;
        }
        SessionHome h = SessionHome.resolve(home);
        Kernel kernel = Kernel.create();
        ConsoleRoutes routes = new ConsoleRoutes(new WebRoutes(), kernel.root());
        new ConsoleApi(h, Clock.systemUTC()).register(routes);
        routes.registerFallback(ConsoleRoutes.Access.TRUSTED_HOST, new StaticAssets());
        ConsoleServer server;
        try {
            ConsoleServer.checkBindable(host, trusted);
            server = ConsoleServer.start(host, port, routes, trusted, ServerLimits.DEFAULTS);
        } catch (IllegalArgumentException e) {
            err.println("dsh4j serve: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (RuntimeException e) {
            err.println("dsh4j serve: " + ServeTexts.get("serve.cannotStart", host + ":" + port, String.valueOf(e.getMessage())));
            return ExitCodes.INPUT_UNAVAILABLE;
        }
        Thread hook = new Thread(stop::countDown, "dsh4j-serve-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try (kernel; server) {
            URI url = server.url();
            out.println(ServeTexts.get("serve.listening", url));
            out.println(ServeTexts.get("serve.home", h.dir()));
            out.println(ServeTexts.get("serve.stop"));
            out.flush();
            if (open) openBrowser(url, err);
            stop.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is already stopping: the hook has run
            }
        }
        return ExitCodes.OK;
    }

    private static void openBrowser(URI url, PrintWriter err) {
        try {
            new ProcessBuilder("xdg-open", url.toString()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            err.println("dsh4j serve: " + ServeTexts.get("serve.openFailed", e.getMessage(), url));
            err.flush();
        }
    }
}
