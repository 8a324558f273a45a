package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.attention.core.internal.JsText;
import io.dsh4j.attention.core.internal.Json;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsNumbers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Guard-trip records (spec §6.5, §8): {@code $DSH_HOME/attention-health/guard-trips.jsonl}, one row
 * per cancellation, with the tail of the reasoning so that a wrong cancellation can be reviewed.
 * The tail length comes from {@code DSH_ATTENTION_HEALTH_GUARD_TAIL}: unset, empty or invalid → 500;
 * {@code 0} → privacy mode (length, SHA-256 prefix and first/last 40 characters only). Never throws.
 */
public final class GuardTripLog {

    /** The file name. */
    public static final String FILE = "guard-trips.jsonl";
    /** The environment switch of the tail length. */
    public static final String TAIL_ENV = "DSH_ATTENTION_HEALTH_GUARD_TAIL";
    /** Characters of head and foot kept in privacy mode. */
    static final int PRIVACY_EDGE = 40;
    /** Hex characters of the SHA-256 fingerprint kept in privacy mode. */
    static final int HASH_HEX = 16;

    private GuardTripLog() {}

    /**
     * The tail length for an environment value as the original read it with {@code Number(raw)}: unset or
     * empty → 500; a finite number ≥ 0 (white space alone is 0, {@code 0x}/{@code 0o}/{@code 0b} integers
     * count) → its floor; anything else → 500.
     */
    public static int tailChars(String env) {
        if (env == null || env.isEmpty()) return GuardOptions.TAIL_CHARS;
        double v = JsNumbers.stringToNumber(env);
        if (!JsNumbers.finite(v) || v < 0) return GuardOptions.TAIL_CHARS;
        return (int) Math.min(Integer.MAX_VALUE, Math.floor(v));
    }

    /** The tail fields of a record: {@code {tail}} or, with limit 0, the privacy fingerprint. */
    public static ObjectNode shapeTail(String tail, int limit) {
        String t = tail == null ? "" : tail;
        ObjectNode out = Json.emptyObject();
        if (limit > 0) {
            out.put("tail", JsText.tail(t, limit));
            return out;
        }
        out.put("tail", "");
        out.put("tailChars", t.length());
        out.put("tailHash", sha256Prefix(t));
        out.put("tailHead", JsText.head(t, PRIVACY_EDGE));
        out.put("tailFoot", JsText.tail(t, PRIVACY_EDGE));
        return out;
    }

    /**
     * Appends a record {@code {at, kind, reason, detail, …tail fields, sessionId}}.
     *
     * @return whether it was written
     */
    public static boolean record(Path attentionDir, long at, GuardTrip trip, String reason, String tail,
            String sessionId, int tailLimit) {
        ObjectNode row = Json.emptyObject();
        row.put("at", at);
        row.put("kind", trip.kind().key());
        row.put("reason", reason);
        ObjectNode detail = row.putObject("detail");
        for (Map.Entry<String, Object> e : orderedDetail(trip)) detail.set(e.getKey(), JsJson.mapper().valueToTree(e.getValue()));
        row.setAll(shapeTail(tail, tailLimit));
        if (sessionId == null) row.putNull("sessionId");
        else row.put("sessionId", sessionId);
        return JsonlFile.append(attentionDir.resolve(FILE), row);
    }

    /** Every readable record. */
    public static List<JsonNode> read(Path attentionDir) {
        return JsonlFile.read(attentionDir.resolve(FILE));
    }

    private static List<Map.Entry<String, Object>> orderedDetail(GuardTrip trip) {
        List<String> order = switch (trip.kind()) {
            case REPEAT_LINE -> List.of("streak", "lineChars", "sample");
            case SHORT_LINE_REPEAT -> List.of("windowLines", "repeat", "sample");
            case SPINNING -> List.of("windowLines", "unique", "ratio");
            case REPEAT_INLINE -> List.of("repeat", "unitChars", "sample");
        };
        return order.stream().filter(trip.detail()::containsKey)
                .map(k -> Map.entry(k, trip.detail().get(k))).toList();
    }

    private static String sha256Prefix(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d).substring(0, HASH_HEX);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
