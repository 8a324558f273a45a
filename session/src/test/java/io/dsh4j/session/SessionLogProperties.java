package io.dsh4j.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.internal.ZstdFrameFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterProperty;

/** §1.6–1.8 laws: write → read round trip, truncation at any byte, random byte flips. */
class SessionLogProperties {

    private final Path dir;

    SessionLogProperties() throws IOException {
        dir = Files.createTempDirectory("dsh4j-store-props");
    }

    @AfterProperty
    void cleanUp() throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    @Provide
    Arbitrary<List<SessionEvent>> sessions() {
        return RandomSessions.events();
    }

    @Provide
    Arbitrary<List<Integer>> batchSizes() {
        return Arbitraries.integers().between(1, 7).list().ofMaxSize(12);
    }

    /** Writes the events in the given batches; returns the writer (its path) and the file size after each batch. */
    Written write(List<SessionEvent> events, List<Integer> sizes, LogEncoding encoding) throws IOException {
        Path root = Files.createTempDirectory(dir, "root");
        SessionHeader header = SessionHeader.create("s-" + events.size(), 1_700_000_000_000L, "/work/p");
        SessionLogWriter w = SessionLogWriter.create(root, header, encoding);
        List<Long> ends = new ArrayList<>();
        for (List<SessionEvent> batch : RandomSessions.batches(events, sizes)) {
            w.append(batch);
            ends.add(Files.size(w.path()));
        }
        if (ends.isEmpty()) {
            w.append(List.of());
        }
        return new Written(w.path(), ends);
    }

    record Written(Path path, List<Long> batchEnds) {}

    @Property(tries = 60)
    void random_event_sequences_survive_write_then_read_raw_and_zstd_with_random_batch_sizes(
            @ForAll("sessions") @Size(min = 1) List<SessionEvent> events, @ForAll("batchSizes") List<Integer> sizes,
            @ForAll LogEncoding encoding) throws IOException {
        Written w = write(events, sizes, encoding);
        SessionLog log = SessionLogReader.read(w.path());
        assertThat(log.status()).as(log.status().describe()).isEqualTo(new LogStatus.Ok());
        assertThat(log.encoding()).isEqualTo(encoding);
        assertThat(lines(log.events())).isEqualTo(lines(events));
    }

    /** Events as their storage lines: what the log must reproduce byte for byte. */
    static List<String> lines(List<SessionEvent> events) {
        return events.stream().map(SessionEvent::toString).toList();
    }

    @Property(tries = 30)
    void truncating_a_zstd_log_at_any_byte_yields_the_longest_committed_prefix(
            @ForAll("sessions") @Size(min = 1) List<SessionEvent> events, @ForAll("batchSizes") List<Integer> sizes)
            throws IOException {
        Written w = write(events, sizes, LogEncoding.ZSTD);
        byte[] whole = Files.readAllBytes(w.path());
        long headerEnd = ZstdFrameFormat.scan(whole, 0, whole.length, 1).frames().get(0).end();
        List<Long> frameEnds = new ArrayList<>();
        frameEnds.add(headerEnd);
        frameEnds.addAll(w.batchEnds());
        List<Integer> eventsBefore = new ArrayList<>();
        eventsBefore.add(0);
        int n = 0;
        for (List<SessionEvent> b : RandomSessions.batches(events, sizes)) eventsBefore.add(n += b.size());
        for (int c = 0; c <= whole.length; c++) {
            SessionLog log = readInMemory(Arrays.copyOf(whole, c));
            assertThat(lines(log.events())).as("cut at %d", c).isEqualTo(lines(events.subList(0, log.events().size())));
            if (c < headerEnd) {
                assertThat(log.status()).as("cut at %d", c).isInstanceOf(LogStatus.NotASession.class);
                continue;
            }
            int complete = 0;
            while (complete + 1 < frameEnds.size() && frameEnds.get(complete + 1) <= c) complete++;
            long frameStart = frameEnds.get(complete);
            if (frameStart == c) {
                assertThat(log.status()).as("cut at %d", c).isEqualTo(new LogStatus.Ok());
                assertThat(log.events()).hasSize(eventsBefore.get(complete));
            } else {
                final int committed = eventsBefore.get(complete);
                final int inTornFrame = eventsBefore.get(Math.min(complete + 1, eventsBefore.size() - 1)) - committed;
                final boolean onlyChecksumMissing = complete + 1 < frameEnds.size() && c >= frameEnds.get(complete + 1) - 4;
                assertThat(log.status()).as("cut at %d", c).isInstanceOfSatisfying(LogStatus.Torn.class, t -> {
                    assertThat(t.truncateTo()).isEqualTo(frameStart);
                    assertThat(log.events().size()).isEqualTo(committed + t.recoveredEvents());
                    assertThat(t.recoveredEvents()).isLessThanOrEqualTo(inTornFrame);
                    if (onlyChecksumMissing) {
                        assertThat(t.recoveredEvents()).as("a cut inside the checksum: the whole batch is recoverable")
                                .isEqualTo(inTornFrame);
                    }
                });
            }
        }
    }

    @Property(tries = 40)
    void truncating_a_raw_log_at_any_byte_keeps_exactly_the_complete_lines(
            @ForAll("sessions") @Size(min = 1) List<SessionEvent> events, @ForAll("batchSizes") List<Integer> sizes,
            @ForAll @IntRange(min = 0, max = 100) int percent) throws IOException {
        Written w = write(events, sizes, LogEncoding.RAW);
        byte[] whole = Files.readAllBytes(w.path());
        int c = (int) ((long) whole.length * percent / 100);
        Path cut = w.path().resolveSibling("cut.jsonl");
        Files.write(cut, Arrays.copyOf(whole, c));
        SessionLog log = SessionLogReader.read(cut);
        int lastNewline = c - 1;
        while (lastNewline >= 0 && whole[lastNewline] != '\n') lastNewline--;
        int headerEnd = indexOf(whole, (byte) '\n') + 1;
        if (c < headerEnd) {
            assertThat(log.status()).isInstanceOf(LogStatus.NotASession.class);
            return;
        }
        assertThat(log.status()).isEqualTo(lastNewline + 1 == c ? new LogStatus.Ok() : new LogStatus.Torn(lastNewline + 1, 0));
        Path exact = w.path().resolveSibling("exact.jsonl");
        Files.write(exact, Arrays.copyOf(whole, lastNewline + 1));
        assertThat(lines(log.events())).isEqualTo(lines(SessionLogReader.read(exact).events()));
        assertThat(lines(log.events())).isEqualTo(lines(events.subList(0, log.events().size())));
    }

    @Property(tries = 150)
    void random_byte_flips_never_crash_the_reader(@ForAll("sessions") @Size(min = 1) List<SessionEvent> events,
            @ForAll("batchSizes") List<Integer> sizes, @ForAll LogEncoding encoding,
            @ForAll @Size(min = 1, max = 3) List<@IntRange(min = 0, max = 1_000_000) Integer> positions,
            @ForAll @IntRange(min = 1, max = 255) int mask) throws IOException {
        Written w = write(events, sizes, encoding);
        byte[] bytes = Files.readAllBytes(w.path());
        for (int p : positions) bytes[p % bytes.length] ^= (byte) mask;
        Files.write(w.path(), bytes);
        SessionLog log = SessionLogReader.read(w.path());
        assertThat(log.status()).isNotNull();
        assertThat(log.status().describe()).isNotBlank();
        if (encoding == LogEncoding.ZSTD && log.status() instanceof LogStatus.Ok) {
            assertThat(lines(log.events())).as("every complete frame verified its checksum").isEqualTo(lines(events));
        }
    }

    @Property(tries = 100)
    void a_flipped_byte_never_changes_an_event_handed_over_from_a_checksum_verified_frame(
            @ForAll("sessions") @Size(min = 1) List<SessionEvent> events, @ForAll("batchSizes") List<Integer> sizes,
            @ForAll @IntRange(min = 0, max = 1_000_000) int position, @ForAll @IntRange(min = 1, max = 255) int mask)
            throws IOException {
        Written w = write(events, sizes, LogEncoding.ZSTD);
        byte[] bytes = Files.readAllBytes(w.path());
        bytes[position % bytes.length] ^= (byte) mask;
        SessionLog log = readInMemory(bytes);
        long fromTornFrame = log.status() instanceof LogStatus.Torn t ? t.recoveredEvents() : 0;
        int verified = (int) (log.events().size() - fromTornFrame);
        assertThat(verified).isBetween(0, events.size());
        assertThat(lines(log.events().subList(0, verified))).as(log.status().describe()).isEqualTo(lines(events.subList(0, verified)));
    }

    /** The reader's own scan over bytes in memory (the file-based entry point only adds opening the file). */
    static SessionLog readInMemory(byte[] zstdLog) throws IOException {
        List<SessionEvent> out = new ArrayList<>();
        var r = io.dsh4j.session.internal.LogScan.run(
                java.nio.channels.Channels.newChannel(new java.io.ByteArrayInputStream(zstdLog)), true,
                new io.dsh4j.session.internal.SessionRecordCodec(SessionHeader.Mode.STRICT), h -> {}, out::add);
        return new SessionLog(Path.of("memory"), LogEncoding.ZSTD, r.header(), out, r.status());
    }

    private static int indexOf(byte[] b, byte v) {
        for (int i = 0; i < b.length; i++) if (b[i] == v) return i;
        return -1;
    }
}
