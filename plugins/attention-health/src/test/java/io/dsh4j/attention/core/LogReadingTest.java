package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.session.LenientLogReader;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec §11 items 1–2 through the reader the plugin's commands use (the harness's lenient reader,
 * the plugin's rules of §2.3–2.4). The reader's own suite covers frames and limits; this pins the
 * two statements it leaves implicit: every frame's text arrives, in order, as one concatenation,
 * and an empty file has no frames and no skip flag.
 */
class LogReadingTest {

    @Test
    void every_frame_of_a_multi_frame_log_is_decoded_and_concatenated_in_order() throws IOException {
        Path zstd = Corpus.damagedDir().resolve("intact.jsonl.zstd");
        List<JsonNode> records = new ArrayList<>();
        LenientLogReader.Result r = LenientLogReader.read(zstd, LenientLogReader.Limits.DEFAULTS, records::add);
        List<String> expected = Files.readAllLines(Corpus.damagedDir().resolve("intact.expected.jsonl"), StandardCharsets.UTF_8)
                .stream().filter(l -> !l.isBlank()).toList();
        assertThat(r.frames()).isGreaterThan(1);
        assertThat(r.header()).isEqualTo(Events.json(expected.get(0)));
        assertThat(records).containsExactlyElementsOf(expected.subList(1, expected.size()).stream().map(Events::json).toList());
        assertThat(r.skipped()).isNull();
        assertThat(r.tornStart()).isEqualTo(-1);
    }

    @Test
    void an_empty_log_has_no_frames_no_text_and_no_skip_flag() throws IOException {
        LenientLogReader.Result r = LenientLogReader.read(Corpus.damagedDir().resolve("empty.jsonl.zstd"),
                LenientLogReader.Limits.DEFAULTS, e -> { });
        assertThat(r.frames()).isZero();
        assertThat(r.plaintextBytes()).isZero();
        assertThat(r.records()).isZero();
        assertThat(r.skipped()).isNull();
        assertThat(r.tornStart()).isEqualTo(-1);
    }
}
