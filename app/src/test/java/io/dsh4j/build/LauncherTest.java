package io.dsh4j.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/dsh4j} before the build: it says how to build instead of failing obscurely. After the
 * build: {@code LauncherIT}. And the JVM the launcher starts (issue 16, start-up): a fake JDK home
 * whose {@code bin/java} prints its arguments, one per line, stands in for the real one, so the
 * options, the AOT cache's use and its fallbacks are seen exactly.
 */
class LauncherTest {

    @TempDir Path temp;

    /** A copy of the launcher scripts in {@code dir}, optionally with a (fake) built distribution. */
    Path checkout(String name, boolean built) throws IOException {
        Path dir = Files.createDirectories(temp.resolve(name));
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (String script : new String[] {"dsh4j", "find-jdk"}) {
            Files.copy(Repo.root().resolve("bin").resolve(script), bin.resolve(script), StandardCopyOption.COPY_ATTRIBUTES);
        }
        if (built) {
            Path lib = Files.createDirectories(dir.resolve("app/target/dist/lib"));
            Files.writeString(lib.resolve("dsh4j-app.jar"), "jar");
            Files.setLastModifiedTime(lib.resolve("dsh4j-app.jar"), FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));
        }
        return dir;
    }

    /** A fake JDK home of {@code version} whose java prints its arguments. */
    Path jdk(String name, String version) throws IOException {
        Path home = Files.createDirectories(temp.resolve("jdks").resolve(name).resolve("bin")).getParent();
        FindJdkTest.executable(home.resolve("bin/java"), "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done\n");
        FindJdkTest.executable(home.resolve("bin/javac"), "#!/bin/sh\nexit 0\n");
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_RUNTIME_VERSION=\"" + version
                + "+7-LTS\"\nJAVA_VERSION=\"" + version + "\"\n");
        return home;
    }

    /** Writes an AOT cache and its stamp into the checkout, as the build does; {@code stampOf} names the JDK it was made by. */
    static Path cache(Path checkout, Path stampOf, String version) throws IOException {
        Path cache = checkout.resolve("app/target/dist/dsh4j.aot");
        Files.writeString(cache, "cache");
        Files.writeString(checkout.resolve("app/target/dist/dsh4j.aot.jdk"), stampOf.toRealPath() + " " + version + "+7-LTS\n");
        return cache;
    }

    Repo.Run launch(Path checkout, Path jdk, Map<String, String> extra, String... args) {
        Map<String, String> env = new HashMap<>(extra);
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("JAVA_HOME", jdk.toString());
        String[] command = new String[args.length + 1];
        command[0] = checkout.resolve("bin/dsh4j").toString();
        System.arraycopy(args, 0, command, 1, args.length);
        return Repo.run(env, checkout, command);
    }

    static List<String> jvmArgs(Repo.Run r) {
        assertThat(r.code()).as(r.err()).isZero();
        return r.out().lines().toList();
    }

    @Test
    void before_the_build_the_launcher_says_which_command_builds_dsh4j() throws IOException {
        Path checkout = checkout("unbuilt", false);
        Repo.Run r = Repo.run(Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin")), checkout,
                checkout.resolve("bin/dsh4j").toString(), "--help");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo("dsh4j is not built yet: run  ./mvnw -q -DskipTests package  in " + checkout.toRealPath() + "\n");
    }

    @Test
    void short_runs_get_c1_and_the_serial_gc_and_dsh4j_opts_comes_after_them_so_it_overrides() throws IOException {
        Path checkout = checkout("plain", true);
        List<String> args = jvmArgs(launch(checkout, jdk("21", "21.0.4"),
                Map.of("DSH4J_OPTS", "-XX:TieredStopAtLevel=4 -XX:+UseG1GC"), "health", "x y"));
        Path lib = checkout.toRealPath().resolve("app/target/dist/lib");
        assertThat(args).containsExactly("--enable-native-access=ALL-UNNAMED", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-XX:-UsePerfData", "-Xms32m", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30", "-XX:TieredStopAtLevel=4", "-XX:+UseG1GC", "-cp", lib + "/*", "io.dsh4j.app.Main", "health", "x y");
    }

    @Test
    void when_dsh4j_opts_sizes_the_heap_the_launchers_heap_options_stay_out_so_a_small_xmx_still_starts() throws IOException {
        Path checkout = checkout("sized", true);
        for (String sizing : List.of("-Xmx16m", "-Xms8m", "-XX:MaxHeapSize=16m")) {
            List<String> args = jvmArgs(launch(checkout, jdk("21", "21.0.4"), Map.of("DSH4J_OPTS", "-Dx=1 " + sizing), "--help"));
            assertThat(args).as(sizing).contains("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", sizing)
                    .doesNotContain("-Xms32m", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30");
        }
    }

    @Test
    void dsh4j_tuning_0_leaves_the_start_up_options_out() throws IOException {
        List<String> args = jvmArgs(launch(checkout("untuned", true), jdk("25", "25.0.1"), Map.of("DSH4J_TUNING", "0"), "--help"));
        assertThat(args).doesNotContain("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xms32m")
                .contains("--enable-native-access=ALL-UNNAMED", "io.dsh4j.app.Main", "--help");
    }

    @Test
    void on_jdk_25_the_cache_made_by_this_jdk_is_used_and_its_messages_are_silenced() throws IOException {
        Path checkout = checkout("with space", true);
        Path jdk = jdk("25", "25.0.1");
        Path cache = cache(checkout, jdk, "25.0.1");
        List<String> args = jvmArgs(launch(checkout, jdk, Map.of(), "--help"));
        assertThat(args).contains("-XX:AOTCache=" + cache.toRealPath(), "-Xlog:aot=off", "-Xlog:cds=off");
        assertThat(args.indexOf("-XX:AOTCache=" + cache.toRealPath())).isLessThan(args.indexOf("-cp"));
    }

    @Test
    void a_lone_version_option_starts_without_a_valid_cache_and_anything_more_maps_it() throws IOException {
        Path checkout = checkout("version", true);
        Path jdk = jdk("25", "25.0.1");
        Path cache = cache(checkout, jdk, "25.0.1");
        for (String alone : List.of("--version", "-V")) {
            assertThat(jvmArgs(launch(checkout, jdk, Map.of(), alone))).as(alone)
                    .noneMatch(a -> a.startsWith("-XX:AOTCache")).endsWith("io.dsh4j.app.Main", alone);
        }
        assertThat(jvmArgs(launch(checkout, jdk, Map.of(), "sessions", "--version")))
                .contains("-XX:AOTCache=" + cache.toRealPath());
        assertThat(jvmArgs(launch(checkout, jdk, Map.of(), "--version", "--help")))
                .contains("-XX:AOTCache=" + cache.toRealPath());
    }

    @Test
    void the_top_level_help_alone_maps_the_help_cache_when_there_is_one_and_the_full_cache_otherwise() throws IOException {
        Path checkout = checkout("help-cache", true);
        Path jdk = jdk("25", "25.0.1");
        Path cache = cache(checkout, jdk, "25.0.1");
        for (String[] help : List.of(new String[0], new String[] {"--help"}, new String[] {"-h"}, new String[] {"help"})) {
            assertThat(jvmArgs(launch(checkout, jdk, Map.of(), help))).as(String.join(" ", help))
                    .contains("-XX:AOTCache=" + cache.toRealPath());
        }
        Path helpCache = cache.resolveSibling("dsh4j-help.aot");
        Files.writeString(helpCache, "help cache");
        Files.copy(cache.resolveSibling("dsh4j.aot.jdk"), cache.resolveSibling("dsh4j-help.aot.jdk"));
        for (String[] help : List.of(new String[0], new String[] {"--help"}, new String[] {"-h"}, new String[] {"help"})) {
            assertThat(jvmArgs(launch(checkout, jdk, Map.of(), help))).as(String.join(" ", help))
                    .contains("-XX:AOTCache=" + helpCache.toRealPath());
        }
        for (String[] more : List.of(new String[] {"help", "sessions"}, new String[] {"sessions", "--help"},
                new String[] {"--help", "-V"}, new String[] {"health", "x"})) {
            assertThat(jvmArgs(launch(checkout, jdk, Map.of(), more))).as(String.join(" ", more))
                    .contains("-XX:AOTCache=" + cache.toRealPath());
        }
        Files.writeString(cache.resolveSibling("dsh4j-help.aot.jdk"), "another jdk\n");
        assertThat(jvmArgs(launch(checkout, jdk, Map.of(), "--help"))).as("a help cache of another JDK is not used")
                .noneMatch(a -> a.startsWith("-XX:AOTCache"));
    }

    @Test
    void dsh4j_aot_0_leaves_the_cache_out() throws IOException {
        Path checkout = checkout("off", true);
        Path jdk = jdk("25", "25.0.1");
        cache(checkout, jdk, "25.0.1");
        assertThat(jvmArgs(launch(checkout, jdk, Map.of("DSH4J_AOT", "0"), "--help"))).noneMatch(a -> a.startsWith("-XX:AOTCache"));
    }

    @Test
    void a_cache_made_by_another_jdk_or_another_build_of_it_is_not_used() throws IOException {
        Path checkout = checkout("other-jdk", true);
        Path jdk = jdk("25", "25.0.1");
        cache(checkout, jdk("25b", "25.0.1"), "25.0.1");
        assertThat(jvmArgs(launch(checkout, jdk, Map.of(), "--help"))).noneMatch(a -> a.startsWith("-XX:AOTCache"));
        cache(checkout, jdk, "25.0.2");
        assertThat(jvmArgs(launch(checkout, jdk, Map.of(), "--help"))).noneMatch(a -> a.startsWith("-XX:AOTCache"));
    }

    @Test
    void a_cache_older_than_the_jars_is_not_used() throws IOException {
        Path checkout = checkout("stale", true);
        Path jdk = jdk("25", "25.0.1");
        Path cache = cache(checkout, jdk, "25.0.1");
        Files.setLastModifiedTime(cache, FileTime.from(Instant.parse("2025-01-01T00:00:00Z")));
        assertThat(jvmArgs(launch(checkout, jdk, Map.of(), "--help"))).noneMatch(a -> a.startsWith("-XX:AOTCache"));
    }

    @Test
    void on_jdk_21_the_cache_is_never_passed_since_that_jvm_would_refuse_the_option() throws IOException {
        Path checkout = checkout("jdk21", true);
        Path jdk = jdk("21", "21.0.4");
        cache(checkout, jdk, "21.0.4");
        List<String> args = jvmArgs(launch(checkout, jdk, Map.of(), "--help"));
        assertThat(args).noneMatch(a -> a.startsWith("-XX:AOTCache") || a.startsWith("-Xlog:aot"));
        assertThat(args).endsWith("io.dsh4j.app.Main", "--help");
    }

    @Test
    void training_on_jdk_21_says_why_there_is_no_cache_and_removes_a_stale_one() throws IOException {
        Path checkout = checkout("train21", true);
        Path jdk = jdk("21", "21.0.4");
        Path cache = cache(checkout, jdk, "21.0.4");
        Files.writeString(cache.resolveSibling("dsh4j-help.aot"), "stale help cache");
        Repo.Run r = launch(checkout, jdk, Map.of("DSH4J_AOT_TRAIN", cache.toString()));
        assertThat(r.code()).isZero();
        assertThat(r.err()).contains("no AOT cache").contains("JDK 21").contains("JDK 25 or newer");
        assertThat(cache).doesNotExist();
        assertThat(cache.resolveSibling("dsh4j.aot.jdk")).doesNotExist();
        assertThat(cache.resolveSibling("dsh4j-help.aot")).doesNotExist();
    }

    @Test
    void training_on_jdk_25_runs_the_training_class_with_the_options_of_every_run_and_stamps_the_cache() throws IOException {
        Path checkout = checkout("train25", true);
        Path jdk = jdk("25", "25.0.1");
        Path cache = checkout.resolve("app/target/dist/dsh4j.aot");
        // the fake java prints its arguments; make it also "create" the cache, as the real one does at exit
        FindJdkTest.executable(jdk.resolve("bin/java"), "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; case \"$a\" in "
                + "-XX:AOTCacheOutput=*) echo made > \"${a#-XX:AOTCacheOutput=}\" ;; esac; done\n");
        Repo.Run r = launch(checkout, jdk, Map.of("DSH4J_AOT_TRAIN", cache.toString(), "DSH4J_OPTS", "-Xmx1m"));
        assertThat(r.code()).as(r.err()).isZero();
        List<String> args = Files.readAllLines(cache.resolveSibling("dsh4j.aot.log"));
        assertThat(args).contains("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:AOTCacheOutput=" + cache, "io.dsh4j.app.AotTraining")
                .doesNotContain("-Xmx1m");
        // classes only, no method profiles: replaying the training's profiles made small runs compile more
        assertThat(args).containsSubsequence("-XX:+UnlockDiagnosticVMOptions", "-XX:-AOTRecordTraining");
        assertThat(Files.readString(cache.resolveSibling("dsh4j.aot.jdk"))).isEqualTo(jdk.toRealPath() + " 25.0.1+7-LTS\n");
        Path helpCache = cache.resolveSibling("dsh4j-help.aot");
        assertThat(Files.readAllLines(cache.resolveSibling("dsh4j-help.aot.log"))).as("the help cache's training")
                .contains("-XX:AOTCacheOutput=" + helpCache, "io.dsh4j.app.AotTraining").endsWith("help");
        assertThat(Files.readString(cache.resolveSibling("dsh4j-help.aot.jdk"))).isEqualTo(jdk.toRealPath() + " 25.0.1+7-LTS\n");
    }
}
