package io.dsh4j.testkit.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The JavaScript-layer rules fail on a planted private mapper and {@code Number()} ({@code sample.js}). */
class JsLayerRulesTest {

    static final JavaClasses PLANTED = new ClassFileImporter().importPackages("io.dsh4j.testkit.architecture.sample.js");

    @Test
    void a_mapper_built_outside_the_javascript_layer_is_a_violation() {
        List<String> details = JsLayerRules.NO_OWN_OBJECT_MAPPER.evaluate(PLANTED).getFailureReport().getDetails();
        assertThat(details).hasSize(2).anySatisfy(d -> assertThat(d).contains("ObjectMapper.<init>()"))
                .anySatisfy(d -> assertThat(d).contains("JsonMapper.builder()"));
    }

    @Test
    void a_number_coercion_outside_the_javascript_layer_is_a_violation() {
        assertThat(JsLayerRules.NO_OWN_NUMBER_COERCION.evaluate(PLANTED).getFailureReport().getDetails())
                .singleElement().asString().contains("Double.parseDouble(java.lang.String)");
    }

    @Test
    void the_javascript_layer_and_the_kernel_are_exempt() {
        JavaClasses exempt = new ClassFileImporter().importClasses(com.fasterxml.jackson.databind.ObjectMapper.class);
        assertThat(JsLayerRules.NO_OWN_OBJECT_MAPPER.evaluate(exempt).hasViolation()).isFalse();
        assertThat(JsLayerRules.EXEMPT).containsExactly("io.dsh4j.message.json", "io.dsh4j.kernel", "io.dsh4j.testkit");
    }
}
