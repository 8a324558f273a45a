package io.dsh4j.session.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsonLimits;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** §1.5 and §2.1 decoding rules, including hostile input: every failure is a typed error naming what and where. */
class StorageCodecTest {

    @Nested
    class Envelope {

        @Test
        void a_plain_event_keeps_its_key_order_on_re_encoding() {
            String line = "{\"type\":\"tool/result\",\"seq\":5,\"time\":9,\"data\":{\"z\":1,\"a\":2},\"surfaceOp\":\"append\",\"sourceEventSeqs\":[3]}";
            SessionEvent e = (SessionEvent) StorageCodec.decode(line, 0);
            assertThat(e.seq()).isEqualTo(5);
            assertThat(e.time()).isEqualTo(9);
            assertThat(e.surfaceOp()).isEqualTo(SurfaceOp.APPEND);
            assertThat(e.sourceEventSeqs()).containsExactly(3L);
            assertThat(StorageCodec.encode(e)).isEqualTo(line);
        }

        @Test
        void a_fixture_event_without_seq_and_time_gets_its_seq_by_position() {
            SessionEvent e = (SessionEvent) StorageCodec.decode("{\"type\":\"turn/start\",\"data\":{\"turn\":1}}", 17);
            assertThat(e.seq()).isEqualTo(17);
            assertThat(e.positional()).isTrue();
            assertThat(e.hasTime()).isFalse();
            assertThat(StorageCodec.encode(e)).isEqualTo("{\"type\":\"turn/start\",\"data\":{\"turn\":1}}");
        }

        @ParameterizedTest(name = "[{index}] {1}")
        @CsvSource(delimiter = '|', value = {
                "not json at all                                                      | invalid JSON",
                "{\"type\":\"turn/start\",\"data\":{}                                   | invalid JSON",
                "[1,2]                                                                | must be a JSON object",
                "42                                                                   | must be a JSON object",
                "null                                                                 | must be a JSON object",
                "{\"data\":{}}                                                          | type must be a string",
                "{\"type\":7,\"data\":{}}                                               | type must be a string",
                "{\"type\":\"turn/start\",\"seq\":0,\"time\":0}                          | data is missing",
                "{\"type\":\"turn/start\",\"seq\":-1,\"time\":0,\"data\":{}}             | seq must be a non-negative safe integer",
                "{\"type\":\"turn/start\",\"seq\":1.5,\"time\":0,\"data\":{}}            | seq must be a non-negative safe integer",
                "{\"type\":\"turn/start\",\"seq\":9007199254740992,\"time\":0,\"data\":{}} | seq must be a non-negative safe integer",
                "{\"type\":\"turn/start\",\"seq\":0,\"data\":{}}                        | time is missing",
                "{\"type\":\"turn/start\",\"time\":0,\"data\":{}}                       | seq is missing",
                "{\"type\":\"turn/start\",\"seq\":0,\"time\":\"x\",\"data\":{}}          | time must be a safe integer",
                "{\"type\":\"turn/start\",\"seq\":0,\"time\":0,\"data\":{},\"extra\":1}  | unexpected envelope key \"extra\"",
                "{\"type\":\"turn/start\",\"seq\":0,\"time\":0,\"data\":{},\"ignorable\":false} | ignorable may only be true",
                "{\"type\":\"user/message\",\"seq\":0,\"time\":0,\"data\":{},\"surfaceOp\":\"prepend\"} | surfaceOp must be",
                "{\"type\":\"user/message\",\"seq\":0,\"time\":0,\"data\":{},\"surfaceOp\":{\"op\":\"replace\",\"start\":1}} | surfaceOp must be",
                "{\"type\":\"user/message\",\"seq\":0,\"time\":0,\"data\":{},\"sourceEventSeqs\":[1,\"2\"]} | sourceEventSeqs must hold",
                "{\"type\":\"user/message\",\"seq\":0,\"time\":0,\"data\":{},\"sourceEventSeqs\":{}} | sourceEventSeqs must be an array",
                "{\"type\":\"turn/start\",\"seq\":0,\"time\":0,\"data\":{}} trailing     | invalid JSON",
                "'' | empty JSON text",
        })
        void a_malformed_line_is_a_corrupt_record_naming_the_problem(String line, String problem) {
            assertThatThrownBy(() -> StorageCodec.decode(line.equals("''") ? "" : line, 0))
                    .isInstanceOf(CorruptRecordException.class).hasMessageContaining(problem);
        }

        @Test
        void the_error_names_the_field() {
            assertThatThrownBy(() -> StorageCodec.decode("{\"type\":\"turn/start\",\"seq\":3,\"time\":\"x\",\"data\":{}}", 0))
                    .isInstanceOfSatisfying(CorruptRecordException.class, e -> {
                        assertThat(e.field()).isEqualTo("time");
                        assertThat(e.type()).isEqualTo("turn/start");
                    });
        }

        @Test
        void invalid_utf8_is_a_corrupt_record() {
            byte[] line = "{\"type\":\"turn/start\",\"seq\":0,\"time\":0,\"data\":{\"x\":\"\u00ff\"}}".getBytes(StandardCharsets.ISO_8859_1);
            assertThatThrownBy(() -> StorageCodec.decode(line, 0, line.length, 0, JsonLimits.DEFAULTS))
                    .isInstanceOf(CorruptRecordException.class).hasMessageContaining("UTF-8");
        }

        @Test
        void deep_nesting_is_a_corrupt_record_not_a_stack_overflow() {
            String deep = "{\"type\":\"x\",\"seq\":0,\"time\":0,\"data\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}";
            assertThatThrownBy(() -> StorageCodec.decode(deep, 0)).isInstanceOf(CorruptRecordException.class)
                    .hasMessageContaining("size cap");
        }

        @Test
        void a_string_beyond_the_cap_is_a_corrupt_record() {
            JsonLimits tight = new JsonLimits(50, 10_000, 100);
            String line = "{\"type\":\"x\",\"seq\":0,\"time\":0,\"data\":\"" + "y".repeat(20_000) + "\"}";
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            assertThatThrownBy(() -> StorageCodec.decode(bytes, 0, bytes.length, 0, tight)).isInstanceOf(CorruptRecordException.class)
                    .hasMessageContaining("size cap");
        }

        @Test
        void a_huge_string_within_the_cap_is_read_whole() {
            String big = "z".repeat(3_000_000);
            SessionEvent e = (SessionEvent) StorageCodec.decode("{\"type\":\"x\",\"seq\":0,\"time\":0,\"data\":\"" + big + "\"}", 0);
            assertThat(e.data().textValue()).hasSize(3_000_000);
        }
    }

    @Nested
    class PackedRows {

        static final String ROW = "{\"type\":\"text-chunks\",\"seq0\":4,\"time0\":100,\"data\":{\"turn\":1,\"step\":2,\"index\":0,"
                + "\"dt\":[5,-3],\"texts\":[\"a\",\"b\",\"c\"]}}";

        @Test
        void a_row_expands_to_its_member_events() {
            StorageRecord r = StorageCodec.decode(ROW, 0);
            List<SessionEvent> events = r.events();
            assertThat(events).extracting(SessionEvent::seq).containsExactly(4L, 5L, 6L);
            assertThat(events).extracting(SessionEvent::time).containsExactly(100L, 105L, 102L);
            assertThat(StorageCodec.encode(events.get(1)))
                    .isEqualTo("{\"type\":\"assistant/chunk\",\"seq\":5,\"time\":105,\"data\":{\"turn\":1,\"step\":2,"
                            + "\"chunk\":{\"type\":\"text-delta\",\"index\":0,\"text\":\"b\"}}}");
            assertThat(events.get(2).payload(EventPayload.AssistantChunk.class).chunk()).isEqualTo(new StreamChunk.TextDelta(0, "c"));
            assertThat(StorageCodec.encode(r)).isEqualTo(ROW);
        }

        @Test
        void a_tool_call_row_carries_id_and_optional_name() {
            String row = "{\"type\":\"tool-call-chunks\",\"seq0\":0,\"time0\":0,\"data\":{\"turn\":1,\"step\":1,\"index\":1,"
                    + "\"dt\":[0],\"id\":\"c1\",\"name\":\"bash\",\"args\":[\"{\",\"}\"]}}";
            List<SessionEvent> events = StorageCodec.decode(row, 0).events();
            assertThat(events.get(1).payload(EventPayload.AssistantChunk.class).chunk())
                    .isEqualTo(new StreamChunk.ToolCallDelta(1, "c1", "bash", "}"));
            assertThat(StorageCodec.encode(StorageCodec.decode(row, 0))).isEqualTo(row);
        }

        @ParameterizedTest(name = "{0}")
        @ValueSource(strings = {
                "{\"type\":\"text-chunks\",\"seq0\":0,\"time0\":0,\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[],\"texts\":[\"a\"]},\"x\":1}",
                "{\"type\":\"text-chunks\",\"seq0\":0,\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[],\"texts\":[\"a\"]}}",
                "{\"type\":\"text-chunks\",\"seq\":0,\"time\":0,\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[],\"texts\":[\"a\"]}}",
                "{\"type\":\"text-chunks\",\"seq0\":-1,\"time0\":0,\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[],\"texts\":[\"a\"]}}",
                "{\"type\":\"text-chunks\",\"seq0\":0,\"time0\":0.5,\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[],\"texts\":[\"a\"]}}",
                "{\"type\":\"text-chunks\",\"seq0\":0,\"time0\":0,\"data\":[]}",
                "{\"type\":\"text-chunks\",\"seq0\":0,\"time0\":0,\"data\":{\"turn\":1,\"step\":1,\"dt\":[],\"texts\":[\"a\"]}}",
                "{\"type\":\"text-chunks\",\"seq0\":0,\"time0\":0,\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[],\"texts\":[\"a\"],\"id\":\"x\"}}",
                "{\"type\":\"text-chunks\",\"seq0\":0,\"time0\":0,\"data\":{\"turn\":\"1\",\"step\":1,\"index\":0,\"dt\":[],\"texts\":[\"a\"]}}",
                "{\"type\":\"text-chunks\",\"seq0\":0,\"time0\":0,\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[],\"texts\":[]}}",
                "{\"type\":\"text-chunks\",\"seq0\":0,\"time0\":0,\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[],\"texts\":[1]}}",
                "{\"type\":\"text-chunks\",\"seq0\":0,\"time0\":0,\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[1],\"texts\":[\"a\"]}}",
                "{\"type\":\"text-chunks\",\"seq0\":0,\"time0\":0,\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[0.5],\"texts\":[\"a\",\"b\"]}}",
                "{\"type\":\"text-chunks\",\"seq0\":0,\"time0\":9007199254740991,\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[1],\"texts\":[\"a\",\"b\"]}}",
                "{\"type\":\"text-chunks\",\"seq0\":9007199254740991,\"time0\":0,\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[1],\"texts\":[\"a\",\"b\"]}}",
                "{\"type\":\"tool-call-chunks\",\"seq0\":0,\"time0\":0,\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[],\"args\":[\"a\"]}}",
                "{\"type\":\"tool-call-chunks\",\"seq0\":0,\"time0\":0,\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"id\":\"c\",\"name\":5,\"dt\":[],\"args\":[\"a\"]}}",
                "{\"type\":\"reasoning-chunks\",\"seq0\":0,\"time0\":0,\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[],\"args\":[\"a\"]}}",
        })
        void a_malformed_row_is_corrupt_storage_never_an_unknown_event(String line) {
            assertThatThrownBy(() -> StorageCodec.decode(line, 0)).isInstanceOf(CorruptRecordException.class)
                    .hasMessageContaining("storage row");
        }

        @Test
        void a_row_whose_data_comes_before_its_type_is_still_read_and_validated() {
            String row = "{\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[1,2],\"texts\":[\"a\",\"b\",\"c\"]},"
                    + "\"type\":\"text-chunks\",\"seq0\":3,\"time0\":4}";
            StorageRecord r = StorageCodec.decode(row, 0);
            assertThat(r.firstSeq()).isEqualTo(3);
            assertThat(r.events()).extracting(SessionEvent::time).containsExactly(4L, 5L, 7L);
            assertThatThrownBy(() -> StorageCodec.decode(row.replace("[1,2]", "[1]"), 0))
                    .isInstanceOf(CorruptRecordException.class).hasMessageContaining("dt length 1 does not match 3 members");
        }

        @Test
        void a_duplicate_envelope_key_is_corrupt() {
            assertThatThrownBy(() -> StorageCodec.decode("{\"type\":\"x\",\"seq\":0,\"time\":0,\"data\":{},\"seq\":1}", 0))
                    .isInstanceOf(CorruptRecordException.class).hasMessageContaining("duplicate envelope key \"seq\"");
        }

        @Test
        void a_fixture_row_without_seq0_and_time0_gets_its_seq_by_position() {
            String row = "{\"type\":\"reasoning-chunks\",\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[7,8],\"texts\":[\"x\",\"y\",\"z\"]}}";
            StorageRecord r = StorageCodec.decode(row, 10);
            assertThat(r.firstSeq()).isEqualTo(10);
            assertThat(r.events()).allMatch(SessionEvent::positional);
            assertThat(StorageCodec.encodeBatch(r.events(), true)).isEqualTo(row);
        }
    }

    @Nested
    class Writing {

        @Test
        void data_holding_negative_zero_is_refused_naming_type_seq_and_path() {
            SessionEvent e = SessionEvent.of("tool/call", 4, 0, io.dsh4j.message.json.JsJson.nodes().objectNode()
                    .put("turn", 1).set("meta", io.dsh4j.message.json.JsJson.nodes().objectNode().put("x", -0.0)));
            assertThatThrownBy(() -> StorageCodec.encodeBatchUtf8(List.of(e), true))
                    .isInstanceOfSatisfying(NotLosslessEventException.class, x -> {
                        assertThat(x.type()).isEqualTo("tool/call");
                        assertThat(x.seq()).isEqualTo(4);
                        assertThat(x.field()).isEqualTo("data.meta.x");
                    });
        }

        @Test
        void optional_envelope_keys_follow_the_order_they_were_set() {
            SessionEvent e = SessionEvent.builder("tool/result", 2, 7).data(io.dsh4j.message.json.JsJson.nodes().objectNode())
                    .surfaceOp(SurfaceOp.APPEND).sourceEventSeqs(List.of(1L)).build();
            assertThat(StorageCodec.encode(e))
                    .isEqualTo("{\"type\":\"tool/result\",\"seq\":2,\"time\":7,\"data\":{},\"surfaceOp\":\"append\",\"sourceEventSeqs\":[1]}");
        }
    }
}
