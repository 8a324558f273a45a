package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * Spec §11 item 13 and §9.6: malformed events and random event streams never produce NaN,
 * Infinity or an exception — in the hot state's view, the cold fold, the score and the document.
 */
class HostileInputProperties {

    static final JsonNodeFactory F = JsonNodeFactory.instance;
    static final HealthReducer HOT = new HealthReducer(Clock.fixed(Instant.parse("2026-09-22T02:00:00Z"), ZoneOffset.UTC));
    static final List<String> TYPES = List.of("turn/start", "turn/end", "request/context", "assistant/message",
            "user/message", "tool/call", "tool/result", "compaction/summary", "compaction/prune", "compaction/start",
            "compaction/end", "todo/write", "goal/change", "session/title", "step/start", "unknown/type");

    /** The 27 malformed events of spec §9.6. */
    static List<JsonNode> malformed() {
        List<JsonNode> list = new ArrayList<>();
        list.add(null);
        list.add(F.nullNode());
        list.add(F.objectNode());
        list.add(Events.json("{\"data\":{\"turn\":1}}"));
        list.add(Events.json("{\"type\":\"assistant/message\",\"data\":null}"));
        list.add(Events.json("{\"type\":\"assistant/message\",\"data\":{\"message\":{\"content\":\"just a string\"}}}"));
        list.add(Events.json("{\"type\":\"assistant/message\",\"data\":{\"message\":{\"content\":[null,1,\"s\",{\"type\":\"text\",\"text\":null}]}}}"));
        list.add(Events.json("{\"type\":\"assistant/message\",\"data\":{\"message\":{\"content\":[{\"type\":\"text\",\"text\":null}]}}}"));
        list.add(Events.json("{\"type\":\"assistant/message\",\"data\":{\"usage\":null}}"));
        ObjectNode nan = Events.event("assistant/message", F.objectNode());
        ((ObjectNode) nan.get("data")).putObject("usage").put("totalTokens", Double.NaN).put("inputTokens", Double.NaN)
                .put("cacheReadTokens", Double.NaN).put("outputTokens", Double.NaN).put("reasoningTokens", Double.NaN);
        list.add(nan);
        ObjectNode onlyInput = Events.event("assistant/message", F.objectNode());
        ((ObjectNode) onlyInput.get("data")).putObject("usage").put("inputTokens", Double.NaN);
        list.add(onlyInput);
        for (double v : new double[] {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -500}) {
            ObjectNode e = Events.event("assistant/message", F.objectNode());
            ((ObjectNode) e.get("data")).putObject("usage").put("totalTokens", v).put("inputTokens", v)
                    .put("cacheReadTokens", v).put("outputTokens", v).put("reasoningTokens", v);
            list.add(e);
        }
        list.add(Events.json("{\"type\":\"assistant/message\",\"data\":\"a string\"}"));
        for (JsonNode w : new JsonNode[] {F.numberNode(Double.NaN), F.numberNode(Double.POSITIVE_INFINITY), F.numberNode(0),
                F.numberNode(-1), F.textNode("1M")}) {
            ObjectNode d = F.objectNode();
            d.set("contextWindow", w);
            list.add(Events.event("request/context", d));
        }
        for (String type : new String[] {"compaction/summary", "compaction/prune"}) {
            ObjectNode e = Events.event(type, F.objectNode());
            e.put("time", Double.NaN);
            ((ObjectNode) e.get("data")).put("shadowedTokenCount", Double.NaN).putObject("usage")
                    .put("outputTokens", Double.NaN).put("inputTokens", Double.NaN);
            list.add(e);
        }
        list.add(Events.json("{\"type\":\"compaction/summary\",\"data\":{\"summary\":{\"not\":\"blocks\"}}}"));
        list.add(Events.json("{\"type\":\"assistant/message\",\"data\":{\"usage\":{\"totalTokens\":\"999\",\"reasoningTokens\":\"256000\"}}}"));
        list.add(Events.json("{\"type\":\"tool/call\",\"data\":{\"name\":\"read\",\"arguments\":{\"path\":\"x\"}}}"));
        list.add(Events.json("{\"type\":\"tool/call\",\"data\":{\"arguments\":\"{}\"}}"));
        list.add(Events.json("{\"type\":\"totally/unknown\",\"data\":{}}"));
        return list;
    }

    @Example
    void every_malformed_event_of_9_6_leaves_a_valid_finite_view() {
        List<JsonNode> events = malformed();
        assertThat(events).hasSize(27);
        for (JsonNode e : events) {
            HealthState s = HOT.apply(HOT.init(), e);
            assertValidView(s.view(Texts.chinese()));
            assertValidView(HOT.apply(s, e).view(Texts.english()));
        }
        HealthState all = HOT.init();
        for (JsonNode e : events) all = HOT.apply(all, e);
        assertValidView(all.view(Texts.chinese()));
        SessionFacts x = ColdFold.fold(events.stream().filter(java.util.Objects::nonNull).toList());
        HandoffRequest req = new HandoffRequest(null, null, HandoffOptions.DEFAULTS, false, null, Instant.EPOCH,
                java.time.ZoneId.of("UTC"), Texts.chinese(), Thresholds.DEFAULTS, PriceTable.DEFAULTS, 0);
        HandoffResult doc = Handoff.build(x, req);
        assertThat(doc.stats().chars()).isPositive();
        assertThat(HealthCheck.assess(x, null, null, Instant.EPOCH).plan()).isEqualTo(doc.plan());
    }

    @Example
    void an_empty_and_a_window_only_session_serialise() {
        assertValidView(HOT.init().view(Texts.english()));
        HealthState windowOnly = HOT.apply(HOT.init(), Events.context(128_000, "deepseek-flash"));
        assertValidView(windowOnly.view(Texts.chinese()));
        assertThat(HOT.init().report().findings()).isEmpty();
        assertThat(HOT.init().report().score()).isEqualTo(100);
    }

    @Property(tries = 200)
    void random_event_streams_never_throw_nor_leak_non_finite_numbers(
            @ForAll("streams") @Size(max = 60) List<JsonNode> events) {
        HealthState s = HOT.init();
        for (JsonNode e : events) s = HOT.apply(s, e);
        assertValidView(s.view(Texts.chinese()));
        SessionFacts x = ColdFold.fold(events);
        HealthCheck check = HealthCheck.assess(x, null, "v0", Instant.parse("2026-09-19T02:00:00Z"));
        assertThat(check.report().score()).isBetween(0, 100);
        assertFinite(check.plan().cost().totalContinue());
        assertFinite(check.plan().cost().totalFresh());
        assertFinite(check.plan().cost().savingYuan());
    }

    @Provide
    Arbitrary<List<JsonNode>> streams() {
        return event().list().ofMaxSize(60);
    }

    private Arbitrary<JsonNode> event() {
        Arbitrary<String> type = Arbitraries.of(TYPES);
        return Combinators.combine(type, value(2), value(2), Arbitraries.integers().between(-2, 12))
                .as((t, v1, v2, turn) -> {
                    ObjectNode d = F.objectNode();
                    d.put("turn", turn);
                    d.set("contextWindow", v1);
                    d.set("name", v2);
                    d.set("arguments", v1);
                    ObjectNode usage = d.putObject("usage");
                    usage.set("totalTokens", v1);
                    usage.set("inputTokens", v2);
                    usage.set("cacheReadTokens", v1);
                    usage.set("outputTokens", v2);
                    usage.set("reasoningTokens", v1);
                    d.putObject("message").putArray("content").addObject().put("type", "reasoning")
                            .set("text", v2);
                    d.set("shadowedTokenCount", v2);
                    d.putObject("reason").put("kind", "aborted").putObject("reason").put("kind", "hook")
                            .set("reason", v1.isTextual() ? F.textNode("attention-health：" + v1.asText()) : v1);
                    ObjectNode e = Events.event(t, d);
                    e.set("time", v2);
                    return (JsonNode) e;
                });
    }

    private Arbitrary<JsonNode> value(int depth) {
        Arbitrary<JsonNode> numbers = Arbitraries.of(0.0, -1.0, 1.5, 1e6, 128_000.0, Double.NaN,
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e300, 16_000.0).map(F::numberNode);
        Arbitrary<JsonNode> strings = Arbitraries.strings().withChars("ab 好。\n`※★").ofMaxLength(40).map(F::textNode);
        Arbitrary<JsonNode> leaves = Arbitraries.oneOf(numbers, strings, Arbitraries.just(F.nullNode()),
                Arbitraries.just(F.booleanNode(true)));
        if (depth <= 0) return leaves;
        Arbitrary<JsonNode> arrays = value(depth - 1).list().ofMaxSize(3).map(l -> {
            var a = F.arrayNode();
            l.forEach(a::add);
            return a;
        });
        return Arbitraries.oneOf(leaves, arrays);
    }

    static void assertValidView(ObjectNode view) {
        assertThat(view.get("score").isInt()).isTrue();
        assertThat(view.get("score").asInt()).isBetween(0, 100);
        assertThat(List.of("ok", "watch", "warn", "critical")).contains(view.get("level").asText());
        assertThat(Advice.VALUES).contains(view.get("compactAdvice").asText());
        assertThat(view.get("effectiveWindowRatio").asDouble()).isPositive();
        if (!view.get("contextWindow").isNull()) assertThat(view.get("contextWindow").asDouble()).isPositive();
        if (!view.get("effectivePercent").isNull()) assertThat(view.get("effectivePercent").asDouble()).isBetween(0.0, 100.0);
        assertThat(view.get("cacheHitRate").asDouble()).isBetween(0.0, 1.0);
        for (String nonNegative : List.of("usedTokens", "repeatWorst", "degradedReplies", "reasoningLoop",
                "reasoningFlags", "reasoningWorstRepeat", "continuePerRound", "compactPerRound", "freshPerRound",
                "compactTotalOnce", "costContinuePerRound", "costCompactPerRound", "costCompactOnce",
                "costCompactAmortizedPerRound", "costFreshPerRound", "costTotalContinue", "costTotalCompact",
                "costTotalFresh", "costHorizonRounds", "avgOutputTokens", "guardTripCount", "summaryCount",
                "avgRoundGrowth", "compactionCount")) {
            assertThat(view.get(nonNegative).asDouble()).as(nonNegative).isGreaterThanOrEqualTo(0);
        }
        for (var samples = view.get("degradedSamples").elements(); samples.hasNext(); ) {
            JsonNode s = samples.next();
            assertThat(s.get("turn").asInt()).isGreaterThanOrEqualTo(0);
            assertThat(s.get("excerpt").asText()).hasSizeLessThanOrEqualTo(200).doesNotContain("\n");
        }
        assertAllFinite(view);
    }

    static void assertAllFinite(JsonNode node) {
        if (node.isNumber()) {
            assertFinite(node.doubleValue());
            return;
        }
        for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) assertAllFinite(it.next());
    }

    static void assertFinite(double v) {
        assertThat(Double.isNaN(v) || Double.isInfinite(v)).as("non-finite %s", v).isFalse();
    }
}
