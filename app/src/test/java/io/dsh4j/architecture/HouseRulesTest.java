package io.dsh4j.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.dsh4j.testkit.architecture.ApiRules;
import io.dsh4j.testkit.architecture.JsLayerRules;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The shared house rules ({@link ApiRules}) over every module the distribution ships — kernel,
 * message, session, llm, agent, the plugins and the app (the app's class path holds them all; the
 * bench checks itself). Their own test plants leaks to show they can fail.
 */
class HouseRulesTest {

    static final JavaClasses SHIPPED = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.dsh4j");

    @Test
    void the_import_sees_every_shipped_module() {
        Set<String> locations = new TreeSet<>();
        for (JavaClass c : SHIPPED) {
            String where = c.getSource().map(s -> s.getUri().toString()).orElse("");
            for (String module : new String[] {"/kernel/", "/message/", "/session/", "/llm/", "/agent/",
                    "/attention-health/", "/belief-merge/", "/app/", "/testkit/"}) {
                if (where.contains(module)) locations.add(module);
            }
        }
        assertThat(locations).contains("/kernel/", "/message/", "/session/", "/llm/", "/agent/",
                "/attention-health/", "/belief-merge/", "/app/");
    }

    @Test
    void the_house_rules_hold_in_every_shipped_module() {
        ApiRules.checkAll(SHIPPED);
    }

    @Test
    void javascript_semantics_live_only_in_the_message_json_package() {
        JsLayerRules.checkAll(SHIPPED);
    }
}
