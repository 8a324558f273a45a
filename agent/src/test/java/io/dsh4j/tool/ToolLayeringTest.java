package io.dsh4j.tool;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The tool runtime sits below the agent runtime: the loop calls it, never the other way round; only
 * the reminder plugin, which needs {@code agent/pre-step}, looks up at the agent. Its machinery stays
 * behind {@code io.dsh4j.tool.internal}.
 */
class ToolLayeringTest {

    static final JavaClasses AGENT_MODULE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.dsh4j");

    @Test
    void the_tool_runtime_and_builtin_tools_do_not_depend_on_the_agent_runtime() {
        noClasses().that().resideInAnyPackage("io.dsh4j.tool", "io.dsh4j.tool.internal", "io.dsh4j.tool.builtin")
                .should().dependOnClassesThat().resideInAnyPackage("io.dsh4j.agent..", "io.dsh4j.prompt..",
                        "io.dsh4j.command..", "io.dsh4j.sessionquery..", "io.dsh4j.llm..")
                .check(AGENT_MODULE);
    }

    @Test
    void only_the_tool_packages_use_the_tool_machinery() {
        noClasses().that().resideOutsideOfPackages("io.dsh4j.tool", "io.dsh4j.tool.internal")
                .should().dependOnClassesThat().resideInAPackage("io.dsh4j.tool.internal..")
                .check(AGENT_MODULE);
    }
}
