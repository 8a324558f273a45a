package io.dsh4j.testkit.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shared house rules fail on planted leaks ({@code sample}: {@code Sibling} reaches
 * {@code a.internal} from outside its owner, {@code Owner.leak()} shows it in a public signature,
 * {@code Hidden} is machinery marked stable, {@code sample.ab} states no stability), and hold for
 * the testkit itself.
 */
class ApiRulesTest {

    static final JavaClasses PLANTED = new ClassFileImporter().importPackages("io.dsh4j.testkit.architecture.sample");

    static List<String> violations(ArchRule rule) {
        return rule.evaluate(PLANTED).getFailureReport().getDetails();
    }

    @Test
    void an_internal_package_reached_from_outside_its_owner_is_a_violation() {
        assertThat(violations(ApiRules.INTERNAL_ONLY_FROM_OWNER)).singleElement().asString()
                .contains("sample.ab.Sibling").contains("sample.a.internal.Hidden");
    }

    @Test
    void an_internal_type_in_a_public_signature_is_a_violation() {
        assertThat(violations(ApiRules.NO_INTERNAL_TYPE_IN_PUBLIC_API)).singleElement().asString()
                .contains("Owner.leak()").contains("Hidden");
    }

    @Test
    void a_public_package_without_a_stability_is_a_violation() {
        assertThat(violations(ApiRules.EVERY_PUBLIC_PACKAGE_STATES_ITS_STABILITY)).singleElement().asString()
                .contains("package io.dsh4j.testkit.architecture.sample.ab has no package-info.java");
    }

    @Test
    void machinery_marked_stable_is_a_violation() {
        assertThat(violations(ApiRules.INTERNAL_MACHINERY_IS_NEVER_MARKED_PUBLIC)).singleElement().asString()
                .contains("sample.a.internal.Hidden is machinery of an internal package but marked STABLE");
    }

    @Test
    void check_all_reports_the_planted_leaks() {
        assertThatThrownBy(() -> ApiRules.checkAll(PLANTED)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("Sibling");
    }

    @Test
    void the_owner_of_an_internal_package_is_what_precedes_dot_internal() {
        assertThat(ApiRules.ownerOf("io.dsh4j.kernel.internal")).contains("io.dsh4j.kernel");
        assertThat(ApiRules.ownerOf("io.dsh4j.session.event.internal.codec")).contains("io.dsh4j.session.event");
        assertThat(ApiRules.ownerOf("io.dsh4j.internalize")).isEmpty();
        assertThat(ApiRules.ownerOf("io.dsh4j.kernel")).isEmpty();
    }

    @Test
    void the_testkit_keeps_the_house_rules() {
        ApiRules.checkAll(new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.dsh4j.testkit"));
    }
}
