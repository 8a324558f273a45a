package io.dsh4j.app.serve;

import io.dsh4j.agent.LiveSession;
import io.dsh4j.session.event.SessionEvent;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * {@code GET /api/events?sessionId=ID[&since=SEQ]}: a session's events as server-sent events
 * ({@code text/event-stream}), behind the same fence as every route. The stream opens with
 * {@code event: ready} ({@code {sessionId, live, lastSeq}}: the last seq committed so far, -1 for
 * none), then every committed event after {@code SEQ} — the {@code Last-Event-ID} header wins over
 * {@code since}, as a reconnecting browser sends it; with neither, only events from now on — as
 * {@code id: <seq>}, {@code event: session/event}, {@code data: {sessionId, seq, event:<storage line>}},
 * in seq order with none twice: the client is subscribed first, the backlog read after (the live
 * session's events, else the stored log), and queued events at or below the last seq sent are
 * skipped. A comment line every {@link #KEEPALIVE_MILLIS} keeps idle connections open and finds
 * closed ones. A client that falls behind its queue ({@link LiveEvents}) gets
 * {@code event: lagged} ({@code {lastSeq}}) and the stream ends; a browser reconnects on its own
 * with {@code Last-Event-ID} and resumes. 404 for a session that is neither live nor stored, 503
 * when the client cap is reached.
 */
final class EventStream implements RouteHandler {

    /** How often an idle stream sends a comment. */
    static final long KEEPALIVE_MILLIS = 15_000;

    private final LiveAgents agents;
    private final SessionCatalog catalog;

    EventStream(LiveAgents agents, SessionCatalog catalog) {
        this.agents = agents;
        this.catalog = catalog;
    }

    @Override
    public void handle(WebExchange ex) throws IOException {
        if (!ex.method().equals("GET")) {
            ex.responseHeader("Allow", "GET");
            throw new WebProblem(405, "the event stream is read with GET");
        }
        String id = ex.query("sessionId");
        if (id == null || id.isEmpty()) throw new WebProblem(400, "sessionId is missing");
        Long since = seq(ex.header("Last-Event-ID"), "Last-Event-ID");
        if (since == null) since = seq(ex.query("since"), "since");
        Optional<LiveEvents.Subscriber> sub = agents.events().subscribe(id);
        if (sub.isEmpty()) {
            ex.responseHeader("Retry-After", "5");
            throw new WebProblem(503, "too many event-stream clients");
        }
        try (LiveEvents.Subscriber s = sub.get()) {
            Optional<LiveSession> live = agents.live(id);
            List<SessionEvent> backlog;
            if (live.isPresent()) {
                backlog = live.get().events();
            } else {
                try {
                    backlog = catalog.inspect(catalog.find(id)).events();
                } catch (RpcError e) {
                    throw new WebProblem(404, e.getMessage());
                }
            }
            long lastSeq = backlog.isEmpty() ? -1 : backlog.getLast().seq();
            ex.responseHeader("Cache-Control", "no-store");
            ex.responseHeader("X-Accel-Buffering", "no");
            OutputStream out = ex.stream(200, "text/event-stream; charset=utf-8");
            try (out) {
                write(out, "retry: 2000\nevent: ready\ndata: {\"sessionId\":" + RpcChannel.JSON.getNodeFactory().textNode(id)
                        + ",\"live\":" + live.isPresent() + ",\"lastSeq\":" + lastSeq + "}\n\n");
                long sent = since == null ? lastSeq : since;
                if (since != null) {
                    for (SessionEvent e : backlog) {
                        if (e.seq() <= sent) continue;
                        write(out, event(e.seq(), LiveAgents.frame(id, e)));
                        sent = e.seq();
                    }
                }
                out.flush();
                backlog = null;
                pump(s, out, sent);
            } catch (IOException gone) {
                // the client went away (or the server is stopping): the stream simply ends
                org.slf4j.LoggerFactory.getLogger(EventStream.class).debug("event stream of {} ended: {}", id, gone.toString());
            }
        }
    }

    private static void pump(LiveEvents.Subscriber s, OutputStream out, long sent) throws IOException {
        try {
            while (true) {
                LiveEvents.Item item = s.next(KEEPALIVE_MILLIS);
                if (item == null) {
                    write(out, ": keepalive\n\n");
                    out.flush();
                    continue;
                }
                if (item == LiveEvents.END) return;
                if (item == LiveEvents.LAGGED) {
                    write(out, "event: lagged\ndata: {\"lastSeq\":" + sent + "}\n\n");
                    out.flush();
                    return;
                }
                if (item.seq() <= sent) continue;
                write(out, event(item.seq(), item.line()));
                sent = item.seq();
                // flush once the queue is empty, not per event
                LiveEvents.Item more;
                while ((more = s.next(0)) != null && more != LiveEvents.LAGGED && more != LiveEvents.END) {
                    if (more.seq() <= sent) continue;
                    write(out, event(more.seq(), more.line()));
                    sent = more.seq();
                }
                if (more == LiveEvents.END) return;
                if (more == LiveEvents.LAGGED) {
                    write(out, "event: lagged\ndata: {\"lastSeq\":" + sent + "}\n\n");
                    out.flush();
                    return;
                }
                out.flush();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String event(long seq, String data) {
        return "id: " + seq + "\nevent: session/event\ndata: " + data + "\n\n";
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }

    private static Long seq(String value, String name) {
        if (value == null || value.isEmpty()) return null;
        if (!value.matches("-1|0|[1-9][0-9]{0,17}")) throw new WebProblem(400, name + " must be a seq (an integer from -1)");
        return Long.parseLong(value);
    }
}
