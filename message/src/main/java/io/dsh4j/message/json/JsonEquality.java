package io.dsh4j.message.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Equality of JSON trees as JSON text sees them: numbers compare by value whatever node class holds
 * them ({@code IntNode 1} equals {@code LongNode 1} and {@code DoubleNode 1.0}), objects compare
 * key by key in order, arrays element by element. Two trees are equal here when they stringify to
 * the same text (up to JS's integer-key ordering). Stateless, thread-safe.
 */
public final class JsonEquality {

    private JsonEquality() {}

    /** Whether {@code a} and {@code b} are the same JSON value with the same key order. */
    public static boolean same(JsonNode a, JsonNode b) {
        if (a == b) return true;
        if (a == null || b == null) return false;
        if (a.isNumber() && b.isNumber()) return numbersEqual(a, b);
        if (a.getNodeType() != b.getNodeType()) return false;
        switch (a.getNodeType()) {
            case OBJECT: {
                if (a.size() != b.size()) return false;
                Iterator<Map.Entry<String, JsonNode>> ia = a.properties().iterator();
                Iterator<Map.Entry<String, JsonNode>> ib = b.properties().iterator();
                while (ia.hasNext()) {
                    Map.Entry<String, JsonNode> ea = ia.next();
                    Map.Entry<String, JsonNode> eb = ib.next();
                    if (!ea.getKey().equals(eb.getKey()) || !same(ea.getValue(), eb.getValue())) return false;
                }
                return true;
            }
            case ARRAY: {
                if (a.size() != b.size()) return false;
                for (int i = 0; i < a.size(); i++) if (!same(a.get(i), b.get(i))) return false;
                return true;
            }
            default:
                return a.equals(b);
        }
    }

    private static boolean numbersEqual(JsonNode a, JsonNode b) {
        if (a.isIntegralNumber() && b.isIntegralNumber() && a.canConvertToLong() && b.canConvertToLong()) {
            return a.longValue() == b.longValue();
        }
        return Double.compare(a.doubleValue(), b.doubleValue()) == 0;
    }
}
