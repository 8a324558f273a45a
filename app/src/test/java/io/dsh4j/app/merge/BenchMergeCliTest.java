package io.dsh4j.app.merge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.app.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code dsh4j bench merge}: the table, the JSON shape and argument checks. */
class BenchMergeCliTest {

    static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new String[] {Integer.toString(code), out.toString(), err.toString()};
    }

    @Test
    void json_prints_args_and_rows_with_rates_as_fractions() throws Exception {
        String[] r = run("bench", "merge", "--seeds", "5", "--topics", "10", "--budget", "400", "--json");
        assertThat(r[0]).isEqualTo("0");
        JsonNode j = new ObjectMapper().readTree(r[1]);
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
        String[] r = run("bench", "merge", "--seeds", "2");
        assertThat(r[0]).isEqualTo("0");
        assertThat(r[1]).contains("beliefmerge-heuristic").contains("tok/ques").contains("  GAIN      ");
        assertThat(run("bench", "merge", "--seeds", "1", "--lang", "zh-CN")[1]).contains("桥接问题");
    }

    @Test
    void impossible_arguments_are_usage_errors() {
        assertThat(run("bench", "merge", "--branches", "1")[0]).isEqualTo(Integer.toString(ExitCodes.USAGE));
        assertThat(run("bench", "merge", "--seeds", "0")[2]).contains("--seeds");
        assertThat(run("bench", "merge", "--budget", "x")[0]).isEqualTo(Integer.toString(ExitCodes.USAGE));
    }
}
