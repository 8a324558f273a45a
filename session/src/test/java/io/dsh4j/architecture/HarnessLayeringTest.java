package io.dsh4j.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ARCHITECTURE.md inside the harness: the package layering {@code message ← session.event ←
 * session}, the plain data packages free of the kernel, and machinery in {@code …internal}
 * packages that only its owner reaches and no public signature shows. The two custom rules are
 * also run over fixture classes that break them, so that they are known to be able to fail.
 */
class HarnessLayeringTest {

    static final JavaClasses HARNESS = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            // the harness only: testkit (on this test classpath) now brings llm, whose layering is llm's to test
            .importPackages("io.dsh4j.message", "io.dsh4j.session");

    /** Test-only classes that break both custom rules (see {@code io.dsh4j.architecture.sample}). */
    static final JavaClasses BROKEN_SAMPLE = new ClassFileImporter().importPackages("io.dsh4j.architecture.sample");

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
    void internal_packages_are_reached_only_from_their_own_parent_package() {
        INTERNAL_ONLY_FROM_OWNER.check(HARNESS);
        EvaluationResult broken = INTERNAL_ONLY_FROM_OWNER.evaluate(BROKEN_SAMPLE);
        assertThat(broken.getFailureReport().getDetails()).hasSize(1).first().asString()
                .contains("sample.ab.Sibling").contains("sample.a.internal.Hidden");
    }

    @Test
    void public_signatures_never_show_an_internal_type() {
        NO_INTERNAL_TYPE_IN_PUBLIC_API.check(HARNESS);
        EvaluationResult broken = NO_INTERNAL_TYPE_IN_PUBLIC_API.evaluate(BROKEN_SAMPLE);
        assertThat(broken.getFailureReport().getDetails()).hasSize(1).first().asString()
                .contains("Owner.leak()").contains("Hidden");
    }

    /** The package that owns {@code pkg}'s machinery, or {@code null} when {@code pkg} is not an internal one. */
    static String ownerOf(String pkg) {
        int at = pkg.indexOf(".internal");
        boolean internal = at >= 0 && (pkg.length() == at + ".internal".length() || pkg.charAt(at + ".internal".length()) == '.');
        return internal ? pkg.substring(0, at) : null;
    }

    static boolean mayReach(String originPackage, String owner) {
        return originPackage.equals(owner) || originPackage.equals(owner + ".internal")
                || originPackage.startsWith(owner + ".internal.");
    }

    static final ArchRule INTERNAL_ONLY_FROM_OWNER = classes().should(
            new ArchCondition<JavaClass>("reach an …internal package only from the package that owns it") {
                @Override
                public void check(JavaClass origin, ConditionEvents events) {
                    for (Dependency d : origin.getDirectDependenciesFromSelf()) {
                        String owner = ownerOf(d.getTargetClass().getPackageName());
                        if (owner == null || !owner.startsWith("io.dsh4j.")) continue;
                        if (!mayReach(origin.getPackageName(), owner)) {
                            events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                        }
                    }
                }
            });

    static final ArchRule NO_INTERNAL_TYPE_IN_PUBLIC_API = classes().that().arePublic()
            .and().resideOutsideOfPackage("..internal..")
            .should(new ArchCondition<JavaClass>("show no …internal type in a public or protected signature") {
                @Override
                public void check(JavaClass type, ConditionEvents events) {
                    for (JavaCodeUnit unit : type.getCodeUnits()) {
                        if (!exposed(unit.getModifiers())) continue;
                        List<JavaClass> shown = new ArrayList<>(unit.getRawParameterTypes());
                        shown.add(unit.getRawReturnType());
                        shown.addAll(unit.getExceptionTypes());
                        for (JavaClass t : shown) report(events, unit.getFullName(), t);
                    }
                    for (JavaField f : type.getFields()) {
                        if (exposed(f.getModifiers())) report(events, f.getFullName(), f.getRawType());
                    }
                }

                private boolean exposed(java.util.Set<JavaModifier> modifiers) {
                    return modifiers.contains(JavaModifier.PUBLIC) || modifiers.contains(JavaModifier.PROTECTED);
                }

                private void report(ConditionEvents events, String member, JavaClass t) {
                    JavaClass base = t.isArray() ? t.getBaseComponentType() : t;
                    if (base.getPackageName().startsWith("io.dsh4j.") && ownerOf(base.getPackageName()) != null) {
                        events.add(SimpleConditionEvent.violated(member, member + " shows " + base.getName()));
                    }
                }
            });
}
