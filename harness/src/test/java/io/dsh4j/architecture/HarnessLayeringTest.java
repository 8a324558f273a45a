package io.dsh4j.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.junit.jupiter.api.Test;

/** ARCHITECTURE.md: the harness's package layering ({@code message ← session.event ← session}) and private machinery. */
class HarnessLayeringTest {

    static final JavaClasses HARNESS = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.dsh4j");

    @Test
    void the_message_model_imports_nothing_of_the_session_packages() {
        noClasses().that().resideInAPackage("io.dsh4j.message..")
                .should().dependOnClassesThat().resideInAPackage("io.dsh4j.session..")
                .check(HARNESS);
    }

    @Test
    void the_event_model_imports_nothing_of_the_session_package_proper() {
        noClasses().that().resideInAPackage("io.dsh4j.session.event..")
                .should().dependOnClassesThat().resideInAPackage("io.dsh4j.session")
                .check(HARNESS);
    }

    @Test
    void the_plain_data_packages_import_nothing_of_the_kernel() {
        noClasses().that().resideInAnyPackage("io.dsh4j.message..", "io.dsh4j.session.event..")
                .should().dependOnClassesThat().resideInAPackage("io.dsh4j.kernel..")
                .check(HARNESS);
    }

    @Test
    void internal_packages_are_reached_only_from_their_own_parent_package() {
        classes().should(new ArchCondition<JavaClass>("reach an …internal package only from inside its parent package") {
            @Override
            public void check(JavaClass origin, ConditionEvents events) {
                for (Dependency d : origin.getDirectDependenciesFromSelf()) {
                    String target = d.getTargetClass().getPackageName();
                    int at = target.indexOf(".internal");
                    if (!target.startsWith("io.dsh4j.") || at < 0) continue;
                    String owner = target.substring(0, at);
                    if (!origin.getPackageName().startsWith(owner)) {
                        events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                    }
                }
            }
        }).check(HARNESS);
    }
}
