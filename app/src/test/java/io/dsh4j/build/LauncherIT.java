package io.dsh4j.build;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.testkit.Corpus;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 2: "{@code bin/dsh4j --help} works right after the build command", and the README's main job
 * runs from the distribution. Runs after {@code package} (the {@code distribution} surefire execution
 * of {@code app/pom.xml}), against the real {@code app/target/dist} through the real launcher, in a
 * process of its own with the user's home replaced by an empty folder.
 */
class LauncherIT {

    @TempDir Path home;

    Repo.Run dsh4j(String... args) {
        return dsh4j(Map.of(), "", args);
    }

    Repo.Run dsh4j(Map<String, String> extraEnv, String extraOpts, String... args) {
        Map<String, String> env = new HashMap<>(extraEnv);
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        if (System.getenv("JAVA_HOME") != null) env.put("JAVA_HOME", System.getenv("JAVA_HOME"));
        env.put("HOME", home.toString());
        env.put("DSH4J_OPTS", "-Duser.home=" + home + " -Duser.language=en -Duser.country=US " + extraOpts);
        String[] command = new String[args.length + 1];
        command[0] = Repo.root().resolve("bin/dsh4j").toString();
        System.arraycopy(args, 0, command, 1, args.length);
        return Repo.run(env, home, command);
    }

    @Test
    void help_works_right_after_the_build_and_lists_the_commands_and_exit_codes() {
        Repo.Run r = dsh4j("--help");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("Usage: dsh4j").contains("sessions").contains("Exit codes:").contains("70");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void the_readme_run_without_a_model_says_in_one_screen_how_to_configure_one_and_exits_3() {
        Repo.Run r = dsh4j("run", "List the files here");
        assertThat(r.code()).as(r.err()).isEqualTo(3);
        assertThat(r.err()).contains("export DEEPSEEK_API_KEY=").contains("--base-url http://127.0.0.1:8080/v1");
        assertThat(home.resolve(".dsh")).doesNotExist();
    }

    @Test
    void the_main_job_says_plainly_that_there_is_no_dsh_home() {
        Repo.Run r = dsh4j("sessions", "list");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo("No DSH sessions: there is no DSH home at " + home.resolve(".dsh")
                + " (set --home or DSH_HOME to use another one).\n");
    }

    @Test
    void the_distribution_reads_zstd_logs_with_its_native_decoder() {
        Path intact = Corpus.damagedDir().resolve("intact.jsonl.zstd");
        Repo.Run r = dsh4j("sessions", "verify", intact.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(intact + ": ok\n");
    }

    /** Issue 16: the build trains the AOT cache and the launcher maps it ({@code AOTMode=on} fails a JVM that cannot). */
    @Test
    void on_jdk_25_the_launcher_maps_the_cache_the_build_trained() {
        Assumptions.assumeTrue(Runtime.version().feature() >= 25, "the AOT cache needs JDK 25");
        Repo.Run r = dsh4j(Map.of(), "-XX:AOTMode=on", "--help");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("Usage: dsh4j");
        assertThat(r.err()).isEmpty();
    }

    /** Issue 16: a lone --version builds no command, so the launcher does not map the cache for it. */
    @Test
    void a_lone_version_starts_without_the_cache_and_prints_what_the_cached_run_prints() {
        Assumptions.assumeTrue(Runtime.version().feature() >= 25, "the AOT cache needs JDK 25");
        Repo.Run flags = dsh4j(Map.of(), "-XX:+PrintCommandLineFlags", "--version");
        assertThat(flags.code()).as(flags.err()).isZero();
        assertThat(flags.out()).doesNotContain("AOTCache=").contains("dsh4j ");
        Repo.Run help = dsh4j(Map.of(), "-XX:+PrintCommandLineFlags", "--help");
        assertThat(help.out()).as("any other command maps it").contains("AOTCache=");
        Repo.Run fast = dsh4j("--version");
        Repo.Run full = dsh4j("sessions", "--version");
        assertThat(fast.out()).isEqualTo(full.out()).startsWith("dsh4j ");
    }

    @Test
    void the_cache_and_the_start_up_options_change_no_output() {
        Path intact = Corpus.damagedDir().resolve("intact.jsonl.zstd");
        for (String[] args : new String[][] {{"--help"}, {"sessions", "stats", intact.toString()}, {"health", "--json", intact.toString(),
                "--now", "2026-09-19T02:00:00Z"}}) {
            Repo.Run tuned = dsh4j(args);
            Repo.Run plain = dsh4j(Map.of("DSH4J_AOT", "0", "DSH4J_TUNING", "0"), "", args);
            assertThat(tuned).as(String.join(" ", args)).isEqualTo(plain);
        }
    }
}
