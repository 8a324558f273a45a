package io.dsh4j.session.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** §1.7 write path file mechanics: permissions, publish without overwrite, truncate-back. */
class DurableFilesTest {

    @TempDir Path tmp;

    @Test
    void directories_are_created_0700_and_the_published_file_is_0600() throws IOException {
        Path dir = tmp.resolve("sessions/--p--/id");
        DurableFiles.standard().createDirectories(dir);
        for (Path d : new Path[] {tmp.resolve("sessions"), tmp.resolve("sessions/--p--"), dir}) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(d))).as(d.toString()).isEqualTo("rwx------");
        }
        Path log = dir.resolve("session.jsonl.zstd");
        DurableFiles.standard().publishNew(log, new byte[] {1, 2, 3});
        assertThat(Files.readAllBytes(log)).containsExactly(1, 2, 3);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(log))).isEqualTo("rw-------");
    }

    @Test
    void publish_never_overwrites_an_existing_log_and_leaves_no_temp_file() throws IOException {
        Path log = tmp.resolve("session.jsonl");
        Files.writeString(log, "theirs\n");
        assertThatThrownBy(() -> DurableFiles.standard().publishNew(log, "mine\n".getBytes()))
                .isInstanceOf(FileAlreadyExistsException.class);
        assertThat(Files.readString(log)).isEqualTo("theirs\n");
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("session.jsonl");
        }
    }

    @Test
    void publish_removes_its_temp_name_after_linking() throws IOException {
        Path log = tmp.resolve("session.jsonl.zstd");
        DurableFiles.standard().publishNew(log, new byte[] {9});
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("session.jsonl.zstd");
        }
    }

    @Test
    void a_failed_append_is_truncated_back_to_the_previous_size() throws IOException {
        Path log = tmp.resolve("session.jsonl");
        Files.writeString(log, "header\n");
        DurableFiles failing = new DurableFiles((channel, data) -> {
            ByteBuffer half = data.slice(0, data.remaining() / 2);
            channel.write(half);
            throw new IOException("disk full (injected)");
        });
        assertThatThrownBy(() -> failing.append(log, "event one\nevent two\n".getBytes()))
                .isInstanceOf(IOException.class).hasMessage("disk full (injected)");
        assertThat(Files.readString(log)).isEqualTo("header\n");

        DurableFiles.standard().append(log, "event one\n".getBytes());
        assertThat(Files.readString(log)).isEqualTo("header\nevent one\n");
    }

    @Test
    void the_real_writer_writes_every_byte_before_it_syncs_data_and_metadata() throws IOException {
        RecordingChannel ch = new RecordingChannel(3);
        DurableFiles.SYNCED.writeAndSync(ch, ByteBuffer.wrap("0123456789".getBytes()));
        assertThat(ch.calls).containsExactly("write 3", "write 3", "write 3", "write 1", "force true");
        RecordingChannel unsynced = new RecordingChannel(100);
        DurableFiles.UNSYNCED.writeAndSync(unsynced, ByteBuffer.wrap("abc".getBytes()));
        assertThat(unsynced.calls).containsExactly("write 3");
    }

    @Test
    void publishing_and_appending_each_go_through_one_write_and_sync() throws IOException {
        List<Integer> sizes = new ArrayList<>();
        DurableFiles counting = new DurableFiles((channel, data) -> {
            sizes.add(data.remaining());
            DurableFiles.SYNCED.writeAndSync(channel, data);
        });
        Path log = tmp.resolve("session.jsonl");
        counting.publishNew(log, "header\n".getBytes());
        counting.append(log, "one\n".getBytes());
        counting.append(log, "two\n".getBytes());
        assertThat(sizes).containsExactly(7, 4, 4);
        assertThat(Files.readString(log)).isEqualTo("header\none\ntwo\n");
    }

    /** A channel that accepts at most {@code chunk} bytes per write and records the calls it gets. */
    static final class RecordingChannel extends FileChannel {
        final List<String> calls = new ArrayList<>();
        private final int chunk;

        RecordingChannel(int chunk) {
            this.chunk = chunk;
        }

        @Override public int write(ByteBuffer src) {
            int n = Math.min(chunk, src.remaining());
            src.position(src.position() + n);
            calls.add("write " + n);
            return n;
        }

        @Override public void force(boolean metaData) {
            calls.add("force " + metaData);
        }

        @Override public int read(ByteBuffer dst) { throw new UnsupportedOperationException(); }
        @Override public long read(ByteBuffer[] dsts, int offset, int length) { throw new UnsupportedOperationException(); }
        @Override public long write(ByteBuffer[] srcs, int offset, int length) { throw new UnsupportedOperationException(); }
        @Override public long position() { throw new UnsupportedOperationException(); }
        @Override public FileChannel position(long newPosition) { throw new UnsupportedOperationException(); }
        @Override public long size() { throw new UnsupportedOperationException(); }
        @Override public FileChannel truncate(long size) { throw new UnsupportedOperationException(); }
        @Override public long transferTo(long position, long count, WritableByteChannel target) { throw new UnsupportedOperationException(); }
        @Override public long transferFrom(ReadableByteChannel src, long position, long count) { throw new UnsupportedOperationException(); }
        @Override public int read(ByteBuffer dst, long position) { throw new UnsupportedOperationException(); }
        @Override public int write(ByteBuffer src, long position) { throw new UnsupportedOperationException(); }
        @Override public MappedByteBuffer map(MapMode mode, long position, long size) { throw new UnsupportedOperationException(); }
        @Override public FileLock lock(long position, long size, boolean shared) { throw new UnsupportedOperationException(); }
        @Override public FileLock tryLock(long position, long size, boolean shared) { throw new UnsupportedOperationException(); }
        @Override protected void implCloseChannel() { }
    }

    @Test
    void a_failed_temp_write_leaves_neither_the_log_nor_the_temp_file() throws IOException {
        Path log = tmp.resolve("session.jsonl");
        DurableFiles failing = new DurableFiles((channel, data) -> { throw new IOException("injected"); });
        assertThatThrownBy(() -> failing.publishNew(log, new byte[] {1})).hasMessage("injected");
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files).isEmpty();
        }
    }
}
