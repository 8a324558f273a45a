package io.dsh4j.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/dsh4j} before the build: it says how to build instead of failing obscurely. After the build: {@code LauncherIT}. */
class LauncherTest {

    @TempDir Path checkout;

    @Test
    void before_the_build_the_launcher_says_which_command_builds_dsh4j() throws IOException {
        Path bin = Files.createDirectories(checkout.resolve("bin"));
        for (String script : new String[] {"dsh4j", "find-jdk"}) {
            Files.copy(Repo.root().resolve("bin").resolve(script), bin.resolve(script), StandardCopyOption.COPY_ATTRIBUTES);
        }
        Repo.Run r = Repo.run(Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin")), checkout,
                bin.resolve("dsh4j").toString(), "--help");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo("dsh4j is not built yet: run  ./mvnw -q -DskipTests package  in " + checkout.toRealPath() + "\n");
    }
}
