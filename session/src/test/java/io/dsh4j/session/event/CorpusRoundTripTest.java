package io.dsh4j.session.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.testkit.Corpus;
import io.dsh4j.testsupport.FixtureTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** §1.3–1.5, §1.10 and §7 over the real corpus: every log parses, current-format logs re-encode byte for byte. */
class CorpusRoundTripTest {

    static Stream<Path> rawLogs() {
        return Corpus.rawLogs().stream();
    }

    static Stream<FixtureTable.Row> currentFormatRows() {
        return FixtureTable.rows().stream().filter(FixtureTable.Row::currentFormat);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rawLogs")
    void every_corpus_log_parses_with_legacy_upgraded(Path log) throws IOException {
        // given
        String text = Files.readString(log, StandardCharsets.UTF_8);
        // when
        SessionLogDecoder.DecodedLog decoded = SessionLogDecoder.readAll(text, SessionHeader.Mode.FIXTURE);
        // then
        int lines = (int) text.chars().filter(c -> c == '\n').count();
        assertThat(decoded.events()).hasSizeGreaterThanOrEqualTo(lines - 1);
        for (int i = 0; i < decoded.events().size(); i++) assertThat(decoded.events().get(i).seq()).isEqualTo(i);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rawLogs")
    void every_storage_line_re_encodes_byte_for_byte(Path log) throws IOException {
        // given
        String text = Files.readString(log, StandardCharsets.UTF_8);
        String[] lines = text.split("\n", -1);
        // when: each line decoded to its record, then expanded and re-packed as one batch
        SessionHeader header = SessionHeader.parse(lines[0], SessionHeader.Mode.FIXTURE);
        List<SessionEvent> events = new ArrayList<>();
        for (int i = 1; i < lines.length - 1; i++) {
            StorageRecord record = StorageCodec.decode(lines[i], events.size());
            assertThat(StorageCodec.encode(record)).as("line %d", i + 1).isEqualTo(lines[i]);
            events.addAll(record.events());
        }
        String reencoded = header.encode() + "\n" + (events.isEmpty() ? "" : StorageCodec.encodeBatch(events, true) + "\n");
        // then
        assertThat(reencoded).isEqualTo(text);
    }

    @ParameterizedTest(name = "#{0}")
    @MethodSource("currentFormatRows")
    void current_format_logs_re_encode_byte_for_byte_from_their_logical_events(FixtureTable.Row row) throws IOException {
        // given
        String text = Files.readString(row.file(), StandardCharsets.UTF_8);
        // when
        SessionLogDecoder.DecodedLog decoded = SessionLogDecoder.readAll(text, SessionHeader.Mode.FIXTURE);
        String reencoded = decoded.header().encode() + "\n"
                + (decoded.events().isEmpty() ? "" : StorageCodec.encodeBatch(decoded.events(), true) + "\n");
        // then
        assertThat(decoded.events()).hasSize(row.events());
        assertThat(reencoded).isEqualTo(text);
    }

    @Test
    void the_fixture_table_covers_the_whole_corpus() {
        List<Path> tabled = FixtureTable.rows().stream().map(FixtureTable.Row::file).sorted().toList();
        assertThat(tabled).isEqualTo(Corpus.rawLogs());
    }
}
