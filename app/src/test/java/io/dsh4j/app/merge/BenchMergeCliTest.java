package io.dsh4j.app.merge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code dsh4j bench merge}: the table, the JSON shape and argument checks. */
class BenchMergeCliTest {

    @Test
    void json_prints_args_and_rows_with_rates_as_fractions() throws Exception {
        CliRun r = CliRun.of("bench", "merge", "--seeds", "5", "--topics", "10", "--budget", "400", "--json");
        assertThat(r.code()).isEqualTo(0);
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("args").get("budget").asInt()).isEqualTo(400);
        assertThat(j.get("args").get("topics").asInt()).isEqualTo(10);
        List<String> arms = new ArrayList<>();
        for (JsonNode row : j.get("rows")) {
            arms.add(row.get("arm").asText());
            List<String> fields = new ArrayList<>();
            row.fieldNames().forEachRemaining(fields::add);
            assertThat(fields).containsExactly("arm", "local", "bridge", "unambiguous", "both", "invented", "tokens");
            for (String rate : List.of("local", "bridge", "unambiguous", "invented")) {
                assertThat(row.get(rate).asDouble()).isBetween(0.0, 1.0);
            }
        }
        assertThat(arms).containsExactly("none", "single:branch-a", "concat", "beliefmerge-heuristic", "beliefmerge-oracle");
        assertThat(j.get("rows").get(3).get("bridge").asDouble()).isGreaterThanOrEqualTo(0.9);
        assertThat(j.get("rows").get(2).get("bridge").asDouble()).isLessThanOrEqualTo(0.3);
        assertThat(j.get("rows").get(4).get("bridge").asDouble()).isEqualTo(1.0);
        assertThat(j.get("rows").get(4).get("unambiguous").asDouble()).isEqualTo(1.0);
    }

    @Test
    void the_table_has_one_row_per_arm_and_a_legend() {
        CliRun r = CliRun.of("bench", "merge", "--seeds", "2");
        assertThat(r.code()).isEqualTo(0);
        assertThat(r.out()).contains("beliefmerge-heuristic").contains("tok/ques").contains("  GAIN      ");
        assertThat(CliRun.of("bench", "merge", "--seeds", "1", "--lang", "zh-CN").out()).contains("桥接问题");
    }

    @Test
    void impossible_arguments_are_usage_errors() {
        assertThat(CliRun.of("bench", "merge", "--branches", "1").code()).isEqualTo(ExitCodes.USAGE);
        assertThat(CliRun.of("bench", "merge", "--seeds", "0").err()).contains("--seeds");
        assertThat(CliRun.of("bench", "merge", "--budget", "x").code()).isEqualTo(ExitCodes.USAGE);
    }
}
