package io.dsh4j.deliberation.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.GeneralCodingRules;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.FileReader;
import java.io.FileWriter;
import java.io.RandomAccessFile;
import org.junit.jupiter.api.Test;

/**
 * The core is host-free (ARCHITECTURE.md principle 1, CONVENTIONS "Engines without hosts"): it
 * depends only on the JDK, Jackson and the harness's plain data packages; it touches no file,
 * network, process, environment or standard stream; only {@code core.run} may use threads.
 */
class ArchitectureTest {

    static final JavaClasses ALL = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.dsh4j.deliberation");

    @Test
    void the_core_depends_only_on_the_jdk_jackson_and_the_harness_plain_data_packages() {
        classes().that().resideInAPackage("io.dsh4j.deliberation.core..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "com.fasterxml.jackson..",
                        "io.dsh4j.deliberation.core..", "io.dsh4j.message..", "io.dsh4j.session.event..", "org.apiguardian..")
                .check(ALL);
    }

    static ArchRule noIo(String pkg) {
        return noClasses().that().resideInAPackage(pkg)
                .should().dependOnClassesThat().resideInAnyPackage("java.nio.file..", "java.nio.channels..", "java.net..", "java.net.http..")
                .orShould().dependOnClassesThat().belongToAnyOf(File.class, FileInputStream.class, FileOutputStream.class, FileReader.class,
                        FileWriter.class, RandomAccessFile.class, ProcessBuilder.class, Runtime.class);
    }

    @Test
    void the_core_touches_no_file_network_or_process() {
        noIo("io.dsh4j.deliberation.core..").check(ALL);
    }

    @Test
    void only_the_branch_runner_uses_threads_and_concurrency() {
        noClasses().that().resideInAPackage("io.dsh4j.deliberation.core").should().dependOnClassesThat()
                .resideInAnyPackage("java.util.concurrent..").orShould().dependOnClassesThat().belongToAnyOf(Thread.class)
                .check(ALL);
    }

    @Test
    void the_core_reads_no_environment_clock_or_standard_stream() {
        noClasses().that().resideInAPackage("io.dsh4j.deliberation.core..").should(GeneralCodingRules.ACCESS_STANDARD_STREAMS)
                .orShould().callMethod(System.class, "getenv", String.class)
                .orShould().callMethod(System.class, "getenv")
                .orShould().callMethod(System.class, "getProperty", String.class)
                .orShould().callMethod(System.class, "currentTimeMillis")
                .check(ALL);
    }

    @Test
    void the_rules_are_not_vacuous() {
        JavaClasses app = new ClassFileImporter().importPackages("io.dsh4j.session");
        assertThat(noIo("io.dsh4j.session").evaluate(app).hasViolation()).isTrue();
        JavaClasses run = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.dsh4j.deliberation.core.run");
        assertThat(noClasses().that().resideInAPackage("io.dsh4j.deliberation.core.run").should().dependOnClassesThat()
                .belongToAnyOf(Thread.class).evaluate(run).hasViolation()).isTrue();
    }
}
