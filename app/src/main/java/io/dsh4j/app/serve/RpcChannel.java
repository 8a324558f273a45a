package io.dsh4j.app.serve;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * DSH's RPC carrier over HTTP (spec §6.2–6.3): {@code POST /api/<method>} with a
 * {@code ClientRequest} body {@code {type:'client-request', rpcId, method, payload}}, answered
 * with a {@code ServerResponse} {@code {type:'server-response', rpcId, result}}, where
 * {@code result} is {@code {ok:true, value}} or {@code {ok:false, error:{code, message, details}}};
 * the HTTP status only describes the carrier (400 for a body that is not such an envelope). The
 * content type was checked by the server before dispatch.
 */
final class RpcChannel {

    /** One method: the payload in, the value out. */
    @FunctionalInterface
    interface Method {
        JsonNode call(JsonNode payload) throws RpcError;
    }

    static final ObjectMapper JSON = JsJson.mapper();
    private static final Pattern METHOD_NAME = Pattern.compile("[A-Za-z0-9_$.-]+");

    private RpcChannel() {}

    /** A route handler answering {@code name} with {@code method}. */
    static RouteHandler handler(String name, Method method) {
        return ex -> {
            if (!ex.method().equals("POST")) {
                ex.responseHeader("Allow", "POST");
                throw new WebProblem(405, "RPC methods are POST");
            }
            JsonNode request;
            try {
                request = JSON.readTree(ex.body());
            } catch (JsonProcessingException e) {
                throw new WebProblem(400, "invalid JSON: " + e.getOriginalMessage());
            }
            if (request == null || !request.isObject() || !"client-request".equals(request.path("type").asText(null))) {
                throw new WebProblem(400, "the body is not a client-request envelope");
            }
            JsonNode rpcId = request.get("rpcId");
            if (rpcId == null || !(rpcId.isTextual() || rpcId.isNumber())) throw new WebProblem(400, "the envelope has no rpcId");
            JsonNode m = request.get("method");
            if (m != null && !m.isNull() && !name.equals(m.asText())) {
                throw new WebProblem(400, "the envelope's method is not " + name);
            }
            JsonNode payload = request.get("payload");
            if (payload == null || payload.isNull()) payload = JSON.createObjectNode();
            if (!payload.isObject()) throw new WebProblem(400, "the payload is not an object");
            ObjectNode response = JSON.createObjectNode().put("type", "server-response");
            response.set("rpcId", rpcId);
            ObjectNode result = response.putObject("result");
            try {
                JsonNode value = method.call(payload);
                result.put("ok", true).set("value", value);
            } catch (RpcError e) {
                result.put("ok", false).putObject("error").put("code", e.code()).put("message", e.getMessage()).putNull("details");
            }
            ex.respond(200, "application/json; charset=utf-8", JSON.writeValueAsString(response).getBytes(StandardCharsets.UTF_8));
        };
    }

    /** Whether {@code name} is a valid channel endpoint name. */
    static boolean validName(String name) {
        return METHOD_NAME.matcher(name).matches();
    }

    static String text(JsonNode payload, String field) {
        JsonNode v = payload.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    static String requiredText(JsonNode payload, String field) throws RpcError {
        JsonNode v = payload.get(field);
        if (v == null || !v.isTextual() || v.asText().isEmpty()) throw new RpcError("bad-request", field + " must be a non-empty string");
        return v.asText();
    }
}
