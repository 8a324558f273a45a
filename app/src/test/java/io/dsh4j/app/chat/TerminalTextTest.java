package io.dsh4j.app.chat;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** Issue 12, hostile model output: text from the model can never reach the terminal as a control. */
class TerminalTextTest {

    @Test
    void escape_sequences_and_controls_become_visible_pictures() {
        assertThat(TerminalText.safe("\u001b[2J\u001b]0;pwned\u0007x")).isEqualTo("␛[2J␛]0;pwned␇x");
        assertThat(TerminalText.safe("a\u009b31mb\u009d")).isEqualTo("a\uFFFD31mb\uFFFD");
        assertThat(TerminalText.safe("back\bspace\u007f")).isEqualTo("back␈space␡");
        assertThat(TerminalText.safe("over\rwrite")).isEqualTo("over␍write");
        assertThat(TerminalText.safe("\u202Etxt.exe\u2066")).isEqualTo("\uFFFDtxt.exe\uFFFD");
        assertThat(TerminalText.safe("lone \uD800 high, lone \uDC00 low, pair 😀")).isEqualTo("lone \uFFFD high, lone \uFFFD low, pair 😀");
    }

    @Test
    void line_ends_tabs_and_ordinary_text_are_kept() {
        assertThat(TerminalText.safe("one\r\ntwo\n")).isEqualTo("one\ntwo\n");
        assertThat(TerminalText.safe("a\tb\n\tc")).isEqualTo("a   b\n    c");
        String plain = "Hello, 世界 — ünïcödé ✓ 😀";
        assertThat(TerminalText.safe(plain)).isSameAs(plain);
    }

    @Property(tries = 1000)
    void nothing_that_leaves_is_a_control_and_safe_is_idempotent(@ForAll String text) {
        String safe = TerminalText.safe(text);
        for (int i = 0; i < safe.length(); i++) {
            char c = safe.charAt(i);
            assertThat(c < 0x20 && c != '\n' || c == 0x7F || c >= 0x80 && c <= 0x9F).as("char %04x at %d", (int) c, i).isFalse();
            if (Character.isHighSurrogate(c)) {
                assertThat(i + 1 < safe.length() && Character.isLowSurrogate(safe.charAt(i + 1))).isTrue();
                i++;
            } else {
                assertThat(Character.isLowSurrogate(c)).isFalse();
            }
        }
        assertThat(TerminalText.safe(safe)).isEqualTo(safe);
    }
}
