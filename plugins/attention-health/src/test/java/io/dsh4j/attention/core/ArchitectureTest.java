package io.dsh4j.attention.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The engine is host-free (ARCHITECTURE.md principle 1). */
class ArchitectureTest {

    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.dsh4j.attention.core");

    @Test
    void the_engine_uses_only_the_jdk_jackson_and_the_harness_data_packages() {
        classes().that().resideInAPackage("io.dsh4j.attention.core..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "javax..", "com.fasterxml.jackson..", "org.apiguardian..",
                        "io.dsh4j.attention.core..", "io.dsh4j.message..", "io.dsh4j.session.event..")
                .check(CORE);
    }

    @Test
    void the_public_api_does_not_leak_into_nothing_but_core_uses_internal() {
        classes().that().resideInAPackage("io.dsh4j.attention.core.internal..")
                .should().onlyBeAccessed().byClassesThat().resideInAPackage("io.dsh4j.attention.core..")
                .check(CORE);
    }
}
