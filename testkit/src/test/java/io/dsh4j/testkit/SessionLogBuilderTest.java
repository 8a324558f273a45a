package io.dsh4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.luben.zstd.ZstdInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one builder of DSH session logs (spec sessions-llm-http.md §1): raw and zstd, seq by position. */
class SessionLogBuilderTest {

    static final ObjectMapper JSON = new ObjectMapper();

    static SessionLogBuilder sample() {
        return SessionLogBuilder.session("s1", "/work/project")
                .turn(1, t -> t.user("How do I \"rotate\" logs?").reasoning("think").assistant("Use logrotate."));
    }

    @Test
    void the_header_comes_first_and_records_count_seq_from_zero() throws IOException {
        List<String> lines = sample().lines();
        JsonNode header = JSON.readTree(lines.getFirst());
        assertThat(header.get("type").asText()).isEqualTo("session");
        assertThat(header.get("id").asText()).isEqualTo("s1");
        assertThat(header.get("cwd").asText()).isEqualTo("/work/project");
        List<String> types = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            JsonNode r = JSON.readTree(lines.get(i));
            assertThat(r.get("seq").asInt()).isEqualTo(i - 1);
            types.add(r.get("type").asText());
        }
        assertThat(types).containsExactly("turn/start", "user/message", "assistant/message", "assistant/message", "turn/end");
        assertThat(JSON.readTree(lines.get(2)).at("/data/content/0/text").asText()).isEqualTo("How do I \"rotate\" logs?");
        assertThat(JSON.readTree(lines.get(3)).at("/data/message/content/0/type").asText()).isEqualTo("reasoning");
    }

    @Test
    void the_zstd_form_is_the_header_frame_then_batches_and_decodes_to_the_raw_text() throws IOException {
        SessionLogBuilder log = sample();
        byte[] zstd = log.zstd(2);
        try (ZstdInputStream in = new ZstdInputStream(new ByteArrayInputStream(zstd))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(log.text());
        }
        assertThat(frames(zstd)).isEqualTo(1 + 3); // the header, then 5 records in frames of 2
        assertThatThrownBy(() -> log.zstd(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void files_are_written_with_their_folders(@TempDir Path dir) throws IOException {
        SessionLogBuilder log = sample().at(7).event("step/start", "{\"turn\":2,\"step\":1}").rawLine("{torn");
        Path raw = log.writeRaw(dir.resolve("a/b/session.jsonl"));
        Path zstd = log.writeZstd(dir.resolve("c/session.jsonl.zstd"), 5);
        assertThat(Files.readString(raw)).isEqualTo(log.text()).endsWith("\"time\":7,\"data\":{\"turn\":2,\"step\":1}}\n{torn\n");
        try (ZstdInputStream in = new ZstdInputStream(Files.newInputStream(zstd))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(log.text());
        }
    }

    /** Counts zstd frames by their magic number (the builder's frames have no skippable frames). */
    static int frames(byte[] zstd) {
        int n = 0;
        for (int i = 0; i + 3 < zstd.length; i++) {
            if ((zstd[i] & 0xff) == 0x28 && (zstd[i + 1] & 0xff) == 0xb5 && (zstd[i + 2] & 0xff) == 0x2f
                    && (zstd[i + 3] & 0xff) == 0xfd) n++;
        }
        return n;
    }
}
