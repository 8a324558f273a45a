package io.dsh4j.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** §1.1 home resolution and §1.2 directory layout and file naming. */
class SessionLayoutTest {

    @Test
    void project_key_examples_of_the_spec() {
        assertThat(SessionLayout.projectKey("/home/alice/proj")).isEqualTo("--home-alice-proj--");
        assertThat(SessionLayout.projectKey("/Users/a/My Project")).isEqualTo("--Users-a-My~0020Project--");
        assertThat(SessionLayout.projectKey("C:\\work\\x")).isEqualTo("--C-work-x--");
    }

    @Test
    void project_key_collapses_separator_runs_escapes_tilde_and_non_ascii_and_strips_leading_dashes() {
        assertThat(SessionLayout.projectKey("//a\\\\:b/")).isEqualTo("--a-b---");
        assertThat(SessionLayout.projectKey("~/x")).isEqualTo("--~007E-x--");
        assertThat(SessionLayout.projectKey("/é")).isEqualTo("--~00E9--");
        assertThat(SessionLayout.projectKey("/😀")).isEqualTo("--~D83D~DE00--");
        assertThat(SessionLayout.projectKey("---a")).isEqualTo("--a--");
        assertThat(SessionLayout.projectKey("/")).isEqualTo("--root--");
    }

    @Test
    void project_key_slug_is_cut_to_251_code_units_and_an_empty_cwd_is_an_error() {
        String key = SessionLayout.projectKey("/" + "a".repeat(400));
        assertThat(key).hasSize(2 + 251 + 2).startsWith("--aaa").endsWith("a--");
        assertThatThrownBy(() -> SessionLayout.projectKey("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void session_ids_are_escaped_code_unit_by_code_unit_and_uuids_stay_unchanged() {
        assertThat(SessionLayout.encodeSegment("736c4bd8-41bd-43fb-9030-0e1a2b3c4d5e")).isEqualTo("736c4bd8-41bd-43fb-9030-0e1a2b3c4d5e");
        assertThat(SessionLayout.encodeSegment("a/b c~d")).isEqualTo("a~002Fb~0020c~007Ed");
        assertThat(SessionLayout.encodeSegment(".")).isEqualTo("~002E");
        assertThat(SessionLayout.encodeSegment("..")).isEqualTo("~002E~002E");
        assertThat(SessionLayout.encodeSegment("...")).isEqualTo("...");
        assertThatThrownBy(() -> SessionLayout.encodeSegment("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void log_path_puts_sessions_without_cwd_under_no_cwd_and_names_the_transcript_by_encoding() {
        Path root = Path.of("/h/sessions");
        assertThat(SessionLayout.logPath(root, null, "id", LogEncoding.ZSTD)).isEqualTo(Path.of("/h/sessions/_no-cwd/id/session.jsonl.zstd"));
        assertThat(SessionLayout.logPath(root, "/w", "id", LogEncoding.RAW)).isEqualTo(Path.of("/h/sessions/--w--/id/session.jsonl"));
    }

    @Test
    void home_is_explicit_then_dsh_home_unless_blank_then_dot_dsh_with_tilde_expanded() {
        Path user = Path.of("/home/u");
        assertThat(SessionHome.resolve("/x", Map.of("DSH_HOME", "/y"), user).dir()).isEqualTo(Path.of("/x"));
        assertThat(SessionHome.resolve(null, Map.of("DSH_HOME", "/y"), user).dir()).isEqualTo(Path.of("/y"));
        assertThat(SessionHome.resolve(null, Map.of("DSH_HOME", "  "), user).dir()).isEqualTo(Path.of("/home/u/.dsh"));
        assertThat(SessionHome.resolve(null, Map.of(), user).dir()).isEqualTo(Path.of("/home/u/.dsh"));
        assertThat(SessionHome.resolve("~", Map.of(), user).dir()).isEqualTo(user);
        assertThat(SessionHome.resolve("~/d", Map.of(), user).dir()).isEqualTo(Path.of("/home/u/d"));
        assertThat(SessionHome.resolve(null, Map.of("DSH_HOME", "~/e"), user).sessionsRoot()).isEqualTo(Path.of("/home/u/e/sessions"));
        assertThat(SessionHome.resolve("rel", Map.of(), user).dir()).isAbsolute();
    }
}
