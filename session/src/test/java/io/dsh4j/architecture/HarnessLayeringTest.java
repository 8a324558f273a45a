package io.dsh4j.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.dsh4j.testkit.architecture.ApiRules;
import org.junit.jupiter.api.Test;

/**
 * ARCHITECTURE.md inside the harness: the package layering {@code message ← session.event ←
 * session}, the plain data packages free of the kernel, and the shared house rules ({@link ApiRules}:
 * internal packages, stability marks), whose own test plants leaks to show they can fail.
 */
class HarnessLayeringTest {

    static final JavaClasses HARNESS = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.dsh4j.message", "io.dsh4j.session");

    @Test
    void the_message_model_imports_nothing_of_the_session_packages() {
        noClasses().that().resideInAPackage("io.dsh4j.message..")
                .should().dependOnClassesThat().resideInAPackage("io.dsh4j.session..")
                .check(HARNESS);
    }

    @Test
    void the_event_model_imports_nothing_of_the_session_package_or_its_machinery() {
        noClasses().that().resideInAPackage("io.dsh4j.session.event..")
                .should().dependOnClassesThat().resideInAnyPackage("io.dsh4j.session", "io.dsh4j.session.internal..")
                .check(HARNESS);
    }

    @Test
    void the_plain_data_packages_import_nothing_of_the_kernel() {
        noClasses().that().resideInAnyPackage("io.dsh4j.message..", "io.dsh4j.session.event..")
                .should().dependOnClassesThat().resideInAPackage("io.dsh4j.kernel..")
                .check(HARNESS);
    }

    @Test
    void the_house_rules_hold_for_the_message_and_session_modules() {
        ApiRules.checkAll(HARNESS);
    }
}
