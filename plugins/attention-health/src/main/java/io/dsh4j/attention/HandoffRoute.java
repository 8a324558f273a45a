package io.dsh4j.attention;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.LiveSession;
import io.dsh4j.agent.LiveSessions;
import io.dsh4j.attention.core.ColdFold;
import io.dsh4j.attention.core.Handoff;
import io.dsh4j.attention.core.HandoffHistory;
import io.dsh4j.attention.core.HandoffOptions;
import io.dsh4j.attention.core.HandoffRequest;
import io.dsh4j.attention.core.HandoffResult;
import io.dsh4j.attention.core.HealthCounters;
import io.dsh4j.attention.core.HealthSnapshot;
import io.dsh4j.attention.core.HealthState;
import io.dsh4j.attention.core.PriceFile;
import io.dsh4j.attention.core.SessionFacts;
import io.dsh4j.attention.core.Texts;
import io.dsh4j.attention.core.Thresholds;
import io.dsh4j.attention.sessions.SessionLogs;
import io.dsh4j.kernel.Context;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.StoredSession;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.sessionquery.SessionQuery;
import io.dsh4j.sessionquery.SessionQueryException;
import io.dsh4j.web.RouteExchange;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code GET /attention-health/handoff} (spec §1.6): the handoff document of a live or stored
 * session, as JSON, behind the plugin's own trust fence ({@link HandoffTrust}, checked before
 * anything else). The document is the one {@code dsh4j handoff} renders: the same profiles
 * ({@code profile=full|slim|lean}, default slim), the same limits ({@code maxRequests},
 * {@code maxTurns}, {@code maxFiles}), the same history row unless {@code record=0} (the route's
 * row: {@code via:'route'}, its {@code source}, {@code broadFallback}); {@code lang=en} renders in
 * English (default: zh-CN, the original's). A live session's document carries the live projection's
 * health. No answer echoes the input; an unexpected failure is logged and answered 500.
 */
final class HandoffRoute {

    static final String PREFIX = "/attention-health";
    static final String PATH = PREFIX + "/handoff";
    private static final Pattern ID = Pattern.compile("^[A-Za-z0-9_-]{1,128}$");

    private final Context ctx;
    private final Path dir;
    private final AttentionHealthPlugin.Options options;

    HandoffRoute(Context ctx, Path dir, AttentionHealthPlugin.Options options) {
        this.ctx = ctx;
        this.dir = dir;
        this.options = options;
    }

    void handle(Object raw) throws Exception {
        if (!(raw instanceof RouteExchange x)) {
            throw new IllegalArgumentException("the server passed no RouteExchange to " + PATH);
        }
        long started = System.nanoTime();
        if (!HandoffTrust.trusted(x.header("Host"), x.header("Sec-Fetch-Site"), x.header("Origin"), x.remoteAddress())) {
            fail(x, 403, "forbidden");
            return;
        }
        if (!PATH.equals(x.path())) {
            fail(x, 404, "unknown path");
            return;
        }
        String id = x.query("sessionId");
        if (id == null || id.isEmpty()) {
            fail(x, 400, "sessionId is required");
            return;
        }
        HandoffOptions.Profile profile = "full".equals(x.query("profile")) ? HandoffOptions.Profile.FULL
                : HandoffOptions.Profile.SLIM;
        boolean record = !"0".equals(x.query("record"));
        if (!ID.matcher(id).matches()) {
            fail(x, 400, "invalid sessionId");
            return;
        }
        int[] limits = new int[3];
        String[] names = {"maxRequests", "maxTurns", "maxFiles"};
        for (int i = 0; i < names.length; i++) {
            String v = x.query(names[i]);
            limits[i] = -1;
            if (v == null) continue;
            if (!v.matches("[0-9]{1,9}")) {
                fail(x, 400, "invalid " + names[i]);
                return;
            }
            limits[i] = Integer.parseInt(v);
        }
        Texts texts = "en".equals(x.query("lang")) ? Texts.english() : Texts.chinese();
        try {
            Optional<LiveSession> live = ctx.get(LiveSessions.KEY).flatMap(s -> s.get(id));
            JsonNode header;
            List<SessionEvent> events;
            String source;
            HealthSnapshot health = null;
            if (live.isPresent()) {
                header = headerJson(live.get().header());
                events = live.get().events();
                source = "live";
                health = ctx.get(AttentionHealth.KEY).flatMap(h -> h.state(live.get())).map(s -> snapshot(s, texts)).orElse(null);
            } else {
                Optional<SessionQuery> query = ctx.get(SessionQuery.KEY);
                if (query.isEmpty()) {
                    fail(x, 503, "no session reader available");
                    return;
                }
                SessionQuery.SessionDocument doc = query.get().readSession(id);
                header = headerJson(doc.session());
                events = doc.events();
                source = "log";
            }
            ColdFold fold = ColdFold.forDocument();
            for (SessionEvent e : events) fold.accept(e);
            SessionFacts facts = fold.finish();
            HandoffOptions opts = HandoffOptions.DEFAULTS.withProfile(profile).withLimits(limits[0], limits[1], limits[2]);
            HandoffResult result = Handoff.build(facts, new HandoffRequest(header, health, opts, live.isPresent(),
                    generation(id, live), options.clock().instant(), ZoneId.systemDefault(), texts, Thresholds.DEFAULTS,
                    PriceFile.load(dir), events.size()));
            boolean recorded = record && HandoffHistory.record(dir, routeRow(id, source, result));
            ObjectNode body = JsJson.nodes().objectNode().put("ok", true).put("markdown", result.markdown());
            ObjectNode stats = JsJson.mapper().valueToTree(result.stats());
            stats.put("source", source).put("profile", profile.key()).put("recorded", recorded)
                    .put("ms", Math.round((System.nanoTime() - started) / 1e6));
            body.set("stats", stats);
            send(x, 200, body);
        } catch (SessionQueryException e) {
            if (e.code() == SessionQueryException.Code.SESSION_QUERY_SESSION_NOT_FOUND) {
                fail(x, 404, "session not found");
            } else {
                internal(x, e);
            }
        } catch (RuntimeException e) {
            internal(x, e);
        }
    }

    private void internal(RouteExchange x, RuntimeException e) throws java.io.IOException {
        ctx.logger().warn("[attention-health] handoff route failed", e);
        fail(x, 500, "internal error while building handoff");
    }

    private static JsonNode headerJson(SessionHeader header) {
        return header == null ? JsJson.nodes().objectNode() : JsJson.parse(header.encode());
    }

    /** The highest on-disk generation of the session ({@code v2}), or {@code null} on any failure. */
    private String generation(String id, Optional<LiveSession> live) {
        try {
            Optional<Path> file = live.flatMap(LiveSession::path);
            if (file.isEmpty()) {
                file = ctx.get(LiveSessions.KEY).flatMap(LiveSessions::store).flatMap(store -> {
                    try {
                        return store.find(id).map(StoredSession::path);
                    } catch (java.io.IOException e) {
                        return Optional.empty();
                    }
                });
            }
            Path dirOf = file.map(Path::getParent).orElse(null);
            if (dirOf == null) return null;
            return SessionLogs.pick(dirOf, dirOf.getParent() == null ? null : dirOf.getParent().getFileName().toString())
                    .map(SessionLogs.Found::generationTag).orElse(null);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The route's history row (spec §7.1): numbers and labels only. */
    private ObjectNode routeRow(String id, String source, HandoffResult result) {
        HandoffResult.Stats s = result.stats();
        ObjectNode row = JsJson.nodes().objectNode();
        row.put("at", options.clock().millis());
        row.put("sessionId", id);
        row.put("via", "route");
        row.put("profile", s.profile());
        row.put("source", source);
        row.put("score", s.score());
        row.put("level", s.level().key());
        if (s.effectivePercent() == null) row.putNull("effectivePercent");
        else row.put("effectivePercent", s.effectivePercent());
        if (s.windowPercent() == null) row.putNull("windowPercent");
        else row.put("windowPercent", s.windowPercent());
        row.put("usedTokens", s.usedTokens());
        row.put("summaryCount", s.summaryCount());
        row.put("degradedReplies", s.degradedReplies());
        row.put("reasoningLoop", s.reasoningLoop());
        row.put("reasoningFlags", s.reasoningFlags());
        row.put("broadFallback", s.broadFallback());
        row.put("chars", s.chars());
        return row;
    }

    /** The projection's health subset of spec §1.6 step 9 (every other field falls back to the fold). */
    static HealthSnapshot snapshot(HealthState s, Texts texts) {
        HealthCounters c = s.counters();
        List<SessionFacts.ReasonCount> reply = c.replyReasonCounts().entrySet().stream().filter(e -> e.getValue() > 0)
                .map(e -> new SessionFacts.ReasonCount(e.getKey(), e.getValue())).toList();
        List<SessionFacts.ReasonCount> reasoning = c.reasoningReasonCounts().entrySet().stream().filter(e -> e.getValue() > 0)
                .map(e -> new SessionFacts.ReasonCount(e.getKey(), e.getValue())).toList();
        return new HealthSnapshot(s.report().score(), s.report().level(), c.usedTokens(), c.contextWindow(),
                s.report().effectivePercent(), s.report().windowPercent(), (double) c.repeatWorst(), (double) c.degradedReplies(),
                reply, (double) c.reasoningLoop(), (double) c.reasoningFlags(), (double) c.reasoningWorstRepeat(), reasoning,
                s.report().findingTexts(texts), null, null, null, null);
    }

    private static void fail(RouteExchange x, int status, String error) throws java.io.IOException {
        send(x, status, JsJson.nodes().objectNode().put("ok", false).put("error", error));
    }

    private static void send(RouteExchange x, int status, JsonNode body) throws java.io.IOException {
        byte[] bytes = JsJson.stringify(body).getBytes(StandardCharsets.UTF_8);
        x.responseHeader("cache-control", "no-store");
        x.respond(status, "application/json; charset=utf-8", bytes);
    }
}
