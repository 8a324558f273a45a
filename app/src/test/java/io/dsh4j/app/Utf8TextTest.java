package io.dsh4j.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Output is UTF-8 with U+FFFD for lone surrogates, as the original Node.js command line wrote it. */
class Utf8TextTest {

    private static final byte[] FFFD = {(byte) 0xEF, (byte) 0xBF, (byte) 0xBD};

    @Test
    void a_lone_surrogate_becomes_the_replacement_character_not_a_question_mark() {
        // given a high surrogate without its pair and a low one without its lead
        String text = "a\ud800b\udfffc";
        // when
        byte[] bytes = Utf8Text.bytes(text);
        // then
        assertThat(bytes).containsExactly('a', FFFD[0], FFFD[1], FFFD[2], 'b', FFFD[0], FFFD[1], FFFD[2], 'c');
    }

    @Test
    void paired_surrogates_and_cjk_are_plain_utf8() {
        String text = "会话 😀 ok";
        assertThat(Utf8Text.bytes(text)).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void the_writer_keeps_a_pair_split_across_two_writes_and_replaces_a_lone_one() {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        PrintWriter w = Utf8Text.writer(sink);
        w.print("x\ud83d");
        w.print("\ude00y\udc00");
        w.println();
        w.flush();
        assertThat(sink.toString(StandardCharsets.UTF_8)).isEqualTo("x😀y\ufffd" + System.lineSeparator());
    }
}
