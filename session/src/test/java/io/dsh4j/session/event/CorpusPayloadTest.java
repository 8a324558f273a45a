package io.dsh4j.session.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.message.json.JsJson;
import io.dsh4j.testsupport.FixtureTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * §2.3: every event of the current-format corpus has a typed view, and the view writes back the same
 * data (as JSON values; key order differs between DSH producers, which is why events keep their tree).
 */
class CorpusPayloadTest {

    static Stream<FixtureTable.Row> currentFormatRows() {
        return FixtureTable.rows().stream().filter(FixtureTable.Row::currentFormat);
    }

    @ParameterizedTest(name = "#{0}")
    @MethodSource("currentFormatRows")
    void every_event_has_a_typed_view_that_writes_back_the_same_data(FixtureTable.Row row) throws IOException {
        String text = Files.readString(row.file(), StandardCharsets.UTF_8);
        List<String> mismatches = new ArrayList<>();
        for (SessionEvent e : SessionLogDecoder.readAll(text, SessionHeader.Mode.FIXTURE).events()) {
            EventPayload p = e.payload();
            assertThat(p.type()).isEqualTo(e.type());
            String written = JsJson.stringify(PayloadJson.write(p));
            String stored = JsJson.stringify(e.data());
            if (!JsJson.parse(written).equals(JsJson.parse(stored))) mismatches.add(e.type() + "@" + e.seq() + "\n  stored  " + stored + "\n  written " + written);
        }
        assertThat(mismatches).isEmpty();
    }
}
