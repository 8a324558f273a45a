package io.dsh4j.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * ARCHITECTURE.md's module map over every dsh4j class the distribution ships (the app sees them
 * all): app → plugins → agent → (llm, session) → message, and agent → kernel; llm sees only the
 * message model; test support stays out of shipped code. The internal-package rules are the shared
 * house rules ({@code HouseRulesTest}); each module's own layering lives in that module.
 */
class ModuleDirectionsTest {

    static final JavaClasses SHIPPED = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.dsh4j");

    static final String[] KERNEL = {"io.dsh4j.kernel.."};
    static final String[] MESSAGE = {"io.dsh4j.message.."};
    static final String[] SESSION = {"io.dsh4j.session.."};
    static final String[] LLM = {"io.dsh4j.llm.."};
    static final String[] AGENT = {"io.dsh4j.agent..", "io.dsh4j.tool..", "io.dsh4j.prompt..", "io.dsh4j.command..",
        "io.dsh4j.subagent..", "io.dsh4j.sessionquery..", "io.dsh4j.web.."};
    static final String[] PLUGINS = {"io.dsh4j.attention..", "io.dsh4j.beliefmerge..", "io.dsh4j.deliberation.."};
    static final String[] APP = {"io.dsh4j.app.."};
    static final String[] TESTKIT = {"io.dsh4j.testkit.."};

    @Test
    void the_import_sees_every_shipped_module() {
        Set<String> roots = new TreeSet<>();
        for (JavaClass c : SHIPPED) roots.add(c.getPackageName().split("\\.")[2]);
        assertThat(roots).contains("kernel", "message", "session", "llm", "agent", "attention", "beliefmerge", "app");
    }

    @Test
    void the_kernel_depends_on_no_other_module() {
        noClasses().that().resideInAnyPackage(KERNEL).should().dependOnClassesThat()
                .resideInAnyPackage(concat(MESSAGE, SESSION, LLM, AGENT, PLUGINS, APP, TESTKIT)).check(SHIPPED);
    }

    @Test
    void the_message_model_depends_on_no_other_module() {
        noClasses().that().resideInAnyPackage(MESSAGE).should().dependOnClassesThat()
                .resideInAnyPackage(concat(KERNEL, SESSION, LLM, AGENT, PLUGINS, APP, TESTKIT)).check(SHIPPED);
    }

    @Test
    void the_session_library_sees_only_the_message_model() {
        noClasses().that().resideInAnyPackage(SESSION).should().dependOnClassesThat()
                .resideInAnyPackage(concat(KERNEL, LLM, AGENT, PLUGINS, APP, TESTKIT)).check(SHIPPED);
    }

    @Test
    void the_model_layer_sees_only_the_message_model() {
        noClasses().that().resideInAnyPackage(LLM).should().dependOnClassesThat()
                .resideInAnyPackage(concat(KERNEL, SESSION, AGENT, PLUGINS, APP, TESTKIT)).check(SHIPPED);
    }

    @Test
    void the_agent_runtime_depends_on_neither_plugins_nor_app() {
        noClasses().that().resideInAnyPackage(AGENT).should().dependOnClassesThat()
                .resideInAnyPackage(concat(PLUGINS, APP, TESTKIT)).check(SHIPPED);
    }

    @Test
    void plugins_do_not_depend_on_the_app_or_each_other() {
        noClasses().that().resideInAnyPackage(PLUGINS).should().dependOnClassesThat()
                .resideInAnyPackage(concat(APP, TESTKIT)).check(SHIPPED);
        for (String plugin : PLUGINS) {
            String[] others = Arrays.stream(PLUGINS).filter(p -> !p.equals(plugin)).toArray(String[]::new);
            noClasses().that().resideInAPackage(plugin).should().dependOnClassesThat().resideInAnyPackage(others)
                    .allowEmptyShould(true).check(SHIPPED);
        }
    }

    private static String[] concat(String[]... groups) {
        return Arrays.stream(groups).flatMap(Arrays::stream).toArray(String[]::new);
    }
}
