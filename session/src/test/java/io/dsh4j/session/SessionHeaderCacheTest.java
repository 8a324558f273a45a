package io.dsh4j.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** §1.9 listing through a header cache: the same listing, headers read again only when a file changes. */
class SessionHeaderCacheTest {

    @TempDir Path root;

    private StoredSession write(SessionStore store, String id, long createdAt) throws IOException {
        SessionLogWriter w = store.create(SessionHeader.create(id, createdAt, "/p"));
        w.append(List.of(SessionEvent.of(0, createdAt, new EventPayload.TurnStart(1))));
        return store.find(id).orElseThrow();
    }

    @Test
    void a_cached_listing_equals_the_uncached_one_and_keeps_one_entry_per_transcript() throws IOException {
        SessionStore s = SessionStore.open(root, LogEncoding.ZSTD);
        for (int i = 0; i < 20; i++) write(s, "s" + i, 1000 + (i * 7) % 13);
        SessionHeaderCache cache = new SessionHeaderCache();
        assertThat(s.list(cache)).isEqualTo(s.list());
        assertThat(s.list(cache)).isEqualTo(s.list());
        assertThat(cache.size()).isEqualTo(20);
    }

    @Test
    void an_unchanged_file_is_not_read_again_and_a_changed_one_is() throws IOException {
        SessionStore s = SessionStore.open(root, LogEncoding.RAW);
        StoredSession a = write(s, "a", 200);
        SessionHeaderCache cache = new SessionHeaderCache();
        assertThat(s.list(cache)).extracting(x -> x.header().createdAt()).containsExactly(200L);
        // same size, same time, another header: the cache answers, which proves it did not read the file
        FileTime time = Files.getLastModifiedTime(a.path());
        String text = Files.readString(a.path()).replace("200", "300");
        Files.writeString(a.path(), text, StandardCharsets.UTF_8);
        Files.setLastModifiedTime(a.path(), time);
        assertThat(s.list(cache)).extracting(x -> x.header().createdAt()).containsExactly(200L);
        // a newer time: read again
        Files.setLastModifiedTime(a.path(), FileTime.fromMillis(time.toMillis() + 5000));
        assertThat(s.list(cache)).extracting(x -> x.header().createdAt()).containsExactly(300L);
        // appending changes the size: read again (and still the same header)
        Files.writeString(a.path(), text + text.substring(text.indexOf('\n') + 1), StandardCharsets.UTF_8);
        Files.setLastModifiedTime(a.path(), FileTime.fromMillis(time.toMillis() + 5000));
        assertThat(s.list(cache)).extracting(x -> x.header().createdAt()).containsExactly(300L);
    }

    @Test
    void a_removed_session_is_forgotten_and_an_unreadable_header_stays_skipped() throws IOException {
        SessionStore s = SessionStore.open(root, LogEncoding.RAW);
        StoredSession a = write(s, "a", 200);
        write(s, "b", 201);
        SessionHeaderCache cache = new SessionHeaderCache();
        assertThat(s.list(cache)).hasSize(2);
        Files.delete(a.path());
        assertThat(s.list(cache)).extracting(StoredSession::id).containsExactly("b");
        assertThat(cache.size()).isEqualTo(1);
        Path junk = root.resolve("_no-cwd-x/c/session.jsonl");
        Files.createDirectories(junk.getParent());
        Files.writeString(junk, "{\"type\":\"not-a-header\"}\n");
        assertThat(s.list(cache)).extracting(StoredSession::id).containsExactly("b");
        assertThat(s.list(cache)).extracting(StoredSession::id).containsExactly("b");
        assertThat(cache.size()).isEqualTo(2);
    }
}
