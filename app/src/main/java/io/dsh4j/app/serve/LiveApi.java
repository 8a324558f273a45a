package io.dsh4j.app.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The console's live half (issue 15), RPC posts behind the fence like every API method:
 * <ul>
 *   <li>{@code console.model {}} → {@code {configured:true, route, model, effort?, yes}} or
 *       {@code {configured:false}} (the page then says how to configure one)</li>
 *   <li>{@code session.prompt {sessionId?, text}} → {@code {sessionId}}: the next turn of that
 *       session (a stored one is resumed first), or of a new one in the console's working directory</li>
 *   <li>{@code session.steer {sessionId, text}} → {@code {}}: enters the running turn at its next step</li>
 *   <li>{@code session.cancel {sessionId}} → {@code {}}: cancels the running turn</li>
 *   <li>{@code session.live {sessionId}} → {@code {live, status?}}</li>
 * </ul>
 * and {@code GET /api/events} ({@link EventStream}). Without a model the three agent methods answer
 * {@code no-model} and nothing is booted, so nothing reaches the network.
 */
final class LiveApi {

    /** The longest prompt or steer text accepted, in UTF-16 units. */
    static final int MAX_TEXT = 200_000;

    private final LiveAgents agents;
    private final SessionCatalog catalog;

    LiveApi(LiveAgents agents, SessionCatalog catalog) {
        this.agents = agents;
        this.catalog = catalog;
    }

    void register(ConsoleRoutes routes) {
        rpc(routes, "console.model", p -> model());
        rpc(routes, "session.prompt", this::prompt);
        rpc(routes, "session.steer", this::steer);
        rpc(routes, "session.cancel", this::cancel);
        rpc(routes, "session.live", this::live);
        routes.register(ConsoleRoutes.Kind.EXACT, "/api/events", ConsoleRoutes.Access.TRUSTED_HOST, new EventStream(agents, catalog));
    }

    private static void rpc(ConsoleRoutes routes, String name, RpcChannel.Method m) {
        routes.register(ConsoleRoutes.Kind.EXACT, "/api/" + name, ConsoleRoutes.Access.TRUSTED_HOST, RpcChannel.handler(name, m));
    }

    private JsonNode model() {
        ObjectNode out = RpcChannel.JSON.createObjectNode();
        agents.model().ifPresentOrElse(m -> {
            out.put("configured", true).put("route", m.route()).put("model", m.model()).put("yes", m.yes());
            if (m.effort() != null) out.put("effort", m.effort());
        }, () -> out.put("configured", false));
        return out;
    }

    private JsonNode prompt(JsonNode p) throws RpcError {
        JsonNode idNode = p.get("sessionId");
        String id = idNode == null || idNode.isNull() ? null : RpcChannel.requiredText(p, "sessionId");
        String text = text(p);
        String sessionId = agents.prompt(id, text);
        return RpcChannel.JSON.createObjectNode().put("sessionId", sessionId);
    }

    private JsonNode steer(JsonNode p) throws RpcError {
        agents.steer(RpcChannel.requiredText(p, "sessionId"), text(p));
        return RpcChannel.JSON.createObjectNode();
    }

    private JsonNode cancel(JsonNode p) throws RpcError {
        agents.cancel(RpcChannel.requiredText(p, "sessionId"));
        return RpcChannel.JSON.createObjectNode();
    }

    private JsonNode live(JsonNode p) throws RpcError {
        String status = agents.status(RpcChannel.requiredText(p, "sessionId"));
        ObjectNode out = RpcChannel.JSON.createObjectNode().put("live", status != null);
        if (status != null) out.put("status", status);
        return out;
    }

    private static String text(JsonNode p) throws RpcError {
        String text = RpcChannel.requiredText(p, "text");
        if (text.isBlank()) throw new RpcError("bad-request", "text must not be blank");
        if (text.length() > MAX_TEXT) throw new RpcError("bad-request", "text is longer than " + MAX_TEXT + " characters");
        return text;
    }
}
