package io.dsh4j.bench;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.dsh4j.testkit.architecture.ApiRules;
import io.dsh4j.testkit.architecture.JsLayerRules;
import org.junit.jupiter.api.Test;

/**
 * The shared house rules ({@link ApiRules}, {@link JsLayerRules}) over the bench: it uses the modules'
 * public API only and the JavaScript layer of the message module.
 */
class HouseRulesTest {

    static final JavaClasses BENCH = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("/jmh_generated/")) // JMH's generated code
            .importPackages("io.dsh4j.bench");

    @Test
    void the_house_rules_hold_in_the_bench() {
        ApiRules.checkAll(BENCH);
    }

    @Test
    void the_bench_builds_no_mapper_or_number_coercion_of_its_own() {
        JsLayerRules.checkAll(BENCH);
    }
}
