package io.dsh4j.testkit.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaPackage;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The house rules every dsh4j module is checked against (ARCHITECTURE.md: "internal packages are
 * machinery"): an {@code …internal} package is reached only from the package that owns it, no public
 * signature shows an internal type, and every public package says in its {@code package-info.java}
 * how stable it is ({@link API} with {@code STABLE}, {@code EXPERIMENTAL} or {@code INTERNAL}).
 *
 * <pre>{@code
 * @Test
 * void the_house_rules_hold() {
 *     ApiRules.checkAll(new ClassFileImporter()
 *             .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
 *             .importPackages("io.dsh4j"));
 * }
 * }</pre>
 *
 * <p>The package of an internal package's owner is everything before {@code .internal}:
 * {@code io.dsh4j.kernel.internal} belongs to {@code io.dsh4j.kernel}, which may use it, as may the
 * internal package's own subpackages; {@code io.dsh4j.kernel.loader} may not. Only {@code io.dsh4j}
 * classes are judged.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class ApiRules {

    /** The stability levels dsh4j uses. */
    public static final Set<API.Status> USED_LEVELS =
            EnumSet.of(API.Status.STABLE, API.Status.EXPERIMENTAL, API.Status.INTERNAL);

    private static final String ROOT = "io.dsh4j.";

    private ApiRules() {}

    /** Checks every rule over {@code classes}; throws an {@link AssertionError} listing every violation. */
    public static void checkAll(JavaClasses classes) {
        StringBuilder report = new StringBuilder();
        for (ArchRule rule : List.of(INTERNAL_ONLY_FROM_OWNER, NO_INTERNAL_TYPE_IN_PUBLIC_API,
                EVERY_PUBLIC_PACKAGE_STATES_ITS_STABILITY, INTERNAL_MACHINERY_IS_NEVER_MARKED_PUBLIC)) {
            EvaluationResult result = rule.evaluate(classes);
            if (result.hasViolation()) {
                report.append(result.getFailureReport()).append('\n');
            }
        }
        if (!report.isEmpty()) {
            throw new AssertionError(report.toString());
        }
    }

    /** The package that owns {@code pkg}'s machinery, or empty when {@code pkg} is not an internal one. */
    public static Optional<String> ownerOf(String pkg) {
        int at = pkg.indexOf(".internal");
        while (at >= 0) {
            int end = at + ".internal".length();
            if (end == pkg.length() || pkg.charAt(end) == '.') {
                return Optional.of(pkg.substring(0, at));
            }
            at = pkg.indexOf(".internal", end);
        }
        return Optional.empty();
    }

    static boolean mayReach(String originPackage, String owner) {
        return originPackage.equals(owner) || originPackage.equals(owner + ".internal")
                || originPackage.startsWith(owner + ".internal.");
    }

    private static boolean judged(JavaClass c) {
        return c.getPackageName().startsWith(ROOT);
    }

    /** An {@code …internal} package is used only by its owner package and its own subpackages. */
    public static final ArchRule INTERNAL_ONLY_FROM_OWNER = classes().should(
            new ArchCondition<JavaClass>("reach an …internal package only from the package that owns it") {
                @Override
                public void check(JavaClass origin, ConditionEvents events) {
                    for (Dependency d : origin.getDirectDependenciesFromSelf()) {
                        JavaClass target = d.getTargetClass();
                        if (!judged(target)) continue;
                        Optional<String> owner = ownerOf(target.getPackageName());
                        if (owner.isPresent() && !mayReach(origin.getPackageName(), owner.get())) {
                            events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                        }
                    }
                }
            }).allowEmptyShould(true);

    /** No public or protected member of a public type outside internal packages shows an internal type. */
    public static final ArchRule NO_INTERNAL_TYPE_IN_PUBLIC_API = classes().that().arePublic()
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
                    for (JavaClass supertype : type.getRawSuperclass().stream().toList()) {
                        report(events, type.getName() + " extends", supertype);
                    }
                    for (JavaClass supertype : type.getRawInterfaces()) {
                        report(events, type.getName() + " implements", supertype);
                    }
                }

                private void report(ConditionEvents events, String member, JavaClass t) {
                    JavaClass base = t.isArray() ? t.getBaseComponentType() : t;
                    if (judged(base) && ownerOf(base.getPackageName()).isPresent()) {
                        events.add(SimpleConditionEvent.violated(member, member + " shows " + base.getName()));
                    }
                }
            }).allowEmptyShould(true);

    /**
     * Every package outside {@code …internal} holding a public type has a {@code package-info.java} with an {@link API} status,
     * one of {@link #USED_LEVELS}; a type may state its own, which then wins.
     */
    public static final ArchRule EVERY_PUBLIC_PACKAGE_STATES_ITS_STABILITY = classes().that().arePublic()
            .and().areTopLevelClasses().and().resideOutsideOfPackage("..internal..")
            .should(new ArchCondition<JavaClass>("be covered by an @API status of its own or of its package-info") {
                @Override
                public void check(JavaClass type, ConditionEvents events) {
                    if (!judged(type)) return;
                    Optional<API.Status> own = statusOf(type);
                    Optional<API.Status> pkg = statusOf(type.getPackage());
                    if (pkg.isEmpty()) {
                        events.add(SimpleConditionEvent.violated(type, "package " + type.getPackageName()
                                + " has no package-info.java with an @API status (" + type.getName() + ")"));
                    }
                    for (Optional<API.Status> s : List.of(own, pkg)) {
                        if (s.isPresent() && !USED_LEVELS.contains(s.get())) {
                            events.add(SimpleConditionEvent.violated(type, type.getName() + " is marked "
                                    + s.get() + "; dsh4j uses " + USED_LEVELS));
                        }
                    }
                }
            }).allowEmptyShould(true);

    /** Nothing in an internal package is marked anything but {@code INTERNAL}. */
    public static final ArchRule INTERNAL_MACHINERY_IS_NEVER_MARKED_PUBLIC = classes().that()
            .resideInAPackage("..internal..")
            .should(new ArchCondition<JavaClass>("be marked INTERNAL, if at all") {
                @Override
                public void check(JavaClass type, ConditionEvents events) {
                    if (!judged(type)) return;
                    for (Optional<API.Status> s : List.of(statusOf(type), statusOf(type.getPackage()))) {
                        if (s.isPresent() && s.get() != API.Status.INTERNAL) {
                            events.add(SimpleConditionEvent.violated(type, type.getName()
                                    + " is machinery of an internal package but marked " + s.get()));
                        }
                    }
                }
            }).allowEmptyShould(true);

    static Optional<API.Status> statusOf(JavaClass type) {
        return type.tryGetAnnotationOfType(API.class).map(API::status);
    }

    static Optional<API.Status> statusOf(JavaPackage pkg) {
        return pkg.tryGetAnnotationOfType(API.class).map(API::status);
    }

    private static boolean exposed(Set<JavaModifier> modifiers) {
        return modifiers.contains(JavaModifier.PUBLIC) || modifiers.contains(JavaModifier.PROTECTED);
    }
}
