package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Spec §11 items 54–55 (§6.5, §7, §8). */
class DiskTest {

    @TempDir
    Path dir;

    private static GuardTrip trip() {
        return new GuardTrip(GuardTrip.Kind.REPEAT_LINE, 8, 27, "line", Map.of("streak", 8, "lineChars", 27, "sample", "line"));
    }

    @Test
    void trip_rows_keep_500_chars_by_default_and_privacy_mode_keeps_a_fingerprint() {
        String tail = "x".repeat(100) + "y".repeat(500);
        assertThat(GuardTripLog.tailChars(null)).isEqualTo(500);
        assertThat(GuardTripLog.tailChars("")).isEqualTo(500);
        assertThat(GuardTripLog.tailChars("0")).isZero();
        assertThat(GuardTripLog.tailChars("120")).isEqualTo(120);
        assertThat(GuardTripLog.tailChars("-1")).isEqualTo(500);
        assertThat(GuardTripLog.tailChars("abc")).isEqualTo(500);
        JsonNode normal = GuardTripLog.shapeTail(tail, 500);
        assertThat(normal.get("tail").asText()).isEqualTo("y".repeat(500));
        assertThat(normal.has("tailHash")).isFalse();
        JsonNode priv = GuardTripLog.shapeTail(tail, 0);
        assertThat(priv.get("tail").asText()).isEmpty();
        assertThat(priv.get("tailChars").asInt()).isEqualTo(600);
        assertThat(priv.get("tailHash").asText()).matches("[0-9a-f]{16}");
        assertThat(priv.get("tailHead").asText()).hasSize(40);
        assertThat(priv.get("tailFoot").asText()).hasSize(40);
        assertThat(GuardTripLog.shapeTail(tail, 0).get("tailHash")).isEqualTo(priv.get("tailHash"));
        assertThat(GuardTripLog.shapeTail(tail + "z", 0).get("tailHash")).isNotEqualTo(priv.get("tailHash"));
        assertThat(GuardTripLog.shapeTail(null, 0).get("tailChars").asInt()).isZero();
    }

    @Test
    void two_trip_records_append_with_tail_detail_and_numeric_time() {
        assertThat(GuardTripLog.record(dir, 1000, trip(), "同一行连续重复 8 次", "tail text", "s1", 500)).isTrue();
        assertThat(GuardTripLog.record(dir, 2000, trip(), "again", "tail 2", null, 500)).isTrue();
        List<JsonNode> rows = GuardTripLog.read(dir);
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).get("at").isNumber()).isTrue();
        assertThat(rows.get(0).get("detail").get("streak").asInt()).isEqualTo(8);
        assertThat(rows.get(0).get("tail").asText()).isEqualTo("tail text");
        assertThat(rows.get(1).get("sessionId").isNull()).isTrue();
    }

    @Test
    void files_rotate_to_dot_1_at_512_kb_before_appending_and_keep_one_archive() throws Exception {
        Path file = dir.resolve("handoff-history.jsonl");
        assertThat(JsonlFile.DEFAULT_MAX_BYTES).isEqualTo(512 * 1024);
        assertThat(JsonlFile.append(file, Events.json("{\"n\":1}"), 64)).isTrue();
        assertThat(JsonlFile.rotateIfLarge(file, 64)).isFalse();
        Files.writeString(file, "x".repeat(64));
        assertThat(JsonlFile.append(file, Events.json("{\"n\":2}"), 64)).isTrue();
        assertThat(Files.readString(dir.resolve("handoff-history.1.jsonl"))).isEqualTo("x".repeat(64));
        assertThat(Files.readString(file)).isEqualTo("{\"n\":2}\n");
        assertThat(JsonlFile.rotateIfLarge(dir.resolve("missing.jsonl"), 1)).isFalse();
    }

    @Test
    void write_failures_return_false_and_never_throw() throws Exception {
        Path blocker = dir.resolve("blocker");
        Files.writeString(blocker, "a file, not a directory");
        assertThat(JsonlFile.append(blocker.resolve("x.jsonl"), Events.json("{}"))).isFalse();
        assertThat(JsonlFile.read(blocker.resolve("x.jsonl"))).isEmpty();
    }

    @Test
    void history_rows_are_summarised_for_calibration() {
        assertThat(HandoffHistory.summarize(List.of(), dir.resolve(HandoffHistory.FILE), ZoneOffset.UTC, Texts.chinese()))
                .first().isEqualTo("交接历史记录：0 次");
        HandoffHistory.record(dir, Events.json("{\"at\":1789066800000,\"score\":62,\"effectivePercent\":40.5,\"summaryCount\":1,"
                + "\"reasoningLoop\":1,\"reasoningFlags\":0,\"profile\":\"slim\",\"chars\":9000}"));
        List<String> lines = HandoffHistory.summarize(HandoffHistory.read(dir), dir.resolve(HandoffHistory.FILE),
                ZoneOffset.UTC, Texts.chinese());
        assertThat(lines).first().isEqualTo("交接历史记录：1 次");
        assertThat(String.join("\n", lines)).contains("评分分布").contains("60-79 留意 ×1").contains("handoff-history.jsonl");
    }

    @Test
    void a_file_above_the_read_cap_is_read_from_the_first_whole_line_of_its_tail() throws Exception {
        Path file = dir.resolve("big.jsonl");
        StringBuilder text = new StringBuilder();
        for (int n = 0; n < 100; n++) text.append("{\"n\":").append(n).append("}\n");
        Files.writeString(file, text);
        // 40 bytes of tail start inside a row: that row is dropped, the whole rows after it are kept
        List<JsonNode> rows = JsonlFile.read(file, 40);
        assertThat(rows).extracting(r -> r.get("n").asInt()).containsExactly(96, 97, 98, 99);
        assertThat(JsonlFile.read(file)).hasSize(100);
        assertThat(JsonlFile.MAX_READ_BYTES).isGreaterThan(2 * JsonlFile.DEFAULT_MAX_BYTES);
    }

    @Test
    void ill_formed_utf8_in_a_row_reads_as_nodes_replacement_characters() throws Exception {
        Path file = dir.resolve("bad.jsonl");
        byte[] head = "{\"t\":\"a".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] tail = "b\"}\n{\"n\":2}\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        bytes.writeBytes(head);
        bytes.writeBytes(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80});
        bytes.writeBytes(tail);
        Files.write(file, bytes.toByteArray());
        // an encoded surrogate is three replacements in Node (the JDK's decoder would make one)
        assertThat(JsonlFile.read(file)).extracting(r -> r.path("t").asText(null))
                .containsExactly("a\ufffd\ufffd\ufffdb", null);
    }
}
