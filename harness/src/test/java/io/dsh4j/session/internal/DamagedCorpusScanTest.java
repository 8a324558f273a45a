package io.dsh4j.session.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.session.LogStatus;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** §1.8 over decoded text: every case of corpus/zstd-damaged/MANIFEST.json at the scanner level. */
class DamagedCorpusScanTest {

    static Stream<Arguments> cases() throws IOException {
        JsonNode manifest = new ObjectMapper().readTree(Corpus.damagedDir().resolve("MANIFEST.json").toFile());
        List<Arguments> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = manifest.get("cases").fields(); it.hasNext(); ) {
            var e = it.next();
            out.add(Arguments.of(e.getKey(), e.getValue().get("outcome").asText()));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("cases")
    void each_damaged_case_gets_its_stated_outcome_and_recovers_the_expected_text(String name, String outcome) throws IOException {
        Path file = Corpus.damagedDir().resolve(name + ".jsonl.zstd");
        StringBuilder text = new StringBuilder();
        LogScan.Result<String> result;
        try (FileChannel ch = FileChannel.open(file)) {
            result = LogScan.run(ch, true, new LineCodec(), h -> text.append(h).append('\n'),
                    e -> { if (e.line() != null) text.append(e.line()).append('\n'); });
        }
        String label = switch (result.status()) {
            case LogStatus.Ok ok -> "ok";
            case LogStatus.Torn t -> "torn";
            case LogStatus.Corrupt c -> "corrupt";
            case LogStatus.NotASession n -> "not-a-session";
            case LogStatus.Refused u -> "refused";
        };
        assertThat(label).as(result.status().describe()).isEqualTo(outcome);
        Path expected = Corpus.damagedDir().resolve(name + ".expected.jsonl");
        if (Files.exists(expected)) {
            assertThat(text.toString()).isEqualTo(Files.readString(expected, StandardCharsets.UTF_8));
        }
    }
}
