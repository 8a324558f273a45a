package io.dsh4j.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MainTest {

    static CliRun run(String... args) {
        return CliRun.of(args);
    }

    @Test
    void help_lists_the_exit_codes() {
        CliRun r = run("--help");
        assertThat(r.code()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).contains("Usage: dsh4j").contains("Exit codes:").contains("invalid command line");
    }

    @Test
    void an_unknown_option_is_a_usage_error_that_names_it() {
        CliRun r = run("--no-such-option");
        assertThat(r.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("--no-such-option").contains("--help");
    }

    @Test
    void version_names_dsh4j_and_the_java_runtime() {
        CliRun r = run("--version");
        assertThat(r.code()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).startsWith("dsh4j ").contains("Java ");
    }

    @Test
    void the_version_fast_path_prints_what_picocli_prints_for_both_spellings() {
        for (String option : new String[] {"--version", "-V"}) {
            assertThat(Main.isVersionRequest(option)).isTrue();
            java.io.StringWriter viaPicocli = new java.io.StringWriter();
            int code = DshCommand.run(DshCommand.commandLine(), new java.io.PrintWriter(viaPicocli, true),
                    new java.io.PrintWriter(new java.io.StringWriter(), true), option);
            assertThat(code).isEqualTo(ExitCodes.OK);
            CliRun fast = run(option);
            assertThat(fast.code()).isEqualTo(ExitCodes.OK);
            assertThat(fast.out()).as(option).isEqualTo(viaPicocli.toString()).isNotEmpty();
            assertThat(fast.err()).isEmpty();
        }
    }

    @Test
    void a_lone_version_loads_neither_picocli_nor_a_command_class() throws Exception {
        // given a fresh JVM on this class path that logs every class it loads
        java.nio.file.Path javaBin = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(javaBin.toString(), "-Xshare:off", "-Xlog:class+load=info",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "--version")
                .redirectErrorStream(true).start();
        // when it answers --version
        String log = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).isZero();
        // then it printed the version and loaded no picocli class, no class but Main's own helpers, and
        // returned from main rather than calling System.exit
        java.util.List<String> loaded = log.lines().filter(l -> l.contains("[class,load]"))
                .map(l -> l.replaceFirst("^.*\\[class,load\\] (\\S+).*$", "$1")).toList();
        assertThat(log).contains("dsh4j ");
        assertThat(loaded).as("classes of the version fast path").contains(Main.class.getName())
                .noneMatch(c -> c.startsWith("picocli."))
                .as("System.exit's logger lookup (it opens every jar) is not reached")
                .noneMatch(c -> c.startsWith("jdk.internal.logger."))
                .noneMatch(c -> c.startsWith("io.dsh4j.") && !c.equals(Main.class.getName())
                        && !c.equals(Utf8Text.class.getName()) && !c.startsWith(ExitCodes.class.getName()));
    }

    @Test
    void the_runtime_line_is_the_runtime_version_as_the_jdk_prints_it() {
        assertThat(Main.runtimeVersion()).isEqualTo(Runtime.version().toString());
        assertThat(Main.versionLines()[1]).isEqualTo("Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")");
    }

    @Test
    void only_a_lone_version_option_takes_the_fast_path() {
        assertThat(Main.isVersionRequest()).isFalse();
        assertThat(Main.isVersionRequest("--version", "--help")).isFalse();
        assertThat(Main.isVersionRequest("sessions", "--version")).isFalse();
        assertThat(Main.isVersionRequest("--versions")).isFalse();
        CliRun r = run("--version", "--help");
        assertThat(r.code()).as("picocli answers the pair").isEqualTo(ExitCodes.OK);
        assertThat(r.out()).contains("dsh4j ");
    }

    @Test
    void every_subcommand_that_offers_version_reports_dsh4js() {
        var cli = DshCommand.commandLine();
        java.util.List<picocli.CommandLine> all = new java.util.ArrayList<>();
        java.util.ArrayDeque<picocli.CommandLine> todo = new java.util.ArrayDeque<>(cli.getSubcommands().values());
        while (!todo.isEmpty()) {
            picocli.CommandLine c = todo.pop();
            all.add(c);
            todo.addAll(c.getSubcommands().values());
        }
        int checked = 0;
        for (picocli.CommandLine c : all) {
            if (!c.getCommandSpec().mixinStandardHelpOptions()) continue;
            checked++;
            String[] path = c.getCommandSpec().qualifiedName(" ").replaceFirst("^dsh4j ", "").split(" ");
            String[] args = java.util.Arrays.copyOf(path, path.length + 1);
            args[path.length] = "--version";
            CliRun r = run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(ExitCodes.OK);
            assertThat(r.out()).as(String.join(" ", args)).startsWith("dsh4j ").contains("Java ");
        }
        assertThat(checked).as("subcommands with --version").isGreaterThan(5);
    }
}
