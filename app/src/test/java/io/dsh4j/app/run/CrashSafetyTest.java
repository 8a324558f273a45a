package io.dsh4j.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.ReplayModelServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11, crash safety (a small sample; {@code bench}'s RunCrashDriver runs a thousand kills):
 * SIGKILL during replayed runs leaves a log that is ok or torn, and {@code --resume} repairs and
 * continues it without losing a committed batch or repeating a seq.
 */
class CrashSafetyTest {

    static {
        System.setProperty("dsh4j.run.signals", "false");
    }

    static final List<String> RECORDINGS = List.of("fs-read", "bash-tool-turn", "parallel-tool-calls", "fs-write", "text-turn");

    @TempDir
    Path work;

    @Test
    void sigkill_at_random_moments_never_loses_a_committed_batch_and_resume_repairs_the_log() throws Exception {
        List<Path> logs = new ArrayList<>();
        List<String> prompts = new ArrayList<>();
        for (String name : RECORDINGS) {
            Path log = Corpus.rawDir().resolve("examples/acp-agent/tests/snapshots").resolve(name).resolve("session.jsonl");
            logs.add(log);
            prompts.add(Recording.of(log).prompt());
        }
        Map<Path, ReplayModelServer> servers = new HashMap<>();
        try {
            CrashDrill drill = new CrashDrill(logs, prompts, recording -> {
                ReplayModelServer s = servers.get(recording);
                if (s == null) {
                    s = ReplayModelServer.start(recording, 0, List.of("--delay-ms", "150"));
                    servers.put(recording, s);
                }
                return s.baseUrl();
            }, work, 11);
            CrashDrill.Result r = drill.run(3, 300);
            System.out.println("crash sample: " + r);
            assertThat(r.failures()).isEmpty();
            assertThat(r.kills()).isEqualTo(3);
            assertThat(r.resumed()).isEqualTo(r.kills());
            assertThat(r.ok() + r.torn()).isPositive();
        } finally {
            servers.values().forEach(ReplayModelServer::close);
        }
    }
}
