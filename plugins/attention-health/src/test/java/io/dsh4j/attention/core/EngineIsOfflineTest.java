package io.dsh4j.attention.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import java.net.Socket;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;
import org.junit.jupiter.api.Test;

/**
 * Issue 4: "the engine never calls a model and never opens a network connection". The
 * host-free rule of {@link ArchitectureTest} admits all of {@code java..}, which includes
 * {@code java.net}; this rule closes that door and also forbids starting processes (a model
 * would have to be reached one way or the other).
 */
class EngineIsOfflineTest {

    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.dsh4j.attention.core");

    static final ArchRule NO_NETWORK_NO_PROCESS = noClasses().that().resideInAPackage("io.dsh4j.attention.core..")
            .should().dependOnClassesThat().resideInAnyPackage("java.net..", "javax.net..", "jdk.net..",
                    "com.sun.net..", "java.rmi..", "javax.naming..", "java.net.http..")
            .orShould().dependOnClassesThat().belongToAnyOf(SocketChannel.class, DatagramChannel.class,
                    java.nio.channels.ServerSocketChannel.class, java.nio.channels.AsynchronousSocketChannel.class,
                    ProcessBuilder.class, Runtime.class)
            .because("the engine never calls a model and never opens a network connection (issue 4)");

    @Test
    void the_engine_never_touches_the_network_nor_starts_a_process() {
        NO_NETWORK_NO_PROCESS.check(CORE);
    }

    @Test
    void the_rule_catches_a_class_that_opens_a_socket() {
        JavaClasses canary = new ClassFileImporter().importClasses(NetworkCanary.class);
        assertThatThrownBy(() -> NO_NETWORK_NO_PROCESS.check(canary))
                .isInstanceOf(AssertionError.class).hasMessageContaining("java.net.Socket");
    }

    /** Lives in the engine's package and dials out: what the rule must refuse. */
    static final class NetworkCanary {
        static void dial() throws IOException {
            try (Socket s = new Socket("localhost", 1)) {
                s.getOutputStream().write(0);
            }
        }
    }
}
