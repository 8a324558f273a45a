package io.dsh4j.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 2, build: {@code bin/find-jdk} (used by {@code ./mvnw} and {@code bin/dsh4j}) finds a JDK ≥ 21
 * by itself — {@code JAVA_HOME} if it is ≥ 21, else the {@code java} on the PATH if ≥ 21, else the
 * newest one installed — and otherwise says what to install. Runs the real script against fake JDK
 * homes (a {@code bin/java} that prints a version, a {@code bin/javac}, maybe a {@code release} file)
 * with a PATH holding only the tools the script needs, and {@code DSH4J_JDK_SEARCH} standing in for
 * the machine's install folders.
 */
class FindJdkTest {

    @TempDir Path tmp;
    private Path tools;

    @BeforeEach
    void toolsOnly() throws IOException {
        tools = Files.createDirectories(tmp.resolve("tools"));
        for (String tool : new String[] {"sed", "head", "dirname", "readlink", "cat"}) {
            executable(tools.resolve(tool), "#!/bin/sh\nexec " + which(tool) + " \"$@\"\n");
        }
    }

    static Path which(String tool) {
        for (String dir : new String[] {"/usr/bin", "/bin", "/usr/local/bin"}) {
            Path p = Path.of(dir, tool);
            if (Files.isExecutable(p)) return p;
        }
        throw new IllegalStateException(tool + " not found");
    }

    /** A fake JDK home whose {@code java -version} says {@code version}; with a {@code release} file when asked. */
    Path jdk(String name, String version, boolean releaseFile, boolean javac) throws IOException {
        Path home = Files.createDirectories(tmp.resolve("jdks").resolve(name));
        Path bin = Files.createDirectories(home.resolve("bin"));
        executable(bin.resolve("java"), "#!/bin/sh\necho 'openjdk version \"" + version + "\" 2025-01-01' >&2\n");
        if (javac) executable(bin.resolve("javac"), "#!/bin/sh\nexit 0\n");
        if (releaseFile) Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"" + version + "\"\n");
        return home;
    }

    static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** A PATH folder whose {@code java} is a link into {@code home}, as distributions install it. */
    Path pathWithJava(Path home) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("path-" + home.getFileName()));
        Files.createSymbolicLink(dir.resolve("java"), home.resolve("bin/java"));
        return dir;
    }

    Repo.Run findJdk(String javaHome, Path javaOnPath, String search) {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", javaOnPath == null ? tools.toString() : javaOnPath + ":" + tools);
        env.put("HOME", tmp.resolve("user-home").toString());
        env.put("DSH4J_JDK_SEARCH", search);
        if (javaHome != null) env.put("JAVA_HOME", javaHome);
        return Repo.run(env, tmp, "/bin/sh", Repo.root().resolve("bin/find-jdk").toString());
    }

    @Test
    void java_home_of_21_or_newer_comes_first() throws IOException {
        Path home21 = jdk("jdk-21", "21.0.5", true, true);
        Path onPath = jdk("jdk-24", "24", true, true);
        Path installed = jdk("jdk-25", "25", true, true);
        Repo.Run r = findJdk(home21.toString(), pathWithJava(onPath), installed.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(home21 + "\n");
    }

    @Test
    void an_older_java_home_gives_way_to_the_java_on_the_path() throws IOException {
        Path old = jdk("jdk-17", "17.0.15", true, true);
        Path onPath = jdk("jdk-22", "22.0.1", true, true);
        Repo.Run r = findJdk(old.toString(), pathWithJava(onPath), jdk("jdk-25", "25", true, true).toString());
        assertThat(r.out()).isEqualTo(onPath + "\n");
    }

    @Test
    void the_path_java_is_judged_by_its_own_version_even_after_an_older_home_with_a_release_file() throws IOException {
        Path old = jdk("jdk-17", "17.0.15", true, true);
        Path onPath = jdk("jdk-23", "23.0.2", false, true);
        Repo.Run r = findJdk(old.toString(), pathWithJava(onPath), "/nothing/here");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(onPath + "\n");
    }

    @Test
    void otherwise_the_newest_installed_jdk_of_21_or_newer_is_taken() throws IOException {
        Path old = jdk("jdk-17", "17.0.15", true, true);
        Path newest = jdk("jdk-25", "25.0.1+9", true, true);
        Path jreOnly = jdk("jre-26", "26", true, false);
        String search = tmp.resolve("jdks") + "/*";
        Repo.Run r = findJdk(old.toString(), pathWithJava(old), search);
        assertThat(r.out()).isEqualTo(newest + "\n");
        assertThat(jreOnly).exists();
        Path legacy = jdk("jdk-8", "1.8.0_292", false, true);
        assertThat(findJdk(legacy.toString(), null, legacy.toString()).code()).isEqualTo(1);
    }

    @Test
    void without_any_jdk_21_it_stops_and_says_what_to_install() throws IOException {
        Path old = jdk("jdk-17", "17.0.15", true, true);
        Repo.Run r = findJdk(old.toString(), pathWithJava(old), old.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("dsh4j needs a JDK 21 or newer, and none was found.")
                .contains("JAVA_HOME: " + old).contains("openjdk version \"17.0.15\"")
                .contains("apt-get install openjdk-21-jdk").contains("set JAVA_HOME");
        Repo.Run nothing = findJdk(null, null, "/nothing/here");
        assertThat(nothing.code()).isEqualTo(1);
        assertThat(nothing.err()).contains("JAVA_HOME: (not set)").contains("java on the PATH: (none)").doesNotContain("not found");
    }
}
