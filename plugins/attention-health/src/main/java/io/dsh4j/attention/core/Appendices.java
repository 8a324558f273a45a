package io.dsh4j.attention.core;

import io.dsh4j.attention.core.SessionFacts.Turn;
import io.dsh4j.attention.core.SessionFacts.UserRequest;
import io.dsh4j.message.json.JsNumbers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The document's appendices (spec §5.3 items 20–21, §5.5): appendix A, the latest turns in full
 * (turns whose request is only an instruction to go on are skipped), within one character budget
 * that cuts the tail; appendix B, the long user requests in full, within a budget of its own
 * (smaller in the slim profile). Not thread-safe.
 */
final class Appendices {

    /** Appendix A's total budget of shown characters. */
    static final int APPENDIX_MAX_CHARS = 20_000;
    /** Appendix B's total budget (full profile). */
    static final int APPENDIX_B_MAX_CHARS = 12_000;
    /** Appendix B's total budget (slim profile). */
    static final int APPENDIX_B_SLIM_CHARS = 900;
    /** Room kept for the truncation note of an appendix B entry. */
    static final int APPENDIX_B_NOTE_ROOM = 60;

    private final HandoffRenderer r;
    private final SessionFacts x;
    private final Texts t;
    private final HandoffOptions o;

    Appendices(HandoffRenderer r) {
        this.r = r;
        this.x = r.x;
        this.t = r.t;
        this.o = r.o;
    }

    /** Both appendices; {@code longRequests} are the requests the main line only summarised. */
    void render(List<UserRequest> longRequests) {
        appendixA();
        appendixB(longRequests);
    }

    private void appendixA() {
        List<Turn> turns = x.turns();
        List<Turn> recent = new ArrayList<>();
        List<TurnNo> skipped = new ArrayList<>();
        for (int i = turns.size() - 1; i >= 0 && recent.size() < o.appendixTurns(); i--) {
            Turn tn = turns.get(i);
            List<String> asks = asksOf(tn);
            String prompt = !asks.isEmpty() ? String.join(" ", asks) : tn.prompt() == null ? "" : tn.prompt();
            if (!prompt.isEmpty() && DocumentViews.isControlRequest(prompt)) {
                skipped.add(tn.turn());
                continue;
            }
            recent.add(tn);
        }
        if (recent.isEmpty() && !turns.isEmpty()) {
            recent.add(turns.get(turns.size() - 1));
            if (!skipped.isEmpty()) skipped.remove(skipped.size() - 1);
        }
        Collections.reverse(skipped);
        r.push(t.get("doc.appendixA", Integer.toString(recent.size()), skipped.isEmpty() ? ""
                : t.get("doc.appendixASkipped", Integer.toString(skipped.size()), DocumentViews.turnList(t, skipped))));
        r.push();
        r.push(t.get("doc.appendixAPurpose", JsNumbers.grouped(APPENDIX_MAX_CHARS)));
        r.push();
        int used = 0;
        boolean truncated = false;
        for (Turn tn : recent) {
            r.push(t.get("doc.appendixTurn", TurnNo.text(tn.turn()),
                    tn.reason() != null && tn.reasonTruthy() ? t.get("doc.appendixReason", tn.reason())
                            : t.get("doc.appendixOpen")));
            r.push();
            List<String> asks = asksOf(tn);
            String askText = !asks.isEmpty() ? String.join("\n\n---\n\n", asks) : tn.prompt() == null ? "" : tn.prompt();
            String askFull = askText.isEmpty() ? t.get("doc.noUserMessage") : askText;
            String replyFull = tn.response() == null ? "" : tn.response();
            int remaining = APPENDIX_MAX_CHARS - used;
            String askShown = askFull.length() > remaining ? askFull.substring(0, Math.max(0, remaining)) : askFull;
            boolean askCut = askShown.length() < askFull.length();
            remaining -= askShown.length();
            String replyShown = replyFull;
            boolean replyCut = false;
            if (remaining <= 0) {
                replyShown = "";
                replyCut = !replyFull.isEmpty();
            } else if (replyFull.length() > remaining) {
                replyShown = replyFull.substring(0, remaining);
                replyCut = true;
            }
            r.push(t.get("doc.askHeading", JsNumbers.grouped(askFull.length())));
            r.push();
            r.push(askShown.isEmpty() ? t.get("doc.noUserMessage") : askShown);
            if (askCut) r.push("\n" + t.get("doc.cutMark"));
            r.push();
            r.push(t.get("doc.replyHeading", JsNumbers.grouped(replyFull.length())));
            r.push();
            r.push(!replyShown.isEmpty() ? replyShown
                    : !replyFull.isEmpty() ? t.get("doc.replyCutAll") : t.get("doc.noReply"));
            if (replyCut && !replyShown.isEmpty()) r.push("\n" + t.get("doc.cutMark"));
            r.push();
            used += askShown.length() + replyShown.length();
            if (askCut || replyCut) {
                truncated = true;
                break;
            }
        }
        r.push(truncated ? t.get("doc.appendixTruncated", JsNumbers.grouped(APPENDIX_MAX_CHARS))
                : t.get("doc.appendixActual", JsNumbers.grouped(used)));
        r.push();
    }

    private void appendixB(List<UserRequest> longRequests) {
        if (longRequests.isEmpty()) return;
        int limit = o.slim() ? APPENDIX_B_SLIM_CHARS : APPENDIX_B_MAX_CHARS;
        r.push(t.get("doc.appendixB", Integer.toString(longRequests.size()), JsNumbers.grouped(limit),
                o.slim() ? t.get("doc.appendixBSlim") : ""));
        r.push();
        int acc = 0;
        int kept = 0;
        for (UserRequest q : longRequests) {
            if (acc >= limit) break;
            String body = q.text();
            int idx = x.userRequests().indexOf(q) + 1;
            int room = limit - acc;
            boolean cut = body.length() > room;
            String shown = cut ? body.substring(0, Math.max(0, room - APPENDIX_B_NOTE_ROOM))
                    + t.get("doc.appendixBCut", JsNumbers.grouped(body.length())) : body;
            r.push(t.get("doc.appendixBEntry", Integer.toString(idx), DocumentViews.turnOrQ(q.turn()), JsNumbers.grouped(body.length()),
                    cut ? t.get("doc.appendixBCutTag") : ""));
            r.push();
            r.push(shown);
            r.push();
            acc += shown.length();
            kept++;
        }
        int omitted = longRequests.size() - kept;
        if (omitted > 0) {
            r.push(t.get("doc.appendixBOmitted", JsNumbers.grouped(limit), Integer.toString(omitted),
                    o.slim() ? t.get("doc.appendixBOmittedSlim") : t.get("doc.appendixBOmittedFull")));
            r.push();
        }
    }

    private List<String> asksOf(Turn tn) {
        List<String> asks = new ArrayList<>();
        for (UserRequest q : x.userRequests()) {
            if (Objects.equals(q.turn(), tn.turn())) asks.add(q.text());
        }
        return asks;
    }
}
