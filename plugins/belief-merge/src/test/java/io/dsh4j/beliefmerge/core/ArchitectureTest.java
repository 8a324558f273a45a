package io.dsh4j.beliefmerge.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The engine is host-free (ARCHITECTURE.md principle 1). */
class ArchitectureTest {

    static final JavaClasses CORE = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.dsh4j.beliefmerge");

    @Test
    void the_core_depends_only_on_the_jdk_jackson_and_the_harness_plain_data_packages() {
        classes().that().resideInAPackage("io.dsh4j.beliefmerge.core..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "com.fasterxml.jackson..", "org.apiguardian..",
                        "io.dsh4j.beliefmerge.core..", "io.dsh4j.message..", "io.dsh4j.session.event..")
                .check(CORE);
    }
}
