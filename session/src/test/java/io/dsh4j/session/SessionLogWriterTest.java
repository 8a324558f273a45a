package io.dsh4j.session;

import static io.dsh4j.session.SessionLogProperties.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.node.DoubleNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.internal.DurableFiles;
import io.dsh4j.session.internal.ZstdFrameFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** §1.7 write path: lazy creation, publish without overwrite, frames per batch, checks, rollback. */
class SessionLogWriterTest {

    @TempDir Path root;

    static final SessionHeader HEADER = SessionHeader.create("0b1e7c4e-2f2a-4a43-9a57-7f0f3bb0a001", 1_700_000_000_000L, "/home/alice/proj");

    static List<SessionEvent> turn(long from, long turn) {
        return List.of(
                SessionEvent.of(from, 10 + from, new EventPayload.TurnStart(turn)),
                SessionEvent.of(from + 1, 11 + from, new EventPayload.StepStart(turn, 1)),
                RandomSessions.chunk(from + 2, 12 + from, turn, 1, "Hel"),
                RandomSessions.chunk(from + 3, 13 + from, turn, 1, "lo"),
                RandomSessions.chunk(from + 4, 13 + from, turn, 1, "!"),
                SessionEvent.of(from + 5, 14 + from, new EventPayload.StepEnd(turn, 1)),
                SessionEvent.of(from + 6, 15 + from, new EventPayload.TurnEnd(turn, new io.dsh4j.session.event.TurnEndReason.Completed())));
    }

    @Test
    void creation_is_lazy_nothing_touches_the_disk_before_the_first_batch() throws IOException {
        SessionLogWriter w = SessionLogWriter.create(root, HEADER, LogEncoding.ZSTD);
        w.append(List.of());
        assertThat(w.materialized()).isFalse();
        try (var s = Files.list(root)) {
            assertThat(s).isEmpty();
        }
        assertThat(w.path()).isEqualTo(root.resolve("--home-alice-proj--/" + HEADER.id() + "/session.jsonl.zstd"));
    }

    @Test
    void the_first_batch_publishes_header_frame_and_batch_frame_with_0700_dirs_and_a_0600_file() throws IOException {
        SessionLogWriter w = SessionLogWriter.create(root, HEADER, LogEncoding.ZSTD);
        w.append(turn(0, 1));
        byte[] file = Files.readAllBytes(w.path());
        var frames = ZstdFrameFormat.scan(file, 0, file.length, Integer.MAX_VALUE).frames();
        assertThat(frames).hasSize(2);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(w.path()))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(w.path().getParent()))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(w.path().getParent().getParent()))).isEqualTo("rwx------");
        try (var s = Files.list(w.path().getParent())) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("session.jsonl.zstd");
        }
    }

    @Test
    void each_later_batch_adds_exactly_one_frame_and_runs_of_three_deltas_are_packed() throws IOException {
        SessionLogWriter w = SessionLogWriter.create(root, HEADER, LogEncoding.ZSTD);
        w.append(turn(0, 1));
        w.append(turn(7, 2));
        w.append(turn(14, 3));
        byte[] file = Files.readAllBytes(w.path());
        assertThat(ZstdFrameFormat.scan(file, 0, file.length, Integer.MAX_VALUE).frames()).hasSize(4);
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        SessionLogReader.copyCommittedText(w.path(), SessionLogReader.Options.STRICT, text);
        assertThat(text.toString()).contains("\"type\":\"text-chunks\"").doesNotContain("\"text\":\"Hel\"}}}");
        SessionLog log = SessionLogReader.read(w.path());
        assertThat(log.status()).isEqualTo(new LogStatus.Ok());
        List<SessionEvent> all = new ArrayList<>(turn(0, 1));
        all.addAll(turn(7, 2));
        all.addAll(turn(14, 3));
        assertThat(lines(log.events())).isEqualTo(lines(all));
        assertThat(w.length()).isEqualTo(21);
    }

    @Test
    void raw_mode_writes_the_decoded_text_itself() throws IOException {
        SessionLogWriter w = SessionLogWriter.create(root, HEADER, LogEncoding.RAW);
        w.append(turn(0, 1));
        String text = Files.readString(w.path());
        assertThat(w.path().getFileName()).hasToString("session.jsonl");
        assertThat(text).startsWith(HEADER.encode() + "\n{\"type\":\"turn/start\",\"seq\":0,").endsWith("}\n");
        assertThat(text.lines()).hasSize(6);
    }

    @Test
    void a_batch_that_does_not_continue_the_seq_chain_is_rejected_and_nothing_is_written() throws IOException {
        SessionLogWriter w = SessionLogWriter.create(root, HEADER, LogEncoding.ZSTD);
        w.append(turn(0, 1));
        long size = Files.size(w.path());
        assertThatThrownBy(() -> w.append(turn(8, 2))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("turn/start has seq 8 where the log continues with seq 7");
        List<SessionEvent> gap = List.of(SessionEvent.of(7, 1, new EventPayload.TurnStart(2)), SessionEvent.of(9, 1, new EventPayload.TurnStart(3)));
        assertThatThrownBy(() -> w.append(gap)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("seq 9");
        assertThat(Files.size(w.path())).isEqualTo(size);
        assertThat(w.length()).isEqualTo(7);
    }

    @Test
    void a_batch_with_data_that_is_not_lossless_json_is_rejected_naming_the_event_type() throws IOException {
        SessionLogWriter w = SessionLogWriter.create(root, HEADER, LogEncoding.ZSTD);
        var data = JsJson.nodes().objectNode();
        data.set("value", DoubleNode.valueOf(Double.NaN));
        assertThatThrownBy(() -> w.append(List.of(SessionEvent.of("session/title", 0, 1, data))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("session/title");
        var negativeZero = JsJson.nodes().objectNode();
        negativeZero.set("value", DoubleNode.valueOf(-0.0));
        assertThatThrownBy(() -> w.append(List.of(SessionEvent.of("todo/write", 0, 1, negativeZero))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("todo/write");
        assertThat(w.materialized()).isFalse();
        assertThat(Files.exists(w.path())).isFalse();
    }

    @Test
    void publishing_never_overwrites_a_log_that_appeared_meanwhile() throws IOException {
        SessionLogWriter w = SessionLogWriter.create(root, HEADER, LogEncoding.ZSTD);
        Files.createDirectories(w.path().getParent());
        Files.writeString(w.path(), "someone else's log");
        assertThatThrownBy(() -> w.append(turn(0, 1))).isInstanceOf(SessionStoreException.class)
                .hasMessageContaining("a log already exists at " + w.path());
        assertThat(Files.readString(w.path())).isEqualTo("someone else's log");
        assertThat(w.materialized()).isFalse();
    }

    @Test
    void materialising_beside_a_transcript_of_the_other_encoding_is_an_encoding_mismatch() throws IOException {
        SessionLogWriter w = SessionLogWriter.create(root, HEADER, LogEncoding.ZSTD);
        Files.createDirectories(w.path().getParent());
        Files.writeString(w.path().resolveSibling("session.jsonl"), "x");
        assertThatThrownBy(() -> w.append(turn(0, 1))).isInstanceOf(SessionStoreException.class)
                .hasMessageContaining("encoding mismatch");
    }

    @Test
    void a_failed_append_is_truncated_back_so_a_retry_cannot_duplicate_seqs() throws IOException {
        SessionLogWriter ok = SessionLogWriter.create(root, HEADER, LogEncoding.ZSTD);
        ok.append(turn(0, 1));
        long size = Files.size(ok.path());
        SessionLogWriter failing = ok.withFiles(new DurableFiles((channel, data) -> {
            channel.write(data.slice(0, data.remaining() / 2));
            throw new IOException("injected: device full");
        }));
        assertThatThrownBy(() -> failing.append(turn(7, 2))).hasMessage("injected: device full");
        assertThat(Files.size(ok.path())).isEqualTo(size);
        assertThat(failing.length()).isEqualTo(7);

        ok.append(turn(7, 2));
        SessionLog log = SessionLogReader.read(ok.path());
        assertThat(log.status()).isEqualTo(new LogStatus.Ok());
        assertThat(log.events()).hasSize(14);
    }

    @Test
    void a_log_written_by_dsh4j_decompressed_by_the_zstd_tool_gives_exactly_the_text_dsh4j_reads_back() throws Exception {
        assumeThat(zstdToolPresent()).as("the zstd command-line tool is installed").isTrue();
        SessionLogWriter w = SessionLogWriter.create(root, HEADER, LogEncoding.ZSTD);
        w.append(turn(0, 1));
        w.append(turn(7, 2));
        SessionEvent title = SessionEvent.of("session/title", 14, 30, JsJson.nodes().objectNode().put("title", "émoji 😀 \"q\" \n"));
        w.append(List.of(title));
        Process p = new ProcessBuilder("zstd", "-d", "-c", "-q", w.path().toString()).redirectErrorStream(false).start();
        byte[] decoded = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        ByteArrayOutputStream ours = new ByteArrayOutputStream();
        LogReadResult r = SessionLogReader.copyCommittedText(w.path(), SessionLogReader.Options.STRICT, ours);
        assertThat(r.status()).isEqualTo(new LogStatus.Ok());
        assertThat(decoded).isEqualTo(ours.toByteArray());
        assertThat(new String(decoded, java.nio.charset.StandardCharsets.UTF_8)).startsWith(HEADER.encode() + "\n");

        // the tool's text, stored as a raw log, reads back to exactly the events written
        Path asRaw = Files.write(root.resolve("decoded-by-zstd.jsonl"), decoded);
        SessionLog back = SessionLogReader.read(asRaw);
        assertThat(back.status()).isEqualTo(new LogStatus.Ok());
        List<SessionEvent> written = new ArrayList<>(turn(0, 1));
        written.addAll(turn(7, 2));
        written.add(title);
        assertThat(lines(back.events())).isEqualTo(lines(written));
    }

    static boolean zstdToolPresent() {
        try {
            Process p = new ProcessBuilder("zstd", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }
}
