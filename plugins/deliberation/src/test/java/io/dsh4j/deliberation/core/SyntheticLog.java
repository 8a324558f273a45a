package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SurfaceOp;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Parent logs built event by event, as the original's provider tests build them (spec §9.3 fixtures). */
final class SyntheticLog {

    final List<SessionEvent> events = new ArrayList<>();
    final Set<Long> surface = new HashSet<>();

    SyntheticLog add(String type, String data) {
        return add(type, Json.of(data));
    }

    SyntheticLog add(String type, JsonNode data) {
        boolean onSurface = type.equals("user/message") || type.equals("assistant/message") || type.equals("tool/result");
        SessionEvent.Builder b = SessionEvent.builder(type, events.size(), 1).data(data);
        if (onSurface) b.surfaceOp(new SurfaceOp.Append());
        SessionEvent e = b.build();
        if (onSurface) surface.add(e.seq());
        events.add(e);
        return this;
    }

    static String image(String id, long bytes) {
        return "{'type':'image','attachment':{'attachmentId':'" + id + "','mediaType':'image/png','bytes':" + bytes + ",'width':32,'height':32}}";
    }

    /** {@code appendCompletedToolTurn(session, t)}. */
    SyntheticLog completedToolTurn(int t) {
        add("turn/start", "{'turn':" + t + "}");
        openStep(t, 1);
        return add("step/end", "{'turn':" + t + ",'step':1}").add("turn/end", "{'turn':" + t + ",'reason':{'kind':'completed'}}");
    }

    /** Step {@code s} of turn {@code t} with a user question, assistant reasoning + text + tool call, the call and its result; no step/end. */
    SyntheticLog openStep(int t, int s) {
        String tag = t + (s == 1 ? "" : "." + s);
        add("step/start", "{'turn':" + t + ",'step':" + s + "}");
        add("user/message", "{'id':'u" + tag + "','role':'user','content':[{'type':'text','text':'question-" + tag + "'}],'source':{'kind':'user'}}");
        add("assistant/message", "{'turn':" + t + ",'step':" + s + ",'message':{'id':'a" + tag + "','role':'assistant','content':["
                + "{'type':'reasoning','text':'private-rationale-" + tag + "'},{'type':'text','text':'visible-commitment-" + tag + "'},"
                + "{'type':'tool-call','id':'call-" + tag + "','name':'inspect_fixture','arguments':'{}'}],"
                + "'source':{'kind':'model','provider':'p','model':'m','replayState':{'privateReplay':'replay-secret-" + tag + "'}}}}");
        add("tool/call", Json.obj("{'turn':" + t + ",'step':" + s + ",'callId':'call-" + tag + "','name':'inspect_fixture'}")
                .put("arguments", "{\"turn\":" + t + "}"));
        return add("tool/result", "{'turn':" + t + ",'step':" + s + ",'message':{'id':'r" + tag + "','role':'tool','content':[{'type':'tool-result',"
                + "'toolCallId':'call-" + tag + "','content':[{'type':'text','text':'observable-result-" + tag + "'}],'isError':false}],"
                + "'source':{'kind':'tool','callId':'call-" + tag + "'}}}");
    }

    String serialised() {
        StringBuilder sb = new StringBuilder();
        for (SessionEvent e : events) sb.append(e.type()).append(JsJson.stringify(e.data())).append('\n');
        return sb.toString();
    }
}
