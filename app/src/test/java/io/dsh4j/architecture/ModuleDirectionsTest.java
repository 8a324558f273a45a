package io.dsh4j.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * ARCHITECTURE.md's module map over every dsh4j class the distribution ships (the app sees them
 * all): dependencies point downwards only (app → plugins → harness → kernel), test support stays
 * out of shipped code, and no module reaches into another module's {@code …internal} machinery.
 * The kernel's and the harness's own layering rules live in their modules.
 */
class ModuleDirectionsTest {

    static final JavaClasses SHIPPED = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.dsh4j");

    static final String[] KERNEL = {"io.dsh4j.kernel.."};
    static final String[] HARNESS = {"io.dsh4j.message..", "io.dsh4j.session..", "io.dsh4j.llm..", "io.dsh4j.tool..",
        "io.dsh4j.prompt..", "io.dsh4j.command..", "io.dsh4j.agent..", "io.dsh4j.subagent..", "io.dsh4j.web.."};
    static final String[] PLUGINS = {"io.dsh4j.attention..", "io.dsh4j.beliefmerge..", "io.dsh4j.deliberation.."};
    static final String[] APP = {"io.dsh4j.app.."};
    static final String[] TESTKIT = {"io.dsh4j.testkit.."};

    @Test
    void the_import_sees_every_shipped_module() {
        Set<String> roots = new TreeSet<>();
        for (JavaClass c : SHIPPED) roots.add(c.getPackageName().split("\\.")[2]);
        assertThat(roots).contains("kernel", "message", "session", "beliefmerge", "app");
    }

    @Test
    void the_kernel_depends_on_no_other_module() {
        noClasses().that().resideInAnyPackage(KERNEL).should().dependOnClassesThat()
                .resideInAnyPackage(concat(HARNESS, PLUGINS, APP, TESTKIT)).check(SHIPPED);
    }

    @Test
    void the_harness_depends_on_neither_plugins_nor_app() {
        noClasses().that().resideInAnyPackage(HARNESS).should().dependOnClassesThat()
                .resideInAnyPackage(concat(PLUGINS, APP, TESTKIT)).check(SHIPPED);
    }

    @Test
    void plugins_do_not_depend_on_the_app() {
        noClasses().that().resideInAnyPackage(PLUGINS).should().dependOnClassesThat()
                .resideInAnyPackage(concat(APP, TESTKIT)).check(SHIPPED);
    }

    @Test
    void no_module_reaches_into_the_internal_packages_of_another() {
        Set<String> owners = new TreeSet<>();
        for (JavaClass c : SHIPPED) {
            int at = c.getPackageName().indexOf(".internal");
            if (at >= 0) owners.add(c.getPackageName().substring(0, at));
        }
        assertThat(owners).contains("io.dsh4j.session", "io.dsh4j.session.event");
        for (String owner : owners) {
            noClasses().that().resideOutsideOfPackages(moduleOf(owner))
                    .should().dependOnClassesThat().resideInAPackage(owner + ".internal..")
                    .check(SHIPPED);
        }
    }

    /** The packages of the module that holds {@code pkg} (each plugin is a module of its own). */
    static String[] moduleOf(String pkg) {
        for (String[] module : new String[][] {KERNEL, HARNESS, APP, TESTKIT}) {
            for (String root : module) if (pkg.startsWith(root.substring(0, root.length() - 2))) return module;
        }
        for (String plugin : PLUGINS) {
            if (pkg.startsWith(plugin.substring(0, plugin.length() - 2))) return new String[] {plugin};
        }
        throw new AssertionError("package " + pkg + " belongs to no module of ARCHITECTURE.md's map");
    }

    private static String[] concat(String[]... groups) {
        return java.util.Arrays.stream(groups).flatMap(java.util.Arrays::stream).toArray(String[]::new);
    }
}
