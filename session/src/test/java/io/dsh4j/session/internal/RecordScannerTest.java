package io.dsh4j.session.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.session.LogStatus;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** §1.8 read path: the committed prefix and every torn-versus-corrupt rule, raw and zstd. */
class RecordScannerTest {

    static final String HEADER = "{\"type\":\"session\",\"version\":0,\"id\":\"s\",\"createdAt\":1,\"delegationDepth\":0}\n";

    static String ev(long seq, String type) {
        return "{\"type\":\"" + type + "\",\"seq\":" + seq + ",\"time\":0,\"data\":{}}\n";
    }

    record Read(LogScan.Result<String> result, List<LineCodec.Event> events) {
        LogStatus status() { return result.status(); }
        List<Long> seqs() { return events.stream().map(LineCodec.Event::seq).toList(); }
    }

    static Read raw(String text) throws IOException {
        return read(text.getBytes(StandardCharsets.UTF_8), false);
    }

    static Read zstd(String... frames) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String f : frames) out.writeBytes(ZstdFrameEncoder.encode(f.getBytes(StandardCharsets.UTF_8)));
        return read(out.toByteArray(), true);
    }

    static Read read(byte[] file, boolean zstd) throws IOException {
        List<LineCodec.Event> events = new ArrayList<>();
        LogScan.Result<String> r = LogScan.run(Channels.newChannel(new ByteArrayInputStream(file)), zstd,
                new LineCodec(), h -> {}, events::add);
        return new Read(r, events);
    }

    @Nested
    class Raw {
        @Test
        void a_complete_log_is_ok_with_every_event() throws IOException {
            Read r = raw(HEADER + ev(0, "turn/start") + ev(1, "turn/end"));
            assertThat(r.status()).isEqualTo(new LogStatus.Ok());
            assertThat(r.seqs()).containsExactly(0L, 1L);
        }

        @Test
        void a_final_fragment_without_newline_is_a_torn_tail_cut_at_the_last_committed_line() throws IOException {
            String committed = HEADER + ev(0, "turn/start");
            Read r = raw(committed + "{\"type\":\"turn/e");
            assertThat(r.status()).isEqualTo(new LogStatus.Torn(committed.length(), 0));
            assertThat(r.seqs()).containsExactly(0L);
        }

        @Test
        void an_unparsable_line_without_a_later_turn_end_stops_the_prefix_and_is_torn() throws IOException {
            String committed = HEADER + ev(0, "turn/start");
            Read r = raw(committed + "{not json\n" + ev(2, "step/start"));
            assertThat(r.status()).isEqualTo(new LogStatus.Torn(committed.length(), 0));
            assertThat(r.seqs()).containsExactly(0L);
        }

        @Test
        void damage_before_a_committed_turn_end_is_corruption_naming_the_line_and_byte() throws IOException {
            String committed = HEADER + ev(0, "turn/start");
            Read r = raw(committed + "{not json\n" + ev(2, "turn/end"));
            assertThat(r.status()).isInstanceOfSatisfying(LogStatus.Corrupt.class, c -> {
                assertThat(c.offset()).isEqualTo(committed.length());
                assertThat(c.reason()).contains("unparsable record at line 3").contains("turn/end");
            });
        }

        @Test
        void a_seq_gap_discards_the_record_and_is_torn_unless_the_record_ends_a_turn() throws IOException {
            String committed = HEADER + ev(0, "turn/start");
            assertThat(raw(committed + ev(5, "step/start")).status()).isEqualTo(new LogStatus.Torn(committed.length(), 0));
            assertThat(raw(committed + ev(5, "turn/end")).status()).isInstanceOfSatisfying(LogStatus.Corrupt.class,
                    c -> assertThat(c.reason()).contains("seq gap at line 3").contains("expected 1, got 5"));
        }

        @Test
        void a_seq_gap_inside_a_packed_row_discards_the_whole_row() throws IOException {
            String committed = HEADER + ev(0, "turn/start");
            String row = "{\"type\":\"text-chunks\",\"seq0\":2,\"time0\":0,\"data\":{\"texts\":[\"a\",\"b\",\"c\"]}}\n";
            Read r = raw(committed + row);
            assertThat(r.seqs()).containsExactly(0L);
            assertThat(r.status()).isEqualTo(new LogStatus.Torn(committed.length(), 0));
        }

        @Test
        void a_file_without_a_complete_first_line_is_not_a_session() throws IOException {
            assertThat(raw("").status()).isInstanceOf(LogStatus.NotASession.class);
            assertThat(raw("{\"type\":\"sess").status()).isInstanceOf(LogStatus.NotASession.class);
        }

        @Test
        void a_first_line_that_is_not_a_header_is_corrupt_and_a_newer_version_is_unsupported() throws IOException {
            assertThat(raw(ev(0, "turn/start")).status()).isInstanceOf(LogStatus.Corrupt.class);
            assertThat(raw(HEADER.replace("\"version\":0", "\"version\":1")).status()).isInstanceOf(LogStatus.Refused.class);
        }

        @Test
        void a_refused_event_stops_the_read_as_unsupported_instead_of_being_dropped_as_torn() throws IOException {
            String committed = HEADER + ev(0, "turn/start");
            Read r = raw(committed + ev(1, "unknown/required") + ev(2, "step/start"));
            assertThat(r.status()).isInstanceOfSatisfying(LogStatus.Refused.class,
                    u -> assertThat(u.offset()).isEqualTo(committed.length()));
        }

        @Test
        void a_record_over_the_size_cap_counts_as_unparsable_without_being_buffered() throws IOException {
            String huge = "{\"type\":\"x\",\"data\":\"" + "a".repeat(StoreLimits.MAX_RECORD_BYTES) + "\"}\n";
            String committed = HEADER + ev(0, "turn/start");
            Read r = raw(committed + huge + ev(2, "turn/end"));
            assertThat(r.status()).isInstanceOfSatisfying(LogStatus.Corrupt.class,
                    c -> assertThat(c.reason()).contains("longer than " + StoreLimits.MAX_RECORD_BYTES));
        }
    }

    @Nested
    class Zstd {
        @Test
        void frames_are_batches_and_any_split_of_lines_into_frames_reads_the_same() throws IOException {
            Read r = zstd(HEADER, ev(0, "turn/start") + ev(1, "step/start"), ev(2, "step/end") + ev(3, "turn/end"));
            assertThat(r.status()).isEqualTo(new LogStatus.Ok());
            assertThat(r.seqs()).containsExactly(0L, 1L, 2L, 3L);
        }

        @Test
        void the_first_frame_must_be_exactly_the_header_line() throws IOException {
            assertThat(zstd(HEADER + ev(0, "turn/start")).status()).isInstanceOfSatisfying(LogStatus.Corrupt.class,
                    c -> assertThat(c.reason()).isEqualTo("first frame is not exactly one header line"));
        }

        @Test
        void an_unparsable_line_in_a_complete_frame_is_corruption_at_that_frame() throws IOException {
            int headerFrame = ZstdFrameEncoder.encode(HEADER.getBytes(StandardCharsets.UTF_8)).length;
            Read r = zstd(HEADER, ev(0, "turn/start") + "{bad\n");
            assertThat(r.status()).isInstanceOfSatisfying(LogStatus.Corrupt.class,
                    c -> assertThat(c.offset()).isEqualTo(headerFrame));
            assertThat(r.events()).isEmpty();
        }

        @Test
        void a_complete_frame_that_splits_a_line_is_corruption() throws IOException {
            String line = ev(0, "turn/start");
            Read r = zstd(HEADER, line.substring(0, 10), line.substring(10));
            assertThat(r.status()).isInstanceOfSatisfying(LogStatus.Corrupt.class,
                    c -> assertThat(c.reason()).contains("does not end with a newline"));
        }

        @Test
        void a_torn_frame_keeps_its_complete_lines_and_drops_its_final_fragment() throws IOException {
            byte[] h = ZstdFrameEncoder.encode(HEADER.getBytes(StandardCharsets.UTF_8));
            byte[] a = ZstdFrameEncoder.encode((ev(0, "turn/start")).getBytes(StandardCharsets.UTF_8));
            byte[] b = ZstdFrameEncoder.encode((ev(1, "step/start") + "{\"type\":\"st").getBytes(StandardCharsets.UTF_8));
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            file.writeBytes(h);
            file.writeBytes(a);
            file.write(b, 0, b.length - 1);
            Read r = read(file.toByteArray(), true);
            assertThat(r.status()).isEqualTo(new LogStatus.Torn(h.length + a.length, 1));
            assertThat(r.seqs()).containsExactly(0L, 1L);
        }

        @Test
        void damage_in_a_torn_frame_before_a_turn_end_in_it_is_corruption() throws IOException {
            byte[] h = ZstdFrameEncoder.encode(HEADER.getBytes(StandardCharsets.UTF_8));
            byte[] b = ZstdFrameEncoder.encode((ev(0, "turn/start") + "{bad\n" + ev(2, "turn/end")).getBytes(StandardCharsets.UTF_8));
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            file.writeBytes(h);
            file.write(b, 0, b.length - 1);
            Read r = read(file.toByteArray(), true);
            assertThat(r.status()).isInstanceOfSatisfying(LogStatus.Corrupt.class, c -> assertThat(c.offset()).isEqualTo(h.length));
        }

        @Test
        void a_file_that_ends_inside_the_header_frame_is_not_a_session() throws IOException {
            byte[] h = ZstdFrameEncoder.encode(HEADER.getBytes(StandardCharsets.UTF_8));
            assertThat(read(java.util.Arrays.copyOf(h, h.length - 1), true).status()).isInstanceOf(LogStatus.NotASession.class);
            assertThat(read(new byte[0], true).status()).isInstanceOf(LogStatus.NotASession.class);
        }
    }
}
