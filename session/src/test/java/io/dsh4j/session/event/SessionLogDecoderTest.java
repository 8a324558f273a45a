package io.dsh4j.session.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.message.Message;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** §1.10 legacy upgrades and refusals, §2 unknown types, seq contiguity — as the log reader applies them. */
class SessionLogDecoderTest {

    static final String HEADER = "{\"type\":\"session\",\"version\":0,\"id\":\"s1\",\"createdAt\":1,\"delegationDepth\":0}";

    static List<SessionEvent> read(SessionHeader.Mode mode, String... lines) {
        return SessionLogDecoder.readAll(HEADER + "\n" + String.join("\n", lines) + "\n", mode).events();
    }

    static List<SessionEvent> read(String... lines) {
        return read(SessionHeader.Mode.STRICT, lines);
    }

    @Nested
    class LegacyUpgrades {

        @Test
        void a_pre_identity_user_message_gets_a_legacy_id_and_role() {
            SessionEvent e = read("{\"type\":\"user/message\",\"data\":{\"content\":[{\"type\":\"text\",\"text\":\"hi\"}],"
                    + "\"source\":{\"kind\":\"user\"}},\"surfaceOp\":\"append\"}").get(0);
            Message.UserMessage m = e.payload(EventPayload.UserMessage.class).message();
            assertThat(m.id()).isEqualTo("legacy-message:s1:0");
            assertThat(e.data().get("role").textValue()).isEqualTo("user");
        }

        @Test
        void a_pre_identity_assistant_message_is_wrapped_with_model_source() {
            SessionEvent e = read("{\"type\":\"step/start\",\"data\":{\"turn\":1,\"step\":1}}",
                    "{\"type\":\"assistant/message\",\"data\":{\"turn\":1,\"step\":1,\"content\":[{\"type\":\"text\",\"text\":\"x\"}],"
                            + "\"provenance\":{\"provider\":\"p\",\"model\":\"m\"},\"usage\":{\"inputTokens\":1,\"outputTokens\":2}},"
                            + "\"surfaceOp\":\"append\"}").get(1);
            EventPayload.AssistantMessage p = e.payload(EventPayload.AssistantMessage.class);
            assertThat(p.message().id()).isEqualTo("legacy-message:s1:1");
            assertThat(p.message().source().provider()).isEqualTo("p");
            assertThat(p.message().source().json().toString()).isEqualTo("{\"provider\":\"p\",\"model\":\"m\",\"kind\":\"model\"}");
            assertThat(p.usage().outputTokens()).isEqualTo(2);
        }

        @Test
        void a_pre_identity_tool_result_is_wrapped_and_a_replacement_inherits_the_replaced_id() {
            List<SessionEvent> events = read(
                    "{\"type\":\"tool/result\",\"data\":{\"turn\":1,\"step\":1,\"callId\":\"c\",\"content\":[{\"type\":\"text\",\"text\":\"big\"}],"
                            + "\"isError\":false},\"surfaceOp\":\"append\"}",
                    "{\"type\":\"tool/result\",\"data\":{\"turn\":1,\"step\":1,\"callId\":\"c\",\"content\":[],\"isError\":true},"
                            + "\"sourceEventSeqs\":[0],\"surfaceOp\":{\"op\":\"replace\",\"start\":0,\"end\":0}}");
            EventPayload.ToolResult first = events.get(0).payload(EventPayload.ToolResult.class);
            EventPayload.ToolResult second = events.get(1).payload(EventPayload.ToolResult.class);
            assertThat(first.message().id()).isEqualTo("legacy-message:s1:0");
            assertThat(first.message().source().callId()).isEqualTo("c");
            assertThat(second.message().id()).isEqualTo("legacy-message:s1:0");
            assertThat(second.isError()).isTrue();
        }

        @Test
        void turn_start_trigger_is_dropped() {
            SessionEvent e = read("{\"type\":\"turn/start\",\"data\":{\"turn\":1,\"trigger\":{\"kind\":\"message\"}}}").get(0);
            assertThat(e.data().toString()).isEqualTo("{\"turn\":1}");
        }

        @Test
        void a_malformed_trigger_is_refused_in_strict_mode_and_kept_in_fixture_mode() {
            String line = "{\"type\":\"turn/start\",\"data\":{\"turn\":0,\"trigger\":{\"kind\":\"message\"}}}";
            assertThatThrownBy(() -> read(line)).isInstanceOfSatisfying(InvalidEventException.class, e -> {
                assertThat(e.type()).isEqualTo("turn/start");
                assertThat(e.seq()).isEqualTo(0);
                assertThat(e.getMessage()).contains("malformed pre-react-loop turn/start");
            });
            assertThat(read(SessionHeader.Mode.FIXTURE, line).get(0).data().has("trigger")).isTrue();
        }

        @Test
        void steering_message_becomes_a_user_message() {
            List<SessionEvent> events = read(
                    "{\"type\":\"steering/message\",\"data\":{\"turn\":1,\"content\":[{\"type\":\"text\",\"text\":\"s\"}],"
                            + "\"source\":{\"kind\":\"user\"}},\"surfaceOp\":\"append\"}",
                    "{\"type\":\"steering/message\",\"data\":{\"turn\":1,\"message\":{\"id\":\"m\",\"role\":\"user\","
                            + "\"content\":[],\"source\":{\"kind\":\"user\"}}},\"surfaceOp\":\"append\"}");
            assertThat(events).extracting(SessionEvent::type).containsOnly("user/message");
            assertThat(events.get(0).payload(EventPayload.UserMessage.class).message().id()).isEqualTo("legacy-message:s1:0");
            assertThat(events.get(1).payload(EventPayload.UserMessage.class).message().id()).isEqualTo("m");
        }

        @Test
        void old_turn_end_reasons_take_the_current_shape() {
            List<SessionEvent> events = read(
                    "{\"type\":\"turn/end\",\"data\":{\"turn\":1,\"reason\":{\"kind\":\"aborted\"}}}",
                    "{\"type\":\"turn/end\",\"data\":{\"turn\":2,\"reason\":{\"kind\":\"disposed\"}}}",
                    "{\"type\":\"turn/end\",\"data\":{\"turn\":3,\"reason\":{\"kind\":\"error\",\"step\":1,\"message\":\"boom\"}}}",
                    "{\"type\":\"turn/end\",\"data\":{\"turn\":4,\"reason\":{\"kind\":\"error\",\"step\":1,\"message\":\"x\",\"code\":\"AUTH\"}}}",
                    "{\"type\":\"turn/end\",\"data\":{\"turn\":5,\"reason\":{\"kind\":\"error\",\"step\":2,"
                            + "\"failure\":{\"message\":\"f\",\"code\":\"QUOTA\",\"status\":402}}}}");
            assertThat(events.get(0).data().get("reason").toString()).isEqualTo("{\"kind\":\"aborted\",\"reason\":{\"kind\":\"legacy\"}}");
            assertThat(events.get(1).data().get("reason").toString()).isEqualTo("{\"kind\":\"aborted\",\"reason\":{\"kind\":\"disposed\"}}");
            assertThat(((TurnEndReason.Error) events.get(2).payload(EventPayload.TurnEnd.class).reason()).error().code()).isEqualTo("UNKNOWN");
            assertThat(((TurnEndReason.Error) events.get(3).payload(EventPayload.TurnEnd.class).reason()).error().code()).isEqualTo("AUTH");
            assertThat(((TurnEndReason.Error) events.get(4).payload(EventPayload.TurnEnd.class).reason()).error().status()).isEqualTo(402);
        }

        @Test
        void a_malformed_turn_end_names_the_event_in_strict_mode() {
            assertThatThrownBy(() -> read("{\"type\":\"turn/end\",\"data\":{\"error\":\"model exploded\"}}"))
                    .isInstanceOf(InvalidEventException.class).hasMessageContaining("turn/end at seq 0");
        }
    }

    @Nested
    class Refusals {

        @Test
        void retired_event_types_are_refused_naming_type_and_seq() {
            assertThatThrownBy(() -> read("{\"type\":\"request/header-delta\",\"data\":{}}"))
                    .isInstanceOf(InvalidEventException.class).hasMessageContaining("request/header-delta at seq 0");
            assertThatThrownBy(() -> read("{\"type\":\"turn/start\",\"data\":{\"turn\":1}}", "{\"type\":\"mode/set\",\"data\":{}}"))
                    .isInstanceOf(InvalidEventException.class).hasMessageContaining("mode/set at seq 1");
            assertThatThrownBy(() -> read("{\"type\":\"request/header\",\"data\":{\"reason\":\"fallback\",\"header\":{}}}"))
                    .isInstanceOf(InvalidEventException.class).hasMessageContaining("fallback");
        }

        @Test
        void an_unknown_type_without_ignorable_is_refused_naming_the_type() {
            assertThatThrownBy(() -> read("{\"type\":\"future/event\",\"seq\":0,\"time\":5,\"data\":{}}"))
                    .isInstanceOfSatisfying(UnsupportedFormatException.class, e -> {
                        assertThat(e.type()).isEqualTo("future/event");
                        assertThat(e.getMessage()).contains("\"future/event\" (seq 0)").contains("newer harness");
                    });
        }

        @Test
        void an_unknown_type_marked_ignorable_is_preserved_verbatim() {
            String line = "{\"type\":\"future/event\",\"seq\":0,\"time\":5,\"data\":{\"b\":[1,2]},\"ignorable\":true}";
            SessionEvent e = read(line).get(0);
            assertThat(e.payload()).isEqualTo(new EventPayload.Unknown("future/event", e.data()));
            assertThat(StorageCodec.encode(e)).isEqualTo(line);
        }

        @Test
        void surface_metadata_on_a_log_only_type_is_refused() {
            assertThatThrownBy(() -> read("{\"type\":\"turn/start\",\"data\":{\"turn\":1},\"surfaceOp\":\"append\"}"))
                    .isInstanceOfSatisfying(InvalidEventException.class, e -> assertThat(e.field()).isEqualTo("surfaceOp"));
            assertThatThrownBy(() -> read("{\"type\":\"turn/start\",\"data\":{\"turn\":1},\"sourceEventSeqs\":[]}"))
                    .isInstanceOfSatisfying(InvalidEventException.class, e -> assertThat(e.field()).isEqualTo("sourceEventSeqs"));
        }

        @Test
        void a_message_event_without_an_identified_message_is_refused_naming_the_field() {
            assertThatThrownBy(() -> read("{\"type\":\"assistant/message\",\"data\":{\"turn\":1,\"step\":1,\"message\":{\"role\":\"assistant\","
                    + "\"content\":[],\"source\":{\"kind\":\"model\",\"provider\":\"p\",\"model\":\"m\"}}},\"surfaceOp\":\"append\"}"))
                    .isInstanceOfSatisfying(InvalidEventException.class, e -> assertThat(e.field()).isEqualTo("data.message.id"));
            assertThatThrownBy(() -> read("{\"type\":\"tool/result\",\"data\":{\"turn\":1,\"step\":1,\"message\":{\"id\":\"r\",\"role\":\"user\","
                    + "\"content\":[{\"type\":\"tool-result\",\"toolCallId\":\"a\",\"content\":[]}],\"source\":{\"kind\":\"tool\",\"callId\":\"b\"}}},"
                    + "\"surfaceOp\":\"append\"}"))
                    .isInstanceOf(InvalidEventException.class).hasMessageContaining("mismatched tool call ids");
        }

        @Test
        void a_seq_gap_is_a_corrupt_record_naming_the_seq() {
            assertThatThrownBy(() -> read("{\"type\":\"turn/start\",\"seq\":0,\"time\":1,\"data\":{\"turn\":1}}",
                    "{\"type\":\"step/start\",\"seq\":2,\"time\":1,\"data\":{\"turn\":1,\"step\":1}}"))
                    .isInstanceOfSatisfying(CorruptRecordException.class, e -> {
                        assertThat(e.seq()).isEqualTo(2);
                        assertThat(e.getMessage()).contains("expected 1");
                    });
        }
    }

    @Test
    void events_are_delivered_one_at_a_time_through_the_incremental_api() {
        SessionLogDecoder decoder = new SessionLogDecoder(SessionHeader.parse(HEADER, SessionHeader.Mode.STRICT));
        List<SessionEvent> seen = new ArrayList<>();
        decoder.decodeLine("{\"type\":\"turn/start\",\"seq\":0,\"time\":1,\"data\":{\"turn\":1}}", seen::add);
        byte[] row = ("{\"type\":\"text-chunks\",\"seq0\":1,\"time0\":2,\"data\":{\"turn\":1,\"step\":1,\"index\":0,\"dt\":[1,1],"
                + "\"texts\":[\"a\",\"b\",\"c\"]}}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        decoder.decodeLine(row, 0, row.length, seen::add);
        assertThat(seen).extracting(SessionEvent::seq).containsExactly(0L, 1L, 2L, 3L);
        assertThat(decoder.nextSeq()).isEqualTo(4);
        assertThat(seen.get(3).payload(EventPayload.AssistantChunk.class).chunk().isTokenDelta()).isTrue();
    }
}
