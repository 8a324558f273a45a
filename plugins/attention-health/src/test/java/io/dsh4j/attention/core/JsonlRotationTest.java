package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spec §11 item 55 / §7.2 at the edges {@code DiskTest} leaves out: one byte under the limit does
 * not rotate, the default limit is what {@code append(file, row)} uses, and a second rotation
 * replaces the single archive instead of keeping two.
 */
class JsonlRotationTest {

    @TempDir
    Path dir;

    @Test
    void one_byte_under_the_limit_stays_and_the_limit_itself_rotates() throws Exception {
        Path file = dir.resolve("guard-trips.jsonl");
        Files.writeString(file, "x".repeat(63));
        assertThat(JsonlFile.append(file, Events.json("{\"n\":1}"), 64)).isTrue();
        assertThat(Files.exists(JsonlFile.archivePath(file))).isFalse();
        assertThat(Files.readString(file)).isEqualTo("x".repeat(63) + "{\"n\":1}\n");
    }

    @Test
    void the_default_limit_is_512_kb_and_only_one_archive_is_kept() throws Exception {
        Path file = dir.resolve("handoff-history.jsonl");
        Path archive = dir.resolve("handoff-history.1.jsonl");
        Files.writeString(file, "a".repeat(512 * 1024 - 1));
        assertThat(JsonlFile.append(file, Events.json("{\"n\":1}"))).isTrue();
        assertThat(Files.exists(archive)).isFalse();
        assertThat(JsonlFile.append(file, Events.json("{\"n\":2}"))).isTrue();
        assertThat(Files.size(archive)).isEqualTo(512 * 1024 - 1 + "{\"n\":1}\n".length());
        assertThat(Files.readString(file)).isEqualTo("{\"n\":2}\n");

        Files.writeString(file, "b".repeat(512 * 1024));
        assertThat(JsonlFile.append(file, Events.json("{\"n\":3}"))).isTrue();
        assertThat(Files.readString(archive)).isEqualTo("b".repeat(512 * 1024));
        assertThat(Files.readString(file)).isEqualTo("{\"n\":3}\n");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("handoff-history.jsonl", "handoff-history.1.jsonl");
        }
    }
}
