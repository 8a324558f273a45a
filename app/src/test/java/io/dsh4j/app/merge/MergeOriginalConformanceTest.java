package io.dsh4j.app.merge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dsh4j merge} against the original's heuristic render on sessions shaped like the ones a user
 * produces (issue 5: "the rendered block must match the original's heuristic render line for line").
 * Two written logs mix markdown, code fences, CJK, Greek capitals (final sigma), numbers with units and
 * a credential of every class but Anthropic's (whose label is deliberate fix Q10); the expected slot
 * lines, counts and token totals were produced by the original's offline path on the same two logs
 * (differential testing, round 2). Credentials are assembled at run time ({@link MergeCliTest#plantedSecrets}).
 */
class MergeOriginalConformanceTest {

    static final String FIRST = "33333333-aaaa-4bbb-8ccc-000000000003";
    static final String SECOND = "44444444-aaaa-4bbb-8ccc-000000000004";

    /** Writes the two sessions under {@code home}; returns their log paths. */
    static List<Path> writeSessions(Path home) throws IOException {
        List<String> s = MergeCliTest.plantedSecrets();
        Path first = MergeCliTest.writeSession(home, FIRST, new String[][] {
                {"user", "## Plan\n\n1. Read `src/main.ts`.\n2. Run `npm test` — expect 42 passing.\n\n```ts\nconst ratio: number = 1.5; // not final\n```\n"
                        + "The deploy target is us-east-1."},
                {"assistant", "The cache is enabled. ΟΔΟΣ is the street name. 缓存已启用。Latency dropped by 12.5% after the change!"},
                {"reasoning", "The user wants the cache enabled. I should not touch the ΣΟΦΙΑΣ config; the key is " + s.get(0)
                        + " and password: " + s.get(13) + "."},
                {"user", "Retries are capped at 3. The limit is 5 GB per user. İstanbul is the region."},
                {"assistant", "Use " + s.get(3) + " and " + s.get(4) + "; the pem is " + s.get(14) + "."}});
        Path second = MergeCliTest.writeSession(home, SECOND, new String[][] {
                {"user", "The cache is not enabled. We use PostgreSQL 16 for the database. 我们不使用 Redis。"},
                {"assistant", "Retries are capped at 3. Straße ist gesperrt. | col | value |\n|---|---|\n| pool | 20 |"},
                {"user", "The deploy target is not us-east-1."},
                {"reasoning", "The cache is enabled. Tokens: " + s.get(6) + ", " + s.get(7) + ", " + s.get(8) + ", " + s.get(9) + ", "
                        + s.get(10) + ", " + s.get(11) + ", " + s.get(12) + ", " + s.get(1) + ", " + s.get(5) + "."},
                {"user", "Latency dropped by 12.5% after the change!"}});
        return List.of(first, second);
    }

    static JsonNode merge(Path home, String... options) throws IOException {
        List<String> args = new ArrayList<>(List.of("merge", "--json", "--home", home.toString(), FIRST, SECOND));
        args.addAll(List.of(options));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertThat(r.code()).isEqualTo(ExitCodes.OK);
        for (String secret : MergeCliTest.plantedSecrets()) {
            String probe = secret.startsWith("-----") ? secret.substring(28, 60) : secret;
            assertThat(r.out()).as(secret).doesNotContain(probe);
        }
        return MergeCliTest.JSON.readTree(r.out());
    }

    /**
     * The rendered text as lines, without what is this port's own wording: the background notice (line
     * 3; its length is the original's, checked through the token total) and the tails of the footers.
     */
    static List<String> normalised(JsonNode merged) {
        List<String> lines = new ArrayList<>(List.of(merged.get("render").get("text").asText().split("\n", -1)));
        assertThat(lines.get(2)).startsWith("> ");
        lines.remove(2);
        return lines.stream().map(l -> l.startsWith("_**") && l.contains("** — ") ? l.substring(0, l.indexOf(" — ")) : l).toList();
    }

    /** Slots, credentials withheld, included, dropped and the token total. */
    static List<Integer> counts(JsonNode merged) {
        JsonNode r = merged.get("render");
        return List.of(merged.get("slots").size(), merged.get("redacted").asInt(), r.get("included").asInt(), r.get("dropped").asInt(),
                r.get("tokens").asInt());
    }

    @Test
    void a_budget_of_600_renders_the_originals_block_and_counts_every_credential(@TempDir Path home) throws IOException {
        // given two sessions with odd text and 14 credentials (one in each class but Anthropic's, five labelled or repeated)
        writeSessions(home);
        // when
        JsonNode merged = merge(home, "--budget", "600");
        // then
        assertThat(normalised(merged)).isEqualTo(List.of(
                "## Merged context (BeliefMerge)",
                "",
                "",
                "- `5 after the change` = **assert**",
                "  5% after the change! _(evidence 4; from 2 sources)_",
                "- `latency dropped by 12` = **assert**",
                "  Latency dropped by 12. _(evidence 4; from 2 sources)_",
                "- `retries are capped at 3` = **assert**",
                "  Retries are capped at 3. _(evidence 4; from 2 sources)_",
                "- `the cache is enabled` = **refute**",
                "  The cache is not enabled. _(evidence 4; from 44444444-aaaa-4bbb-8ccc-000000000004)_",
                "- `2` = **assert**",
                "  2. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `5` = **assert**",
                "  5; _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `final the deploy target is us east 1` = **refute**",
                "  // not final",
                "```",
                "The deploy target is us-east-1. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `i stanbul is the region` = **assert**",
                "  İstanbul is the region. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `plan 1` = **assert**",
                "  ## Plan",
                "",
                "1. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `read src main` = **assert**",
                "  Read `src/main. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `run npm test expect 42 passing` = **assert**",
                "  Run `npm test` — expect 42 passing. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `the deploy target is us east 1` = **refute**",
                "  The deploy target is not us-east-1. _(evidence 4; from 44444444-aaaa-4bbb-8ccc-000000000004)_",
                "- `the limit is 5 gb per user` = **assert**",
                "  The limit is 5 GB per user. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `ts` = **assert**",
                "  ts`. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `ts const ratio number 1` = **assert**",
                "  ```ts",
                "const ratio: number = 1. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `we use postgresql 16 for the database` = **assert**",
                "  We use PostgreSQL 16 for the database. _(evidence 4; from 44444444-aaaa-4bbb-8ccc-000000000004)_",
                "- `我们 使用 redis` = **refute**",
                "  我们不使用 Redis。 _(evidence 4; from 44444444-aaaa-4bbb-8ccc-000000000004)_",
                "- `缓存已启用` = **assert**",
                "  缓存已启用。 _(evidence 2; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "",
                "_(9 lower-value item(s) omitted for budget)_",
                "",
                "_**14 credential(s) withheld**"));
        assertThat(counts(merged)).containsExactly(27, 14, 18, 9, 622);
    }

    @Test
    void a_query_at_a_tight_budget_packs_what_the_original_packs(@TempDir Path home) throws IOException {
        // given the same sessions, a 250-token budget and a query
        writeSessions(home);
        // when
        JsonNode merged = merge(home, "--budget", "250", "--query", "cache region");
        // then
        assertThat(normalised(merged)).isEqualTo(List.of(
                "## Merged context (BeliefMerge)",
                "",
                "",
                "- `5 after the change` = **assert**",
                "  5% after the change! _(evidence 4; from 2 sources)_",
                "- `latency dropped by 12` = **assert**",
                "  Latency dropped by 12. _(evidence 4; from 2 sources)_",
                "- `retries are capped at 3` = **assert**",
                "  Retries are capped at 3. _(evidence 4; from 2 sources)_",
                "- `the cache is enabled` = **refute**",
                "  The cache is not enabled. _(evidence 4; from 44444444-aaaa-4bbb-8ccc-000000000004)_",
                "- `2` = **assert**",
                "  2. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `5` = **assert**",
                "  5; _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `ts` = **assert**",
                "  ts`. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "",
                "_(20 lower-value item(s) omitted for budget)_",
                "",
                "_**14 credential(s) withheld**"));
        assertThat(counts(merged)).containsExactly(27, 14, 7, 20, 275);
    }

    @Test
    void without_reasoning_the_block_and_the_credential_count_are_the_originals(@TempDir Path home) throws IOException {
        // given the same sessions with reasoning left out (its 11 credentials are not read)
        writeSessions(home);
        // when
        JsonNode merged = merge(home, "--budget", "1200", "--no-include-reasoning");
        // then
        assertThat(normalised(merged)).isEqualTo(List.of(
                "## Merged context (BeliefMerge)",
                "",
                "",
                "- `5 after the change` = **assert**",
                "  5% after the change! _(evidence 4; from 2 sources)_",
                "- `latency dropped by 12` = **assert**",
                "  Latency dropped by 12. _(evidence 4; from 2 sources)_",
                "- `retries are capped at 3` = **assert**",
                "  Retries are capped at 3. _(evidence 4; from 2 sources)_",
                "- `the cache is enabled` = **refute**",
                "  The cache is not enabled. _(evidence 4; from 44444444-aaaa-4bbb-8ccc-000000000004)_",
                "- `2` = **assert**",
                "  2. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `5` = **assert**",
                "  5; _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `final the deploy target is us east 1` = **refute**",
                "  // not final",
                "```",
                "The deploy target is us-east-1. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `i stanbul is the region` = **assert**",
                "  İstanbul is the region. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `plan 1` = **assert**",
                "  ## Plan",
                "",
                "1. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `read src main` = **assert**",
                "  Read `src/main. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `run npm test expect 42 passing` = **assert**",
                "  Run `npm test` — expect 42 passing. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `the deploy target is us east 1` = **refute**",
                "  The deploy target is not us-east-1. _(evidence 4; from 44444444-aaaa-4bbb-8ccc-000000000004)_",
                "- `the limit is 5 gb per user` = **assert**",
                "  The limit is 5 GB per user. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `ts` = **assert**",
                "  ts`. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `ts const ratio number 1` = **assert**",
                "  ```ts",
                "const ratio: number = 1. _(evidence 4; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `we use postgresql 16 for the database` = **assert**",
                "  We use PostgreSQL 16 for the database. _(evidence 4; from 44444444-aaaa-4bbb-8ccc-000000000004)_",
                "- `我们 使用 redis` = **refute**",
                "  我们不使用 Redis。 _(evidence 4; from 44444444-aaaa-4bbb-8ccc-000000000004)_",
                "- `col value pool 20` = **assert**",
                "  | col | value |",
                "|---|---|",
                "| pool | 20 | _(evidence 2; from 44444444-aaaa-4bbb-8ccc-000000000004)_",
                "- `straße ist gesperrt` = **assert**",
                "  Straße ist gesperrt. _(evidence 2; from 44444444-aaaa-4bbb-8ccc-000000000004)_",
                "- `the pem is redacted private key` = **assert**",
                "  the pem is [REDACTED:private-key]. _(evidence 2; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `use redacted google and redacted github` = **assert**",
                "  Use [REDACTED:google] and [REDACTED:github]; _(evidence 2; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `οδος is the street name` = **assert**",
                "  ΟΔΟΣ is the street name. _(evidence 2; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "- `缓存已启用` = **assert**",
                "  缓存已启用。 _(evidence 2; from 33333333-aaaa-4bbb-8ccc-000000000003)_",
                "",
                "_**3 credential(s) withheld**"));
        assertThat(counts(merged)).containsExactly(23, 3, 23, 0, 782);
    }

    @Test
    void a_lone_surrogate_prints_as_the_originals_node_prints_it(@TempDir Path home) throws IOException {
        // given a user message whose emoji was cut in half: a lone high surrogate, stored as a JSON escape
        Path log = MergeCliTest.writeSession(home, FIRST, new String[][] {{"user", "The cut emoji is CUT here."}});
        Files.writeString(log, Files.readString(log).replace("CUT", "\\ud83d"));
        // when
        CliRun text = CliRun.of("merge", "--home", home.toString(), FIRST);
        String jsonOut = CliRun.of("merge", "--json", "--home", home.toString(), FIRST).out();
        JsonNode json = MergeCliTest.JSON.readTree(jsonOut);
        // then plain text carries U+FFFD (Node's UTF-8 output), JSON the unit itself (JSON.stringify's escape)
        assertThat(text.out()).contains("  The cut emoji is \uFFFD here. _(evidence 4; from " + FIRST + ")_").doesNotContain("\ud83d");
        assertThat(jsonOut).contains("The cut emoji is \\ud83d here.").doesNotContain("\ud83d");
        assertThat(json.get("render").get("text").asText()).contains("- `the cut emoji is here` = **assert**\n  The cut emoji is \ud83d here.");
    }
}
