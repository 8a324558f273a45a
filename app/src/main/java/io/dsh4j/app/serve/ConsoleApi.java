package io.dsh4j.app.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.attention.core.Texts;
import io.dsh4j.session.SessionLog;
import io.dsh4j.session.StoredSession;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * The console's JSON API over the offline libraries — it never calls a model or the network.
 * RPC methods ({@code POST /api/<method>}, {@link RpcChannel}):
 * <ul>
 *   <li>{@code session.list {}} → {@code {sessions:[{sessionId, createdAt, cwd?, parentSessionId?, health:{score, level}|null, healthProblem?}]}}, newest first</li>
 *   <li>{@code session.history {sessionId, beforeSeq?, maxMessages?}} → {@code {events:[{event}], hasMore}} paged on message boundaries</li>
 *   <li>{@code session.surface {sessionId}} → {@code {messages:[{seq, type, message}], problems}} as {@code dsh4j sessions show --json}</li>
 *   <li>{@code session.stats {sessionId}} → the object of {@code dsh4j sessions stats --json}</li>
 *   <li>{@code session.health {sessionId, lang?}} → the object of {@code dsh4j health --json} plus {@code series} (one point per turn) and {@code projection} (the plugin's live view at the log's end, for the health bar)</li>
 *   <li>{@code merge.preview {sources:[sessionId…], budget?, query?, lang?}} → the object of {@code dsh4j merge --json} plus {@code warnings}</li>
 *   <li>{@code console.texts {lang?}} → the page's texts; {@code host.describe {}} (loopback only) → the home and version</li>
 * </ul>
 * and {@code GET /attention-health/handoff?sessionId=…&profile=…&lang=…[&download=1]}: the handoff
 * document as {@code dsh4j handoff --no-record} writes it ({@code text/markdown}). Unknown methods
 * under {@code /api} are 404. Thread-safe.
 */
public final class ConsoleApi {

    private final SessionCatalog catalog;
    private final Clock clock;
    private final LiveAgents live;

    /**
     * @param clock decides "now" for health and handoff (price tier, the document's time); inject a
     *     fixed clock for reproducible output
     */
    public ConsoleApi(io.dsh4j.session.SessionHome home, Clock clock) {
        this(home, clock, LiveAgents.none(new LiveEvents(LiveEvents.Limits.DEFAULTS)));
    }

    /**
     * A reading console whose live event stream is fed from outside ({@link LiveFeed#publish}); it
     * hosts no agents, so prompting answers {@code no-model}.
     */
    public ConsoleApi(io.dsh4j.session.SessionHome home, Clock clock, LiveFeed feed) {
        this(home, clock, LiveAgents.none(feed.events));
    }

    /** With the live half: the agent runtime when a model is configured ({@link LiveApi}). */
    ConsoleApi(io.dsh4j.session.SessionHome home, Clock clock, LiveAgents live) {
        this.catalog = new SessionCatalog(home);
        this.clock = clock;
        this.live = live;
    }

    /** Registers the API's routes. */
    public void register(ConsoleRoutes routes) {
        rpc(routes, "session.list", ConsoleRoutes.Access.TRUSTED_HOST, p -> list());
        rpc(routes, "session.history", ConsoleRoutes.Access.TRUSTED_HOST, this::history);
        rpc(routes, "session.surface", ConsoleRoutes.Access.TRUSTED_HOST, this::surface);
        rpc(routes, "session.stats", ConsoleRoutes.Access.TRUSTED_HOST, this::stats);
        rpc(routes, "session.health", ConsoleRoutes.Access.TRUSTED_HOST, this::health);
        rpc(routes, "merge.preview", ConsoleRoutes.Access.TRUSTED_HOST, this::merge);
        rpc(routes, "console.texts", ConsoleRoutes.Access.TRUSTED_HOST, this::texts);
        rpc(routes, "host.describe", ConsoleRoutes.Access.LOOPBACK, p -> describe());
        rpc(routes, "deliberation.runs", ConsoleRoutes.Access.TRUSTED_HOST, this::deliberation);
        new LiveApi(live, catalog).register(routes);
        routes.register(ConsoleRoutes.Kind.PREFIX, "/api", ex -> {
            throw new WebProblem(404, "no such method: " + ex.path().substring("/api".length()));
        });
        routes.register(ConsoleRoutes.Kind.EXACT, "/attention-health/handoff", this::handoff);
    }

    private static void rpc(ConsoleRoutes routes, String name, ConsoleRoutes.Access access, RpcChannel.Method m) {
        if (!RpcChannel.validName(name)) throw new IllegalArgumentException("bad method name " + name);
        routes.register(ConsoleRoutes.Kind.EXACT, "/api/" + name, access, RpcChannel.handler(name, m));
    }

    private JsonNode list() throws RpcError {
        ObjectNode out = RpcChannel.JSON.createObjectNode();
        ArrayNode rows = out.putArray("sessions");
        for (StoredSession s : catalog.list()) {
            SessionHeader h = s.header();
            ObjectNode row = rows.addObject().put("sessionId", h.id()).put("createdAt", h.createdAt());
            if (h.cwd() != null) row.put("cwd", h.cwd());
            if (h.isChild()) row.put("parentSessionId", h.parentSession());
            SessionCatalog.HealthRow health = catalog.health(s);
            if (health.score() != null) row.putObject("health").put("score", health.score()).put("level", health.level());
            else {
                row.putNull("health");
                row.put("healthProblem", health.problem());
            }
        }
        return out;
    }

    private JsonNode history(JsonNode p) throws RpcError {
        StoredSession s = catalog.find(RpcChannel.requiredText(p, "sessionId"));
        Long before = null;
        JsonNode b = p.get("beforeSeq");
        if (b != null && !b.isNull()) {
            if (!b.canConvertToLong() || b.asLong() < 0) throw new RpcError("bad-request", "beforeSeq must be a non-negative integer");
            before = b.asLong();
        }
        int max = HistoryPage.DEFAULT_MESSAGES;
        JsonNode m = p.get("maxMessages");
        if (m != null && !m.isNull()) {
            if (!m.canConvertToInt() || m.asInt() < 1 || m.asInt() > HistoryPage.MAX_MESSAGES) {
                throw new RpcError("bad-request", "maxMessages must be 1 to " + HistoryPage.MAX_MESSAGES);
            }
            max = m.asInt();
        }
        return HistoryPage.of(catalog.inspect(s).inspect(), before, max);
    }

    private JsonNode surface(JsonNode p) throws RpcError {
        StoredSession s = catalog.find(RpcChannel.requiredText(p, "sessionId"));
        CliViews.Run run = CliViews.run("sessions", "show", s.path().toString(), "--json");
        if (run.code() > 1) throw new RpcError("internal", run.err().strip());
        ObjectNode out = RpcChannel.JSON.createObjectNode();
        ArrayNode messages = out.putArray("messages");
        for (String line : run.out().split("\n")) {
            if (line.isBlank()) continue;
            messages.add(parse(line));
        }
        out.put("problems", run.err().strip());
        return out;
    }

    private JsonNode stats(JsonNode p) throws RpcError {
        StoredSession s = catalog.find(RpcChannel.requiredText(p, "sessionId"));
        CliViews.Run run = CliViews.run("sessions", "stats", s.path().toString(), "--json");
        if (run.out().isBlank()) throw new RpcError("internal", run.err().strip());
        return parse(run.out().strip());
    }

    private JsonNode health(JsonNode p) throws RpcError {
        StoredSession s = catalog.find(RpcChannel.requiredText(p, "sessionId"));
        String[] args = {"health", s.path().toString(), "--json", "--home", catalog.home().dir().toString(),
            "--now", clock.instant().toString(), "--lang", lang(p)};
        CliViews.Run run = CliViews.run(args);
        if (!run.ok()) throw new RpcError("internal", run.err().strip());
        ObjectNode out = (ObjectNode) parse(run.out().strip());
        SessionLog log = catalog.inspect(s);
        List<SessionEvent> events = log.inspect();
        out.set("series", HealthSeries.of(events, clock));
        out.set("projection", HealthSeries.projection(events, clock, Texts.forTag(lang(p))));
        return out;
    }

    private JsonNode merge(JsonNode p) throws RpcError {
        JsonNode sources = p.get("sources");
        if (sources == null || !sources.isArray() || sources.isEmpty()) throw new RpcError("bad-request", "sources must be a non-empty array of session ids");
        List<String> args = new ArrayList<>(List.of("merge"));
        for (JsonNode id : sources) {
            if (!id.isTextual()) throw new RpcError("bad-request", "sources must be session ids");
            args.add(catalog.find(id.asText()).path().toString());
        }
        JsonNode budget = p.get("budget");
        if (budget != null && !budget.isNull()) {
            if (!budget.canConvertToInt() || budget.asInt() < 0) throw new RpcError("bad-request", "budget must be a non-negative integer");
            args.add("--budget");
            args.add(Integer.toString(budget.asInt()));
        }
        String query = RpcChannel.text(p, "query");
        if (query != null && !query.isBlank()) {
            args.add("--query");
            args.add(query);
        }
        args.addAll(List.of("--json", "--lang", lang(p), "--home", catalog.home().dir().toString()));
        CliViews.Run run = CliViews.run(args.toArray(String[]::new));
        if (run.out().isBlank()) throw new RpcError("internal", run.err().strip());
        ObjectNode out = (ObjectNode) parse(run.out().strip());
        ArrayNode warnings = out.putArray("warnings");
        for (String line : run.err().split("\n")) if (!line.isBlank()) warnings.add(line);
        return out;
    }

    private JsonNode deliberation(JsonNode p) throws RpcError {
        StoredSession s = catalog.find(RpcChannel.requiredText(p, "sessionId"));
        return DeliberationRuns.of(s.id(), catalog.inspect(s).events(), catalog.list());
    }

    private JsonNode texts(JsonNode p) {
        Locale locale = ServeTexts.consoleLocale(RpcChannel.text(p, "lang"));
        ResourceBundle bundle = ServeTexts.console(locale);
        ObjectNode out = RpcChannel.JSON.createObjectNode();
        out.put("lang", locale.equals(Locale.ROOT) ? "en" : "zh-CN");
        ObjectNode texts = out.putObject("texts");
        for (Enumeration<String> keys = bundle.getKeys(); keys.hasMoreElements(); ) {
            String k = keys.nextElement();
            texts.put(k, bundle.getString(k));
        }
        return out;
    }

    private JsonNode describe() {
        String v = ConsoleApi.class.getPackage().getImplementationVersion();
        return RpcChannel.JSON.createObjectNode().put("home", catalog.home().dir().toString())
                .put("version", v == null ? "development build" : v).put("java", Runtime.version().toString());
    }

    private void handoff(WebExchange ex) throws IOException {
        if (!ex.method().equals("GET") && !ex.method().equals("HEAD")) {
            ex.responseHeader("Allow", "GET, HEAD");
            throw new WebProblem(405, "the handoff document is read with GET");
        }
        String id = ex.query("sessionId");
        if (id == null || id.isEmpty()) throw new WebProblem(400, "sessionId is missing");
        StoredSession s;
        try {
            s = catalog.find(id);
        } catch (RpcError e) {
            ex.respond(404, "text/plain; charset=utf-8", e.getMessage().getBytes(StandardCharsets.UTF_8));
            return;
        }
        String[] args = {"handoff", s.path().toString(), "--no-record", "--home", catalog.home().dir().toString(),
            "--now", clock.instant().toString(), "--lang", langTag(ex.query("lang"))};
        args = CliViews.with(args, "--profile", ex.query("profile"));
        CliViews.Run run = CliViews.run(args);
        if (run.code() == 2) throw new WebProblem(400, run.err().strip());
        if (!run.ok()) throw new WebProblem(500, run.err().strip());
        if ("1".equals(ex.query("download"))) {
            ex.responseHeader("Content-Disposition", "attachment; filename=\"handoff-" + safeFileName(s.id()) + ".md\"");
        }
        ex.responseHeader("Cache-Control", "no-store");
        byte[] body = run.out().getBytes(StandardCharsets.UTF_8);
        ex.respond(200, "text/markdown; charset=utf-8", ex.method().equals("HEAD") ? new byte[0] : body);
    }

    private static String safeFileName(String id) {
        return id.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static String lang(JsonNode p) {
        return langTag(RpcChannel.text(p, "lang"));
    }

    private static String langTag(String tag) {
        return ServeTexts.consoleLocale(tag).equals(Locale.ROOT) ? "en" : "zh-CN";
    }

    private static JsonNode parse(String json) throws RpcError {
        try {
            return RpcChannel.JSON.readTree(json);
        } catch (IOException e) {
            throw new RpcError("internal", "unreadable output: " + e.getMessage());
        }
    }
}
