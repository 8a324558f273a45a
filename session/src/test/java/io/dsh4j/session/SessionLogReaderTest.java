package io.dsh4j.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.testkit.Corpus;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** §1.6 and §1.8 through the public reader, over the real corpus. */
class SessionLogReaderTest {

    static final SessionLogReader.Options FIXTURE = SessionLogReader.Options.FIXTURE;

    @Test
    void every_zstd_log_of_the_corpus_parses_and_gives_the_events_of_its_raw_twin() throws IOException {
        for (Path raw : Corpus.rawLogs()) {
            String name = Corpus.nameOf(raw);
            SessionLog fromRaw = SessionLogReader.read(raw, FIXTURE);
            SessionLog fromZstd = SessionLogReader.read(Corpus.zstdTwinOf(raw), FIXTURE);
            assertThat(fromZstd.encoding()).isEqualTo(LogEncoding.ZSTD);
            assertThat(fromRaw.encoding()).isEqualTo(LogEncoding.RAW);
            assertThat(fromZstd.status()).as(name + ": " + fromZstd.status().describe()).isEqualTo(fromRaw.status());
            assertThat(fromZstd.header()).as(name).isEqualTo(fromRaw.header());
            assertThat(fromZstd.events()).as(name).isEqualTo(fromRaw.events());
        }
    }

    @Test
    void every_corpus_log_reads_ok_or_names_its_problem() throws IOException {
        List<String> notOk = new ArrayList<>();
        for (Path zstd : Corpus.zstdLogs()) {
            LogReadResult r = SessionLogReader.stream(zstd, FIXTURE, e -> {});
            if (!(r.status() instanceof LogStatus.Ok)) notOk.add(Corpus.nameOf(zstd) + " " + r.status().describe());
        }
        assertThat(notOk).isEmpty();
    }

    @Test
    void each_zstd_twin_decodes_to_its_raw_twin_byte_for_byte() throws IOException {
        for (Path raw : Corpus.rawLogs()) {
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            LogReadResult r = SessionLogReader.copyCommittedText(Corpus.zstdTwinOf(raw), FIXTURE, text);
            assertThat(r.status()).isEqualTo(new LogStatus.Ok());
            assertThat(text.toByteArray()).as(Corpus.nameOf(raw)).isEqualTo(Files.readAllBytes(raw));
            assertThat(r.decodedBytes()).isEqualTo(Files.size(raw));
        }
    }

    static Stream<Arguments> damagedCases() throws IOException {
        JsonNode manifest = new ObjectMapper().readTree(Corpus.damagedDir().resolve("MANIFEST.json").toFile());
        List<Arguments> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = manifest.get("cases").fields(); it.hasNext(); ) {
            var e = it.next();
            out.add(Arguments.of(e.getKey(), e.getValue().get("outcome").asText()));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("damagedCases")
    void every_damaged_case_gets_its_stated_outcome_and_recovered_text_equals_expected(String name, String outcome)
            throws IOException {
        Path file = Corpus.damagedDir().resolve(name + ".jsonl.zstd");
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        LogReadResult r = SessionLogReader.copyCommittedText(file, FIXTURE, text);
        assertThat(r.status().label()).as(r.describe()).isEqualTo(outcome);
        Path expected = Corpus.damagedDir().resolve(name + ".expected.jsonl");
        if (outcome.equals("ok") || outcome.equals("torn")) {
            assertThat(expected).as("an %s case comes with the text to recover", outcome).isRegularFile();
            assertThat(text.toString()).isEqualTo(Files.readString(expected));
        } else {
            assertThat(expected).doesNotExist();
        }
        if (r.status() instanceof LogStatus.Corrupt c) assertThat(r.describe()).contains(file.toString()).contains("at byte " + c.offset());
    }

    @Test
    void torn_last_frame_is_recovered_and_reported_with_the_frame_start() throws IOException {
        Path file = Corpus.damagedDir().resolve("torn-last-checksum-byte.jsonl.zstd");
        SessionLog log = SessionLogReader.read(file, FIXTURE);
        SessionLog intact = SessionLogReader.read(Corpus.damagedDir().resolve("intact.jsonl.zstd"), FIXTURE);
        assertThat(log.events()).isEqualTo(intact.events());
        byte[] whole = Files.readAllBytes(Corpus.damagedDir().resolve("intact.jsonl.zstd"));
        var frames = io.dsh4j.session.internal.ZstdFrameFormat.scan(whole, 0, whole.length, Integer.MAX_VALUE).frames();
        long lastFrameStart = frames.get(frames.size() - 1).start();
        assertThat(log.status()).isInstanceOfSatisfying(LogStatus.Torn.class, t -> {
            assertThat(t.truncateTo()).isEqualTo(lastFrameStart);
            assertThat(log.recoveredEvents()).hasSize((int) t.recoveredEvents()).isNotEmpty();
        });
    }

    @Test
    void streaming_hands_over_the_same_events_as_a_whole_read_one_at_a_time_in_seq_order() throws IOException {
        Path file = Corpus.damagedDir().resolve("intact.jsonl.zstd");
        List<Long> seqs = new ArrayList<>();
        LogReadResult r = SessionLogReader.stream(file, FIXTURE, e -> seqs.add(e.seq()));
        assertThat(seqs).isEqualTo(SessionLogReader.read(file, FIXTURE).events().stream().map(SessionEvent::seq).toList());
        assertThat(r.events()).isEqualTo(seqs.size());
        for (int i = 0; i < seqs.size(); i++) assertThat(seqs.get(i)).isEqualTo(i);
    }

    @Test
    void stats_over_a_stream_equal_the_fold_of_the_whole_log_and_need_a_header() throws IOException {
        Path file = Corpus.damagedDir().resolve("intact.jsonl.zstd");
        StatsVisitor streamed = new StatsVisitor();
        SessionLogReader.stream(file, FIXTURE, streamed);
        SessionLog whole = SessionLogReader.read(file, FIXTURE);
        SessionStats folded = new SessionStats(whole.header());
        whole.events().forEach(folded::accept);
        assertThat(streamed.totals()).isEqualTo(folded.totals());
        assertThat(streamed.totals().events()).isEqualTo(whole.events().size());

        StatsVisitor none = new StatsVisitor();
        SessionLogReader.stream(Corpus.damagedDir().resolve("empty.jsonl.zstd"), FIXTURE, none);
        assertThat(none.hasHeader()).isFalse();
        org.assertj.core.api.Assertions.assertThatThrownBy(none::totals).isInstanceOf(IllegalStateException.class);
    }
}
