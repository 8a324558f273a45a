package io.dsh4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The shared JUnit Platform configuration reaches the tests (issue 9, item 6): a hang fails a test
 * after minutes instead of stalling the build.
 */
@ExtendWith(BuildConfigurationTest.Configuration.class)
class BuildConfigurationTest {

    @Test
    void every_test_has_a_default_timeout_of_minutes_not_a_speed_bound(ExtensionContext context) {
        String value = context.getConfigurationParameter("junit.jupiter.execution.timeout.default").orElseThrow();
        Matcher m = Pattern.compile("\\s*(\\d+)\\s*m\\s*").matcher(value);
        assertThat(m.matches()).as("timeout %s is given in minutes", value).isTrue();
        Duration timeout = Duration.ofMinutes(Long.parseLong(m.group(1)));
        assertThat(timeout).isBetween(Duration.ofMinutes(2), Duration.ofMinutes(15));
        assertThat(context.getConfigurationParameter("junit.jupiter.execution.timeout.mode")).contains("disabled_on_debug");
    }

    @Test
    void jqwik_keeps_its_database_under_target(ExtensionContext context) {
        assertThat(context.getConfigurationParameter("jqwik.database")).contains("target/jqwik-database");
    }

    /** Hands the test its {@link ExtensionContext}, to read configuration parameters. */
    static final class Configuration implements ParameterResolver {
        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == ExtensionContext.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return context;
        }
    }
}
