package io.dsh4j.app.serve;

import io.dsh4j.agent.AgentBoot;
import io.dsh4j.agent.DefaultProfile;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.app.run.AgentLaunch;
import io.dsh4j.app.run.RunCommand;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.session.SessionHome;
import io.dsh4j.web.WebRoutes;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.ResourceBundle;
import java.util.function.UnaryOperator;
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
 * authentication: the trust fence of spec §6.2 is a reachability policy). With a model configured
 * (as for {@code dsh4j run}: {@code --base-url}, {@code DEEPSEEK_BASE_URL} or {@code DEEPSEEK_API_KEY})
 * it boots the agent runtime so that the page can prompt, steer and cancel; without one nothing is
 * booted and the console only reads. Runs until interrupted.
 */
@Command(name = "serve", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        description = "The web console: sessions, transcripts, health, handoff, merge previews and deliberation rounds in a browser; live sessions and prompting when a model is configured.")
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

    @Option(names = "--cwd", paramLabel = "DIR", description = "The working directory of sessions started from the console (default: the current one).")
    Path cwd;

    @Option(names = "--base-url", paramLabel = "URL", description = "The model server's base URL (else $DEEPSEEK_BASE_URL; with neither nor $DEEPSEEK_API_KEY the console only reads).")
    String baseUrl;

    @Option(names = "--provider", paramLabel = "ID", description = "The model route (default: deepseek; openai-compatible for a local server).")
    String provider;

    @Option(names = "--model", paramLabel = "M", description = "The model of prompts sent from the console.")
    String model;

    @Option(names = "--effort", paramLabel = "E", description = "The reasoning effort: off, low, high or max.")
    String effort;

    @Option(names = "--yes", description = "Allow every tool call of agents prompted from the console (bash, write, edit) without asking.")
    boolean yes;

    /** The environment (tests replace it). */
    UnaryOperator<String> env = System::getenv;

    /** Counted down when the server should stop (tests; the JVM's shutdown otherwise). */
    final CountDownLatch stop = new CountDownLatch(1);

    /** Completed with the console's address once it listens (tests). */
    final java.util.concurrent.CompletableFuture<URI> started = new java.util.concurrent.CompletableFuture<>();

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
        LiveEvents liveEvents = new LiveEvents(LiveEvents.Limits.DEFAULTS);
        LiveAgents live;
        if (AgentLaunch.modelConfigured(baseUrl, env)) {
            AgentLaunch.Prepared prepared = AgentLaunch.prepare(ResourceBundle.getBundle(RunCommand.TEXTS), effort, provider,
                    baseUrl, cwd, home, yes, env, err);
            if (prepared.launch() == null) return prepared.exitCode();
            AgentLaunch launch = prepared.launch();
            AgentBoot boot = launch.boot(null, List.of(), err);
            if (boot == null) return ExitCodes.PROBLEM_FOUND;
            LiveAgents.ModelInfo info = new LiveAgents.ModelInfo(launch.route, model != null ? model : DefaultProfile.DEFAULT_MODEL,
                    effort, yes);
            live = LiveAgents.over(boot, info, launch.workDir, liveEvents);
            out.println(ServeTexts.get("serve.model", info.route(), info.model()));
        } else {
            live = LiveAgents.none(liveEvents);
            out.println(ServeTexts.get("serve.readOnly"));
        }
        Kernel kernel = Kernel.create();
        ConsoleRoutes routes = new ConsoleRoutes(new WebRoutes(), kernel.root());
        new ConsoleApi(h, Clock.systemUTC(), live).register(routes);
        routes.registerFallback(ConsoleRoutes.Access.TRUSTED_HOST, new StaticAssets());
        ConsoleServer server;
        try {
            ConsoleServer.checkBindable(host, trusted);
            server = ConsoleServer.start(host, port, routes, trusted, ServerLimits.DEFAULTS);
        } catch (IllegalArgumentException e) {
            live.close();
            kernel.close();
            err.println("dsh4j serve: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (RuntimeException e) {
            live.close();
            kernel.close();
            err.println("dsh4j serve: " + ServeTexts.get("serve.cannotStart", host + ":" + port, String.valueOf(e.getMessage())));
            return ExitCodes.INPUT_UNAVAILABLE;
        }
        Thread hook = new Thread(stop::countDown, "dsh4j-serve-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try (live; kernel; server) {
            URI url = server.url();
            out.println(ServeTexts.get("serve.listening", url));
            out.println(ServeTexts.get("serve.home", h.dir()));
            out.println(ServeTexts.get("serve.stop"));
            out.flush();
            started.complete(url);
            if (open) openBrowser(url, err);
            try {
                stop.await();
            } finally {
                liveEvents.shutdown();
            }
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
