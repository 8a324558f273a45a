package io.dsh4j.testkit.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * JavaScript's semantics live in one package, {@code io.dsh4j.message.json} (docs/decisions.md): no
 * other dsh4j code builds its own Jackson mapper or parser factory (each would need the same limits
 * and {@code JSON.parse} strictness) or coerces text to a number itself ({@code Number()} has one
 * linear implementation, {@code JsNumbers.stringToNumber}).
 *
 * <p>The kernel is exempt: it sits below the message module (it depends on nothing else in dsh4j)
 * and reads YAML patch files and plugin configs, not DSH data. So is the testkit, which is not shipped
 * and sits below the message module too.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class JsLayerRules {

    /** Where the JavaScript layer lives, the kernel below it, and test support (not shipped). */
    static final String[] EXEMPT = {"io.dsh4j.message.json", "io.dsh4j.kernel", "io.dsh4j.testkit"};

    private static final Set<String> MAPPER_TYPES = Set.of(
            "com.fasterxml.jackson.databind.ObjectMapper", "com.fasterxml.jackson.core.JsonFactory",
            "com.fasterxml.jackson.core.TSFBuilder", "com.fasterxml.jackson.databind.cfg.MapperBuilder");

    private JsLayerRules() {}

    /** Checks both rules; throws an {@link AssertionError} listing every violation. */
    public static void checkAll(JavaClasses classes) {
        StringBuilder report = new StringBuilder();
        for (ArchRule rule : List.of(NO_OWN_OBJECT_MAPPER, NO_OWN_NUMBER_COERCION)) {
            EvaluationResult result = rule.evaluate(classes);
            if (result.hasViolation()) report.append(result.getFailureReport()).append('\n');
        }
        if (!report.isEmpty()) throw new AssertionError(report.toString());
    }

    static boolean exempt(JavaClass c) {
        String pkg = c.getPackageName();
        if (!pkg.startsWith("io.dsh4j.") || pkg.startsWith("io.dsh4j.testkit.architecture.sample")) {
            return !pkg.startsWith("io.dsh4j."); // the planted samples are judged
        }
        for (String e : EXEMPT) {
            if (pkg.equals(e) || pkg.startsWith(e + ".")) return true;
        }
        return false;
    }

    private static boolean makesMapper(JavaCall<?> call) {
        JavaClass owner = call.getTargetOwner();
        boolean constructor = call.getName().equals("<init>");
        boolean builder = call.getName().equals("builder");
        if (!constructor && !builder) return false;
        for (String t : MAPPER_TYPES) {
            if (owner.isAssignableTo(t)) return true;
        }
        return false;
    }

    private static boolean coercesText(JavaCall<?> call) {
        String owner = call.getTargetOwner().getName();
        String name = call.getName();
        List<String> params = call.getTarget().getRawParameterTypes().stream().map(JavaClass::getName).toList();
        boolean fromString = params.equals(List.of("java.lang.String"));
        return switch (owner) {
            case "java.lang.Double" -> fromString && (name.equals("parseDouble") || name.equals("valueOf"));
            case "java.lang.Float" -> fromString && (name.equals("parseFloat") || name.equals("valueOf"));
            case "java.math.BigDecimal" -> fromString && name.equals("<init>");
            default -> false;
        };
    }

    /** No dsh4j class outside the JavaScript layer constructs a Jackson mapper or factory. */
    public static final ArchRule NO_OWN_OBJECT_MAPPER = classes().should(
            new ArchCondition<JavaClass>("use the JavaScript layer's mapper (JsJson) instead of building one") {
                @Override
                public void check(JavaClass origin, ConditionEvents events) {
                    if (exempt(origin)) return;
                    for (JavaCall<?> call : origin.getCodeUnitCallsFromSelf()) {
                        if (makesMapper(call)) events.add(SimpleConditionEvent.violated(call, call.getDescription()));
                    }
                }
            }).allowEmptyShould(true);

    /** No dsh4j class outside the JavaScript layer turns text into a number itself. */
    public static final ArchRule NO_OWN_NUMBER_COERCION = classes().should(
            new ArchCondition<JavaClass>("coerce text to a number only through JsNumbers/Js (JavaScript's Number())") {
                @Override
                public void check(JavaClass origin, ConditionEvents events) {
                    if (exempt(origin)) return;
                    for (JavaCall<?> call : origin.getCodeUnitCallsFromSelf()) {
                        if (coercesText(call)) events.add(SimpleConditionEvent.violated(call, call.getDescription()));
                    }
                }
            }).allowEmptyShould(true);
}
