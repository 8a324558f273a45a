package io.dsh4j.llm;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** ARCHITECTURE.md: llm sees only the message model, Jackson and the JDK (its HttpClient included). */
class LlmArchitectureTest {

    static final JavaClasses LLM = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.dsh4j.llm");

    @Test
    void llm_depends_only_on_message_jackson_and_the_jdk() {
        classes().that().resideInAPackage("io.dsh4j.llm..").should().onlyDependOnClassesThat()
                .resideInAnyPackage("io.dsh4j.llm..", "io.dsh4j.message..", "com.fasterxml.jackson..", "java..", "javax..",
                        "org.apiguardian.api..") // the @API stability marks of the house rules
                .check(LLM);
    }

    @Test
    void the_public_api_does_not_expose_the_wire_machinery_to_the_spi() {
        noClasses().that().resideInAPackage("io.dsh4j.llm").should().dependOnClassesThat()
                .resideInAnyPackage("io.dsh4j.llm.deepseek.internal..", "io.dsh4j.llm.deepseek..")
                .check(LLM);
    }
}
