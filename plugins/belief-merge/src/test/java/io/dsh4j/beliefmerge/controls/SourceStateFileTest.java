package io.dsh4j.beliefmerge.controls;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.beliefmerge.core.CancelSignal;
import io.dsh4j.beliefmerge.core.Injection;
import io.dsh4j.beliefmerge.core.SourceMessage;
import io.dsh4j.beliefmerge.core.Texts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spec §1.5 and checklist item 44 for a hand-edited state file (hand edits are read since the Q4 fix):
 * non-strings and empty strings are dropped, odd shapes fall back to config, and a session listed twice
 * is still merged once.
 */
class SourceStateFileTest {

    @TempDir
    Path dir;

    SourceState stateWithFile(String json, List<String> warnings) throws IOException {
        Path file = Files.writeString(dir.resolve("sources.json"), json);
        return new SourceState(file, List.of("config-default"), warnings::add, Texts.english());
    }

    @Test
    void a_hand_edited_list_keeps_only_non_empty_strings() throws IOException {
        List<String> warnings = new ArrayList<>();
        SourceState s = stateWithFile("{\"version\": 1, \"sources\": [\"a\", 42, null, \"\", {\"id\": \"x\"}, [\"y\"], true, \"b\"]}", warnings);
        assertThat(s.get()).containsExactly("a", "b");
        assertThat(s.source()).isEqualTo("runtime");
        assertThat(warnings).isEmpty();
    }

    @Test
    void sources_that_are_not_an_array_leave_the_config_layer_in_charge() throws IOException {
        for (String json : List.of("{\"sources\": \"a\"}", "{\"sources\": {\"a\": 1}}", "[\"a\"]", "null", "42", "{}")) {
            List<String> warnings = new ArrayList<>();
            SourceState s = stateWithFile(json, warnings);
            assertThat(s.get()).as(json).containsExactly("config-default");
            assertThat(s.source()).as(json).isEqualTo("config");
        }
    }

    @Test
    void a_session_listed_twice_by_hand_is_merged_once() throws IOException {
        // given: a hand edit that names one session twice (reading keeps the original's no-dedupe rule)
        SourceState s = stateWithFile("{\"sources\": [\"leaky\", \"leaky\"]}", new ArrayList<>());
        assertThat(s.get()).containsExactly("leaky", "leaky");
        String key = "sk-" + "aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zC";
        Map<String, List<SourceMessage>> sessions = Map.of("leaky", List.of(SourceMessage.text("user", "Deploy with " + key + " today.", "user")));
        List<String> reads = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        // when
        Injection.Outcome o = Injection.plan(new Injection.Step(false, false, 1, List.of(), "current"), Injection.Settings.defaults(),
                s.get(), id -> {
                    reads.add(id);
                    return sessions.get(id);
                }, null, CancelSignal.NEVER, warnings::add);
        // then
        assertThat(reads).containsExactly("leaky");
        assertThat(warnings).singleElement().asString().contains("1 credential(s)");
        assertThat(o).isInstanceOfSatisfying(Injection.Append.class, a -> assertThat(a.merged().redacted()).isEqualTo(1));
    }
}
