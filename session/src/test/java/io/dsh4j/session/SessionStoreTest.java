package io.dsh4j.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.internal.ZstdFrameEncoder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** §1.2 layout rules and §1.9 listing and lookup. */
class SessionStoreTest {

    @TempDir Path root;

    SessionStore store() {
        return SessionStore.open(root, LogEncoding.ZSTD);
    }

    StoredSession write(SessionStore store, String id, long createdAt, String cwd) throws IOException {
        SessionLogWriter w = store.create(SessionHeader.create(id, createdAt, cwd));
        w.append(List.of(SessionEvent.of(0, createdAt, new EventPayload.TurnStart(1))));
        return store.find(id).orElseThrow();
    }

    @Test
    void a_missing_or_empty_root_lists_nothing() throws IOException {
        assertThat(SessionStore.open(root.resolve("absent"), LogEncoding.ZSTD).list()).isEmpty();
        assertThat(store().list()).isEmpty();
    }

    @Test
    void listing_is_newest_first_by_created_at_with_ties_by_id_across_project_directories() throws IOException {
        SessionStore s = store();
        write(s, "b", 200, "/p/one");
        write(s, "a", 200, "/p/two");
        write(s, "c", 300, null);
        write(s, "d", 100, "/p/one");
        assertThat(s.list()).extracting(StoredSession::id).containsExactly("c", "a", "b", "d");
        assertThat(s.list().get(0).path()).isEqualTo(root.resolve("_no-cwd/c/session.jsonl.zstd"));
    }

    @Test
    void listing_skips_empty_and_half_written_logs_and_lines_that_are_not_headers() throws IOException {
        SessionStore s = store();
        write(s, "good", 1, "/p");
        Path empty = root.resolve("--p--/empty/session.jsonl.zstd");
        Files.createDirectories(empty.getParent());
        Files.write(empty, new byte[0]);
        Path half = root.resolve("--p--/half/session.jsonl.zstd");
        Files.createDirectories(half.getParent());
        byte[] frame = ZstdFrameEncoder.encode(SessionHeader.create("half", 1, "/p").encodeLine());
        Files.write(half, java.util.Arrays.copyOf(frame, frame.length - 2));
        Path notHeader = root.resolve("--p--/other/session.jsonl.zstd");
        Files.createDirectories(notHeader.getParent());
        Files.write(notHeader, ZstdFrameEncoder.encode("{\"type\":\"turn/start\"}\n".getBytes()));
        assertThat(s.list()).extracting(StoredSession::id).containsExactly("good");
    }

    @Test
    void listing_reads_header_frames_only_and_validates_the_header_fields() throws IOException {
        // given: a log whose event frames are garbage, a header of another format version, one without delegationDepth
        SessionStore s = store();
        StoredSession damaged = write(s, "damaged-later", 5, "/p");
        Files.write(damaged.path(), "not a zstd frame at all".getBytes(), java.nio.file.StandardOpenOption.APPEND);
        Path newer = root.resolve("--p--/newer/session.jsonl.zstd");
        Files.createDirectories(newer.getParent());
        Files.write(newer, ZstdFrameEncoder.encode(SessionHeader.create("newer", 9, "/p").encode()
                .replace("\"version\":0", "\"version\":1").concat("\n").getBytes()));
        Path noDepth = root.resolve("--p--/old/session.jsonl.zstd");
        Files.createDirectories(noDepth.getParent());
        Files.write(noDepth, ZstdFrameEncoder.encode("{\"type\":\"session\",\"version\":0,\"id\":\"old\",\"createdAt\":1,\"cwd\":\"/p\"}\n".getBytes()));

        // when / then: the damage after the header frame is not seen; headers DSH would refuse are skipped
        assertThat(s.list()).extracting(StoredSession::id).containsExactly("damaged-later");
        assertThat(s.reading(SessionHeader.Mode.FIXTURE).list()).extracting(StoredSession::id).containsExactly("damaged-later", "old");
        assertThat(SessionLogReader.read(damaged.path()).status()).isInstanceOf(LogStatus.Corrupt.class);
    }

    @Test
    void a_complete_header_frame_that_fails_validation_is_an_error_naming_the_path() throws IOException {
        Path bad = root.resolve("--p--/bad/session.jsonl.zstd");
        Files.createDirectories(bad.getParent());
        byte[] frame = ZstdFrameEncoder.encode(SessionHeader.create("bad", 1, "/p").encodeLine());
        frame[frame.length - 1] ^= 0x40;
        Files.write(bad, frame);
        assertThatThrownBy(() -> store().list()).isInstanceOf(SessionStoreException.class)
                .hasMessageContaining(bad.toString()).hasMessageContaining("header frame failed validation");
    }

    @Test
    void duplicate_ids_in_two_project_directories_are_an_error_naming_both_paths() throws IOException {
        SessionStore s = store();
        StoredSession first = write(s, "dup", 1, "/p/one");
        // a second project directory that reaches the same file (as a case-insensitive file system would)
        Files.createSymbolicLink(root.resolve("--p-two--"), root.resolve("--p-one--"));
        Path copy = root.resolve("--p-two--/dup/session.jsonl.zstd");
        assertThatThrownBy(s::list).isInstanceOf(SessionStoreException.class)
                .hasMessageContaining("duplicate session id \"dup\"");
        assertThatThrownBy(() -> s.find("dup")).isInstanceOf(SessionStoreException.class)
                .hasMessageContaining(first.path().toString()).hasMessageContaining(copy.toString());
    }

    @Test
    void a_transcript_of_the_other_encoding_is_an_encoding_mismatch_for_listing_lookup_and_creation() throws IOException {
        SessionStore s = store();
        write(s, "z", 1, "/p");
        Path raw = root.resolve("--p--/r/session.jsonl");
        Files.createDirectories(raw.getParent());
        Files.writeString(raw, SessionHeader.create("r", 1, "/p").encode() + "\n");
        assertThatThrownBy(s::list).isInstanceOf(SessionStoreException.class).hasMessageContaining("encoding mismatch")
                .hasMessageContaining(raw.toString());
        assertThatThrownBy(() -> s.find("r")).hasMessageContaining("encoding mismatch");
        assertThatThrownBy(() -> SessionStore.detect(root)).hasMessageContaining("encoding mismatch");
    }

    @Test
    void detect_takes_the_encoding_of_the_sessions_there() throws IOException {
        SessionStore raw = SessionStore.open(root, LogEncoding.RAW);
        write(raw, "r", 1, "/p");
        assertThat(SessionStore.detect(root).encoding()).isEqualTo(LogEncoding.RAW);
        assertThat(SessionStore.detect(root.resolve("none")).encoding()).isEqualTo(LogEncoding.ZSTD);
        assertThat(SessionStore.detect(root).list()).extracting(StoredSession::id).containsExactly("r");
    }

    @Test
    void a_log_file_directly_in_a_project_directory_is_the_rejected_legacy_flat_layout() throws IOException {
        SessionStore s = store();
        write(s, "ok", 1, "/p");
        Path flat = root.resolve("--p--/old.jsonl");
        Files.writeString(flat, "{}\n");
        assertThatThrownBy(s::list).isInstanceOf(SessionStoreException.class)
                .hasMessageContaining("flat-file layout").hasMessageContaining(flat.toString());
        Files.delete(flat);
        Path flatForId = root.resolve("--p--/ok.jsonl.zstd");
        Files.writeString(flatForId, "x");
        assertThatThrownBy(() -> s.find("ok")).hasMessageContaining("flat-file layout");
    }

    @Test
    void a_header_that_does_not_name_its_own_path_is_an_error() throws IOException {
        Path misplaced = root.resolve("--elsewhere--/m/session.jsonl.zstd");
        Files.createDirectories(misplaced.getParent());
        Files.write(misplaced, ZstdFrameEncoder.encode(SessionHeader.create("m", 1, "/p").encodeLine()));
        assertThatThrownBy(() -> store().list()).isInstanceOf(SessionStoreException.class)
                .hasMessageContaining(misplaced.toString()).hasMessageContaining("identify " + root.resolve("--p--/m/session.jsonl.zstd"));
    }

    @Test
    void lookup_by_exact_id_and_by_id_fragment() throws IOException {
        SessionStore s = store();
        write(s, "736c4bd8-41bd-43fb-9030-aaaaaaaaaaaa", 1, "/p");
        write(s, "736c4bd8-0000-43fb-9030-bbbbbbbbbbbb", 2, "/q");
        write(s, "odd id/with~chars", 3, "/q");
        assertThat(s.find("736c4bd8-41bd-43fb-9030-aaaaaaaaaaaa")).isPresent();
        assertThat(s.find("736c4bd8")).isEmpty();
        assertThat(s.find("odd id/with~chars").orElseThrow().path())
                .isEqualTo(root.resolve("--q--/odd~0020id~002Fwith~007Echars/session.jsonl.zstd"));
        assertThat(s.findByIdFragment("736c4bd8")).hasSize(2);
        assertThat(s.findByIdFragment("bbbb")).extracting(StoredSession::id).containsExactly("736c4bd8-0000-43fb-9030-bbbbbbbbbbbb");
    }

    @Test
    void creating_an_id_that_exists_anywhere_is_rejected() throws IOException {
        SessionStore s = store();
        StoredSession existing = write(s, "taken", 1, "/p");
        assertThatThrownBy(() -> s.create(SessionHeader.create("taken", 2, "/other")))
                .isInstanceOf(SessionStoreException.class).hasMessageContaining(existing.path().toString());
    }

    @Test
    void loading_a_corrupt_log_refuses_and_leaves_it_as_is() throws IOException {
        SessionStore s = store();
        StoredSession st = write(s, "c", 1, "/p");
        Files.write(st.path(), new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16},
                java.nio.file.StandardOpenOption.APPEND);
        byte[] before = Files.readAllBytes(st.path());
        assertThatThrownBy(() -> s.load(st)).isInstanceOf(SessionStoreException.class)
                .hasMessageContaining(st.path().toString()).hasMessageContaining("corrupt: invalid frame magic (at byte");
        assertThat(Files.readAllBytes(st.path())).isEqualTo(before);
    }
}
