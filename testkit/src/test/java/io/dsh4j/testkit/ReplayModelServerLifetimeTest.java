package io.dsh4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A JVM that ends without closing its replay server (a benchmark driver stopped with SIGTERM, a test
 * run interrupted) takes the server process with it: no orphaned {@code replay-model-server.py}.
 */
class ReplayModelServerLifetimeTest {

    /** The child JVM: starts a server, prints the server's pid, then waits to be terminated. */
    public static void main(String[] args) throws Exception {
        ReplayModelServer server = ReplayModelServer.start(Path.of(args[0]));
        long pid = ProcessHandle.current().children().findFirst().orElseThrow().pid();
        System.out.println("server " + pid + " " + server.port());
        System.out.flush();
        new java.util.concurrent.CountDownLatch(1).await(5, TimeUnit.MINUTES); // terminated by the test long before
    }

    @Test
    void a_jvm_terminated_without_close_stops_its_replay_server() throws Exception {
        Path session = Corpus.rawDir().resolve("examples/acp-agent/tests/snapshots/text-turn/session.jsonl");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                ReplayModelServerLifetimeTest.class.getName(), session.toString())
                .redirectErrorStream(true).start();
        long[] serverPid = {-1};
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            String found = null;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("server ")) {
                    found = line;
                    break;
                }
            }
            assertThat(found).as("the child's server line").isNotNull();
            serverPid[0] = Long.parseLong(List.of(found.split(" ")).get(1));
            Optional<ProcessHandle> server = ProcessHandle.of(serverPid[0]);
            assertThat(server).as("the server runs while the child does").isPresent();
            assertThat(server.get().isAlive()).isTrue();
            child.destroy(); // SIGTERM: the JVM runs its shutdown hooks, close() is never called
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
            server.get().onExit().get(60, TimeUnit.SECONDS);
            assertThat(server.get().isAlive()).as("the server outlived its JVM").isFalse();
        } finally {
            child.destroyForcibly();
            if (serverPid[0] > 0) ProcessHandle.of(serverPid[0]).ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
