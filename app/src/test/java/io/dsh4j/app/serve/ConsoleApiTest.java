package io.dsh4j.app.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.app.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The console's JSON API over a home made from the corpus: each view equals its command's output. */
class ConsoleApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path home;

    static List<CorpusHome.Entry> entries;
    static TestServer server;

    @BeforeAll
    static void start() throws IOException {
        entries = CorpusHome.build(home);
        server = new TestServer(home);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static JsonNode value(String method, String payload) throws IOException {
        TestServer.Raw r = server.rpc(method, payload);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.path("type").asText()).isEqualTo("server-response");
        assertThat(body.path("rpcId").asText()).isEqualTo("t1");
        assertThat(body.path("result").path("ok").asBoolean()).as(r.body()).isTrue();
        return body.path("result").path("value");
    }

    static JsonNode error(String method, String payload) throws IOException {
        TestServer.Raw r = server.rpc(method, payload);
        assertThat(r.status()).isEqualTo(200);
        JsonNode result = JSON.readTree(r.body()).path("result");
        assertThat(result.path("ok").asBoolean()).isFalse();
        return result.path("error");
    }

    static String cli(String... args) {
        StringWriter out = new StringWriter();
        Main.run(new PrintWriter(out), new PrintWriter(new StringWriter()), args);
        return out.toString();
    }

    /** A few sessions with the most events (the richest transcripts). */
    static List<CorpusHome.Entry> richest(int n) {
        return richestOf(entries, n);
    }

    static List<CorpusHome.Entry> richestOf(List<CorpusHome.Entry> entries, int n) {
        return entries.stream().sorted((a, b) -> Integer.compare(b.events(), a.events())).limit(n).toList();
    }

    @Test
    void the_home_holds_many_corpus_sessions() {
        assertThat(entries).hasSizeGreaterThan(40);
    }

    @Nested
    class SessionList {
        @Test
        void lists_every_session_newest_first_with_health_per_row() throws IOException {
            JsonNode rows = value("session.list", "{}").path("sessions");
            assertThat(rows).hasSize(entries.size());
            List<String> ids = new ArrayList<>();
            rows.forEach(r -> ids.add(r.path("sessionId").asText()));
            List<String> expected = new ArrayList<>(entries.stream().map(CorpusHome.Entry::id).toList());
            java.util.Collections.reverse(expected);
            assertThat(ids).isEqualTo(expected);
            for (JsonNode r : rows) {
                assertThat(r.path("health").path("score").isInt()).as(r.toString()).isTrue();
                assertThat(r.path("health").path("level").asText()).isNotEmpty();
            }
        }

        @Test
        void each_row_s_health_is_the_health_command_s() throws IOException {
            JsonNode rows = value("session.list", "{}").path("sessions");
            // every fourth corpus session and the richest: the row's score is the engine's, as the command's
            java.util.Set<CorpusHome.Entry> sample = new java.util.LinkedHashSet<>(richest(3));
            for (int i = 0; i < entries.size(); i += 4) sample.add(entries.get(i));
            for (CorpusHome.Entry e : sample) {
                JsonNode cli = JSON.readTree(cli("health", e.log().toString(), "--json", "--home", home.toString()));
                JsonNode row = null;
                for (JsonNode r : rows) if (r.path("sessionId").asText().equals(e.id())) row = r;
                assertThat(row).isNotNull();
                assertThat(row.path("health").path("score").asInt()).isEqualTo(cli.path("score").asInt());
                assertThat(row.path("health").path("level").asText()).isEqualTo(cli.path("level").asText());
            }
        }
    }

    @Nested
    class History {
        @Test
        void pages_cut_on_message_boundaries_and_join_to_the_whole_log() throws IOException {
            for (CorpusHome.Entry e : richest(4)) {
                List<JsonNode> all = new ArrayList<>();
                Long before = null;
                int pages = 0;
                while (true) {
                    JsonNode page = value("session.history", "{\"sessionId\":\"" + e.id() + "\",\"maxMessages\":2"
                            + (before == null ? "" : ",\"beforeSeq\":" + before) + "}");
                    List<JsonNode> events = new ArrayList<>();
                    page.path("events").forEach(x -> events.add(x.path("event")));
                    long messages = events.stream().filter(ConsoleApiTest::isAppendedMessage).count();
                    assertThat(messages).isLessThanOrEqualTo(2);
                    if (page.path("hasMore").asBoolean()) {
                        assertThat(messages).isEqualTo(2);
                        assertThat(events).isNotEmpty();
                    }
                    all.addAll(0, events);
                    pages++;
                    if (!page.path("hasMore").asBoolean()) break;
                    before = events.getFirst().path("seq").asLong();
                    // the event before this page is a message: the cut is right after it
                }
                assertThat(all).hasSizeGreaterThanOrEqualTo(e.events());
                for (int i = 1; i < all.size(); i++) {
                    assertThat(all.get(i).path("seq").asLong()).isGreaterThan(all.get(i - 1).path("seq").asLong());
                }
                assertThat(pages).isGreaterThan(1);
            }
        }

        @Test
        void bad_paging_arguments_are_bad_requests() throws IOException {
            String id = entries.getFirst().id();
            assertThat(error("session.history", "{\"sessionId\":\"" + id + "\",\"maxMessages\":0}").path("code").asText()).isEqualTo("bad-request");
            assertThat(error("session.history", "{\"sessionId\":\"" + id + "\",\"maxMessages\":100000}").path("code").asText()).isEqualTo("bad-request");
            assertThat(error("session.history", "{\"sessionId\":\"" + id + "\",\"beforeSeq\":-1}").path("code").asText()).isEqualTo("bad-request");
            assertThat(error("session.history", "{}").path("code").asText()).isEqualTo("bad-request");
        }
    }

    /** How many turns a raw log starts ({@code turn/start} records), counted from the file itself. */
    static int turnStarts(Path log) throws IOException {
        int n = 0;
        for (String line : java.nio.file.Files.readAllLines(log)) if (line.startsWith("{\"type\":\"turn/start\"")) n++;
        return n;
    }

    static boolean isAppendedMessage(JsonNode event) {
        String type = event.path("type").asText();
        return type.equals("user/message") || type.equals("assistant/message") || type.equals("tool/result");
    }

    @Test
    void an_unknown_session_is_session_not_found() throws IOException {
        for (String m : List.of("session.surface", "session.stats", "session.health", "session.history")) {
            assertThat(error(m, "{\"sessionId\":\"no-such-session\"}").path("code").asText()).isEqualTo("session-not-found");
            assertThat(error(m, "{\"sessionId\":\"../../etc\"}").path("code").asText()).isEqualTo("session-not-found");
        }
    }

    @Test
    void the_surface_is_the_one_sessions_show_prints() throws IOException {
        for (CorpusHome.Entry e : richest(3)) {
            JsonNode v = value("session.surface", "{\"sessionId\":\"" + e.id() + "\"}");
            List<JsonNode> expected = new ArrayList<>();
            for (String line : cli("sessions", "show", e.log().toString(), "--json").split("\n")) {
                if (!line.isBlank()) expected.add(JSON.readTree(line));
            }
            List<JsonNode> got = new ArrayList<>();
            v.path("messages").forEach(got::add);
            assertThat(got).isNotEmpty().isEqualTo(expected);
        }
    }

    @Test
    void stats_are_the_ones_sessions_stats_prints() throws IOException {
        CorpusHome.Entry e = richest(1).getFirst();
        JsonNode v = value("session.stats", "{\"sessionId\":\"" + e.id() + "\"}");
        assertThat(v).isEqualTo(JSON.readTree(cli("sessions", "stats", e.log().toString(), "--json")));
    }

    @Nested
    class Health {
        @Test
        void health_is_the_health_command_s_plus_one_point_per_turn_ending_at_its_values() throws IOException {
            // every third corpus session (all shapes of log occur among them) and the richest ones
            java.util.Set<CorpusHome.Entry> sample = new java.util.LinkedHashSet<>(richest(3));
            for (int i = 0; i < entries.size(); i += 3) sample.add(entries.get(i));
            for (CorpusHome.Entry e : sample) {
                JsonNode v = value("session.health", "{\"sessionId\":\"" + e.id() + "\"}");
                JsonNode cli = JSON.readTree(cli("health", e.log().toString(), "--json", "--home", home.toString(),
                        "--now", TestServer.NOW.toString()));
                JsonNode series = v.path("series");
                assertThat((JsonNode) ((com.fasterxml.jackson.databind.node.ObjectNode) v.deepCopy()).without(java.util.List.of("series", "projection"))).isEqualTo(cli);
                assertThat(series.size()).as(e.id() + " " + e.source()).isEqualTo(turnStarts(e.log()));
                for (int i = 0; i < series.size(); i++) assertThat(series.get(i).path("turn").asInt()).isEqualTo(i + 1);
                if (series.isEmpty()) continue;
                JsonNode last = series.get(series.size() - 1);
                assertThat(last.path("score").asInt()).as(e.id() + " " + e.source()).isEqualTo(cli.path("score").asInt());
                assertThat(last.path("contextTokens").asDouble()).as(e.id()).isEqualTo(cli.path("usedTokens").asDouble());
            }
        }

        @Test
        void health_texts_follow_the_language() throws IOException {
            CorpusHome.Entry e = richest(1).getFirst();
            JsonNode zh = value("session.health", "{\"sessionId\":\"" + e.id() + "\",\"lang\":\"zh-CN\"}");
            JsonNode cli = JSON.readTree(cli("health", e.log().toString(), "--json", "--home", home.toString(),
                    "--now", TestServer.NOW.toString(), "--lang", "zh-CN"));
            assertThat(zh.path("adviceText")).isEqualTo(cli.path("adviceText"));
            assertThat(zh.path("projection").path("compactAdviceText").asText()).isEqualTo(cli.path("adviceText").asText());
        }

        @Test
        void the_projection_is_the_plugin_s_view_at_the_log_s_end_with_the_command_s_score() throws IOException {
            for (CorpusHome.Entry e : richest(3)) {
                JsonNode v = value("session.health", "{\"sessionId\":\"" + e.id() + "\"}");
                JsonNode proj = v.path("projection");
                java.util.List<String> keys = new java.util.ArrayList<>();
                proj.fieldNames().forEachRemaining(keys::add);
                assertThat(keys).as(e.id()).isEqualTo(io.dsh4j.attention.core.HealthState.VIEW_KEYS);
                assertThat(proj.path("shouldNotify").isBoolean()).isTrue();
                assertThat(proj.path("score").asInt()).as(e.id() + " " + e.source()).isEqualTo(v.path("score").asInt());
                assertThat(proj.path("level").asText()).isEqualTo(v.path("level").asText());
                assertThat(proj.path("compactAdvice").asText()).isEqualTo(v.path("advice").asText());
            }
        }
    }

    @Nested
    class HandoffRoute {
        @Test
        void the_handoff_document_is_the_handoff_command_s() throws IOException {
            for (CorpusHome.Entry e : richest(3)) {
                TestServer.Raw r = server.get("/attention-health/handoff?sessionId=" + e.id(), server.loopbackHost());
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.head()).containsIgnoringCase("text/markdown");
                String expected = cli("handoff", e.log().toString(), "--no-record", "--home", home.toString(), "--now",
                        TestServer.NOW.toString());
                assertThat(r.body()).isEqualTo(expected);
            }
        }

        @Test
        void profile_language_and_download_are_honoured() throws IOException {
            CorpusHome.Entry e = richest(1).getFirst();
            TestServer.Raw r = server.get("/attention-health/handoff?sessionId=" + e.id() + "&profile=full&lang=zh-CN&download=1",
                    server.loopbackHost());
            assertThat(r.head()).containsIgnoringCase("Content-Disposition: attachment; filename=\"handoff-" + e.id() + ".md\"");
            assertThat(r.body()).isEqualTo(cli("handoff", e.log().toString(), "--no-record", "--home", home.toString(), "--now",
                    TestServer.NOW.toString(), "--profile", "full", "--lang", "zh-CN"));
            assertThat(server.get("/attention-health/handoff?sessionId=" + e.id() + "&profile=huge", server.loopbackHost()).status())
                    .isEqualTo(400);
            assertThat(server.get("/attention-health/handoff?sessionId=nope", server.loopbackHost()).status()).isEqualTo(404);
            assertThat(server.get("/attention-health/handoff", server.loopbackHost()).status()).isEqualTo(400);
        }

        @Test
        void the_handoff_route_records_no_history() throws IOException {
            server.get("/attention-health/handoff?sessionId=" + entries.getFirst().id(), server.loopbackHost());
            assertThat(home.resolve("attention-health/handoff-history.jsonl")).doesNotExist();
        }
    }

    @Nested
    class MergePreview {
        @Test
        void the_preview_is_the_merge_command_s() throws IOException {
            List<CorpusHome.Entry> sources = richest(3);
            StringBuilder ids = new StringBuilder();
            List<String> args = new ArrayList<>(List.of("merge"));
            for (CorpusHome.Entry e : sources) {
                if (!ids.isEmpty()) ids.append(',');
                ids.append('"').append(e.id()).append('"');
                args.add(e.log().toString());
            }
            args.addAll(List.of("--budget", "300", "--json", "--lang", "en", "--home", home.toString()));
            JsonNode v = value("merge.preview", "{\"sources\":[" + ids + "],\"budget\":300}");
            JsonNode expected = JSON.readTree(cli(args.toArray(String[]::new)));
            assertThat((JsonNode) ((com.fasterxml.jackson.databind.node.ObjectNode) v.deepCopy()).without("warnings")).isEqualTo(expected);
        }

        @Test
        void bad_previews_are_bad_requests() throws IOException {
            assertThat(error("merge.preview", "{}").path("code").asText()).isEqualTo("bad-request");
            assertThat(error("merge.preview", "{\"sources\":[]}").path("code").asText()).isEqualTo("bad-request");
            assertThat(error("merge.preview", "{\"sources\":[1]}").path("code").asText()).isEqualTo("bad-request");
            assertThat(error("merge.preview", "{\"sources\":[\"" + entries.getFirst().id() + "\"],\"budget\":-5}").path("code").asText())
                    .isEqualTo("bad-request");
            assertThat(error("merge.preview", "{\"sources\":[\"nope\"]}").path("code").asText()).isEqualTo("session-not-found");
        }
    }

    @Test
    void console_texts_come_in_english_and_chinese_with_the_same_keys() throws IOException {
        JsonNode en = value("console.texts", "{\"lang\":\"en\"}");
        JsonNode zh = value("console.texts", "{\"lang\":\"zh-CN\"}");
        assertThat(en.path("lang").asText()).isEqualTo("en");
        assertThat(zh.path("lang").asText()).isEqualTo("zh-CN");
        List<String> enKeys = new ArrayList<>();
        en.path("texts").fieldNames().forEachRemaining(enKeys::add);
        List<String> zhKeys = new ArrayList<>();
        zh.path("texts").fieldNames().forEachRemaining(zhKeys::add);
        assertThat(zhKeys).containsExactlyInAnyOrderElementsOf(enKeys);
        assertThat(zh.path("texts").path("nav.sessions").asText()).isEqualTo("会话");
    }
}
