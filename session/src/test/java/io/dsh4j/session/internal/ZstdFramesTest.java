package io.dsh4j.session.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import io.dsh4j.testkit.Corpus;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** §1.6 physical encoding: the structural frame scan and the frame-by-frame walk. */
class ZstdFramesTest {

    static byte[] frame(String text) {
        return ZstdFrameEncoder.encode(text.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }

    /** Collects decoded text and frame events. */
    static final class Collect implements DecodedTextSink {
        final ByteArrayOutputStream text = new ByteArrayOutputStream();
        final List<String> events = new ArrayList<>();

        @Override public void frameStart(long at) { events.add("start " + at); }
        @Override public boolean text(byte[] b, int off, int len) { text.write(b, off, len); return true; }
        @Override public boolean frameEnd(long start, long end) { events.add("end " + start + "-" + end); return true; }
        @Override public void tornFrame(long start, boolean failed) { events.add("torn " + start + (failed ? " failed" : "")); }
        String text() { return text.toString(StandardCharsets.UTF_8); }
    }

    static ZstdFrameWalker.End walk(byte[] file, Collect sink) throws IOException {
        return ZstdFrameWalker.walk(Channels.newChannel(new java.io.ByteArrayInputStream(file)), sink);
    }

    @Test
    void frames_written_by_dsh4j_begin_with_the_zstd_magic_and_carry_a_checksum() {
        byte[] f = frame("{\"a\":1}\n");
        assertThat(Arrays.copyOf(f, 4)).containsExactly(0x28, 0xb5, 0x2f, 0xfd);
        assertThat(f[4] & 0x04).as("checksum flag").isEqualTo(0x04);
        assertThat(new String(Zstd.decompress(f, 8), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}\n");
    }

    @Test
    void scan_reports_frame_ranges_and_a_torn_last_frame_when_a_byte_is_missing() {
        byte[] a = frame("{\"type\":\"session\"}\n");
        byte[] b = frame("{\"type\":\"x\",\"seq\":0}\n{\"type\":\"y\",\"seq\":1}\n");
        byte[] file = concat(a, b);
        ZstdFrameFormat.FrameScan whole = ZstdFrameFormat.scan(file, 0, file.length, Integer.MAX_VALUE);
        assertThat(whole.frames()).containsExactly(
                new ZstdFrameFormat.FrameRange(0, a.length), new ZstdFrameFormat.FrameRange(a.length, file.length));
        assertThat(whole.torn()).isFalse();

        ZstdFrameFormat.FrameScan cut = ZstdFrameFormat.scan(file, 0, file.length - 1, Integer.MAX_VALUE);
        assertThat(cut.frames()).containsExactly(new ZstdFrameFormat.FrameRange(0, a.length));
        assertThat(cut.tornStart()).isEqualTo(a.length);
    }

    @Test
    void scan_rejects_a_skippable_frame_reserved_bits_and_reserved_block_types_naming_the_byte() {
        byte[] a = frame("{}\n");
        byte[] skippable = concat(a, new byte[] {0x50, 0x2a, 0x4d, 0x18, 0, 0, 0, 0});
        assertThatThrownBy(() -> ZstdFrameFormat.scan(skippable, 0, skippable.length, Integer.MAX_VALUE))
                .isInstanceOf(FrameStructureException.class).hasMessage("invalid frame magic at byte " + a.length);

        byte[] reserved = a.clone();
        reserved[4] |= 0x08;
        assertThatThrownBy(() -> ZstdFrameFormat.scan(reserved, 0, reserved.length, Integer.MAX_VALUE))
                .hasMessage("reserved frame-header bit at byte 4");

        byte[] blockType = a.clone();
        int blockAt = 5 + ZstdFrameFormat.headerRestBytes(a[4] & 0xFF);
        blockType[blockAt] |= 0x06;
        assertThatThrownBy(() -> ZstdFrameFormat.scan(blockType, 0, blockType.length, Integer.MAX_VALUE))
                .hasMessage("reserved block type at byte " + blockAt);
    }

    @Test
    void each_corpus_zstd_twin_decodes_to_its_raw_twin_byte_for_byte() throws IOException {
        for (Path raw : Corpus.rawLogs()) {
            Collect sink = new Collect();
            ZstdFrameWalker.End end = walk(Files.readAllBytes(Corpus.zstdTwinOf(raw)), sink);
            assertThat(end).as(Corpus.nameOf(raw)).isInstanceOf(ZstdFrameWalker.End.Clean.class);
            assertThat(sink.text.toByteArray()).as(Corpus.nameOf(raw)).isEqualTo(Files.readAllBytes(raw));
        }
    }

    @Test
    void walk_recovers_the_whole_text_of_a_frame_that_lacks_only_its_last_checksum_byte() throws IOException {
        byte[] a = frame("{\"h\":1}\n");
        byte[] b = frame("{\"e\":2}\n");
        byte[] file = Arrays.copyOf(concat(a, b), a.length + b.length - 1);
        Collect sink = new Collect();
        ZstdFrameWalker.End end = walk(file, sink);
        assertThat(end).isEqualTo(new ZstdFrameWalker.End.Torn(a.length, false, file.length));
        assertThat(sink.text()).isEqualTo("{\"h\":1}\n{\"e\":2}\n");
        assertThat(sink.events).containsExactly("start 0", "end 0-" + a.length, "start " + a.length, "torn " + a.length);
    }

    @Test
    void walk_reports_a_flipped_byte_in_a_complete_frame_as_failed_validation_at_the_frame_start() throws IOException {
        byte[] a = frame("{\"h\":1}\n");
        byte[] b = frame("{\"e\":\"" + "abc".repeat(50) + "\"}\n");
        byte[] file = concat(a, b, frame("{}\n"));
        file[a.length + b.length - 2] ^= 0x01; // inside b's checksum
        ZstdFrameWalker.End end = walk(file, new Collect());
        assertThat(end).isInstanceOfSatisfying(ZstdFrameWalker.End.Corrupt.class, c -> {
            assertThat(c.offset()).isEqualTo(a.length);
            assertThat(c.reason()).startsWith("frame failed validation");
        });
    }
}
