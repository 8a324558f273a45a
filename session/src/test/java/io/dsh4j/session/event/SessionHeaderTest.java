package io.dsh4j.session.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** §1.4: the header line, its validations and its exact encoding. */
class SessionHeaderTest {

    @Test
    void a_header_is_written_in_dsh_key_order_and_read_back() {
        SessionHeader h = SessionHeader.create("id-1", 1700000000000L, "/w", "p", 42L, "subagent", 1, "preset");
        String line = "{\"type\":\"session\",\"version\":0,\"id\":\"id-1\",\"createdAt\":1700000000000,\"cwd\":\"/w\","
                + "\"parentSession\":\"p\",\"seedLength\":42,\"origin\":\"subagent\",\"delegationDepth\":1,\"agentPreset\":\"preset\"}";
        assertThat(h.encode()).isEqualTo(line);
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        SessionHeader back = SessionHeader.parse(bytes, 0, bytes.length, SessionHeader.Mode.STRICT);
        assertThat(back).isEqualTo(h);
        assertThat(back.seedLength()).isEqualTo(42);
        assertThat(new String(back.encodeLine(), StandardCharsets.UTF_8)).isEqualTo(line + "\n");
    }

    @Test
    void a_newer_version_is_refused_as_unsupported_before_any_shape_check() {
        assertThatThrownBy(() -> SessionHeader.parse("{\"version\":3,\"id\":\"x\"}", SessionHeader.Mode.STRICT))
                .isInstanceOf(UnsupportedFormatException.class)
                .hasMessageContaining("uses log format v3").hasMessageContaining("upgrade the harness");
        assertThatThrownBy(() -> SessionHeader.parse("{\"type\":\"session\",\"version\":-1,\"id\":\"x\",\"createdAt\":0,\"delegationDepth\":0}",
                SessionHeader.Mode.FIXTURE))
                .isInstanceOf(UnsupportedFormatException.class).hasMessageContaining("no upgrade path");
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
            "[]                                                                                           | first line is not a session header",
            "{\"type\":\"sesion\",\"version\":0,\"id\":\"x\",\"createdAt\":0,\"delegationDepth\":0}       | type must be \"session\"",
            "{\"type\":\"session\",\"id\":\"x\",\"createdAt\":0,\"delegationDepth\":0}                    | version is missing",
            "{\"type\":\"session\",\"version\":\"0\",\"id\":\"x\",\"createdAt\":0,\"delegationDepth\":0}   | version must be a number",
            "{\"type\":\"session\",\"version\":0,\"createdAt\":0,\"delegationDepth\":0}                   | id is missing",
            "{\"type\":\"session\",\"version\":0,\"id\":5,\"createdAt\":0,\"delegationDepth\":0}          | id must be a string",
            "{\"type\":\"session\",\"version\":0,\"id\":\"x\",\"createdAt\":-1,\"delegationDepth\":0}     | createdAt must be a non-negative safe integer",
            "{\"type\":\"session\",\"version\":0,\"id\":\"x\",\"createdAt\":-0.0,\"delegationDepth\":0}   | createdAt must be a non-negative safe integer",
            "{\"type\":\"session\",\"version\":0,\"id\":\"x\",\"createdAt\":1.5,\"delegationDepth\":0}    | createdAt must be a non-negative safe integer",
            "{\"type\":\"session\",\"version\":0,\"id\":\"x\",\"createdAt\":0}                            | delegationDepth is missing",
            "{\"type\":\"session\",\"version\":0,\"id\":\"x\",\"createdAt\":0,\"delegationDepth\":-0}     | delegationDepth must be a non-negative safe integer",
            "{\"type\":\"session\",\"version\":0,\"id\":\"x\",\"createdAt\":0,\"delegationDepth\":0,\"origin\":\"human\"} | origin must be \"subagent\"",
            "{\"type\":\"session\",\"version\":0,\"id\":\"x\",\"createdAt\":0,\"delegationDepth\":0,\"agentPreset\":1}   | agentPreset must be a string",
            "{\"type\":\"session\",\"version\":0,\"id\":\"x\",\"createdAt\":0,\"delegationDepth\":0,\"sandboxMode\":\"x\"} | retired policy baseline fields",
            "{\"type\":\"session\",\"version\":0,\"id\":\"x\",\"createdAt\":0,\"delegationDepth\":0,\"approvalPolicy\":\"x\"} | retired policy baseline fields",
            "{\"type\":\"session\",                                                                       | not valid JSON",
    })
    void an_invalid_header_is_a_header_error_naming_the_field(String line, String problem) {
        assertThatThrownBy(() -> SessionHeader.parse(line, SessionHeader.Mode.STRICT))
                .isInstanceOf(SessionHeaderException.class).hasMessageContaining(problem);
    }

    @net.jqwik.api.Property(tries = 500)
    void random_bytes_give_a_header_error_never_another_exception(@net.jqwik.api.ForAll byte[] bytes,
            @net.jqwik.api.ForAll SessionHeader.Mode mode) {
        try {
            SessionHeader.parse(bytes, 0, bytes.length, mode);
        } catch (SessionHeaderException | UnsupportedFormatException expected) {
            assertThat(expected.getMessage()).isNotBlank();
        }
    }

    @Test
    void fixture_mode_accepts_old_headers_without_version_or_delegation_depth() {
        String line = "{\"type\":\"session\",\"id\":\"{{sessionId}}\",\"createdAt\":0,\"cwd\":\"{{cwd}}\"}";
        SessionHeader h = SessionHeader.parse(line, SessionHeader.Mode.FIXTURE);
        assertThat(h.delegationDepth()).isNull();
        assertThat(h.encode()).isEqualTo(line);
        assertThatThrownBy(() -> SessionHeader.parse(line, SessionHeader.Mode.STRICT)).isInstanceOf(SessionHeaderException.class);
    }
}
