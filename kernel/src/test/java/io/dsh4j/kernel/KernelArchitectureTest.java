package io.dsh4j.kernel;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The kernel sits at the bottom: it depends on nothing else in dsh4j. */
class KernelArchitectureTest {

    static final JavaClasses KERNEL = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.dsh4j.kernel");

    @Test
    void kernel_depends_on_nothing_else_in_dsh4j() {
        noClasses().that().resideInAPackage("io.dsh4j.kernel..")
                .should().dependOnClassesThat(com.tngtech.archunit.base.DescribedPredicate.describe(
                        "dsh4j classes outside the kernel",
                        c -> c.getPackageName().startsWith("io.dsh4j.")
                                && !c.getPackageName().startsWith("io.dsh4j.kernel")))
                .check(KERNEL);
    }

    @Test
    void the_public_api_does_not_reach_into_the_loader() {
        noClasses().that().resideInAnyPackage("io.dsh4j.kernel", "io.dsh4j.kernel.config", "io.dsh4j.kernel.internal")
                .should().dependOnClassesThat().resideInAPackage("io.dsh4j.kernel.loader..")
                .check(KERNEL);
    }
}
