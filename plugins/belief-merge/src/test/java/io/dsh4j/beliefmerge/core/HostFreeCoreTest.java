package io.dsh4j.beliefmerge.core;

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
 * The engine does no I/O of its own (ARCHITECTURE.md principle 1, CONVENTIONS "Engines without hosts"):
 * {@link ArchitectureTest} admits every {@code java..} package, so this test closes the doors that
 * admission leaves open — files, the network, processes, threads, the environment and standard streams.
 */
class HostFreeCoreTest {

    static final JavaClasses CORE = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.dsh4j.beliefmerge.core");

    static ArchRule noHostAccess(String pkg) {
        return noClasses().that().resideInAPackage(pkg)
                .should().dependOnClassesThat().resideInAnyPackage("java.nio.file..", "java.nio.channels..", "java.net..",
                        "java.net.http..", "java.util.concurrent..", "java.util.logging..")
                .orShould().dependOnClassesThat().belongToAnyOf(File.class, FileInputStream.class, FileOutputStream.class,
                        FileReader.class, FileWriter.class, RandomAccessFile.class, ProcessBuilder.class, Runtime.class, Thread.class);
    }

    @Test
    void the_core_touches_no_file_network_process_or_thread() {
        noHostAccess("io.dsh4j.beliefmerge.core..").check(CORE);
    }

    @Test
    void the_rule_is_not_vacuous_it_catches_the_controls_that_do_read_files() {
        JavaClasses controls = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.dsh4j.beliefmerge.controls");
        assertThat(noHostAccess("io.dsh4j.beliefmerge.controls..").evaluate(controls).hasViolation()).isTrue();
    }

    @Test
    void the_core_reads_no_environment_and_writes_to_no_standard_stream() {
        noClasses().that().resideInAPackage("io.dsh4j.beliefmerge.core..").should(GeneralCodingRules.ACCESS_STANDARD_STREAMS)
                .orShould().callMethod(System.class, "getenv", String.class)
                .orShould().callMethod(System.class, "getenv")
                .orShould().callMethod(System.class, "getProperty", String.class)
                .orShould().callMethod(System.class, "currentTimeMillis")
                .orShould().callMethod(System.class, "nanoTime")
                .check(CORE);
    }
}
