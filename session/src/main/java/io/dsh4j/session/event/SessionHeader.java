package io.dsh4j.session.event;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsNumberFormat;
import io.dsh4j.message.json.JsonLimits;
import io.dsh4j.message.json.JsonTextException;
import java.util.Objects;

/**
 * The header line of a session log (§1.4): {@code {type:"session", version, id, createdAt, cwd?,
 * parentSession?, seedLength?, origin?, delegationDepth, agentPreset?}}. The parsed line object is
 * kept as {@link #json()} so a read header re-encodes byte for byte; {@link #create} builds one in
 * DSH's key order.
 *
 * @param version         format version (always {@link #FORMAT_VERSION} once validated)
 * @param id              session id
 * @param createdAt       creation time, epoch ms (safe integer ≥ 0)
 * @param cwd             working directory, {@code null} when absent
 * @param parentSession   the parent's id for a subagent child, {@code null} when absent
 * @param seedLength      number of leading events inherited from the parent (fork), {@code null} when absent
 * @param origin          {@code "subagent"} or {@code null}
 * @param delegationDepth 0 for top level, parent + 1 for children; {@code null} only in a
 *                        {@link Mode#FIXTURE} header that lacks it
 * @param agentPreset     preset id, {@code null} when absent
 * @param json            the header line object
 */
public record SessionHeader(int version, String id, long createdAt, String cwd, String parentSession, Long seedLength,
                            String origin, Long delegationDepth, String agentPreset, JsonNode json) {

    /** {@code SESSION_FORMAT_VERSION}: the only version this build reads and writes. */
    public static final int FORMAT_VERSION = 0;

    /** How strictly a header line is checked. */
    public enum Mode {
        /** What DSH's JSONL backend requires: {@code version} and {@code delegationDepth} present. */
        STRICT,
        /** Also accepts the recorded fixtures' older headers without {@code version} (read as 0) or {@code delegationDepth}. */
        FIXTURE
    }

    public SessionHeader {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(json, "json");
    }

    /** A new header in DSH's key order (absent optionals omitted, never null). */
    public static SessionHeader create(String id, long createdAt, String cwd, String parentSession, Long seedLength,
                                       String origin, long delegationDepth, String agentPreset) {
        ObjectNode o = JsJson.nodes().objectNode().put("type", "session").put("version", FORMAT_VERSION).put("id", id)
                .put("createdAt", createdAt);
        if (cwd != null) o.put("cwd", cwd);
        if (parentSession != null) o.put("parentSession", parentSession);
        if (seedLength != null) o.put("seedLength", seedLength);
        if (origin != null) o.put("origin", origin);
        o.put("delegationDepth", delegationDepth);
        if (agentPreset != null) o.put("agentPreset", agentPreset);
        return fromTree(o, Mode.STRICT);
    }

    /** A top-level header ({@code delegationDepth} 0, no lineage). */
    public static SessionHeader create(String id, long createdAt, String cwd) {
        return create(id, createdAt, cwd, null, null, null, 0, null);
    }

    /**
     * Parses a header line (without its newline).
     *
     * @throws UnsupportedFormatException when {@code version} is a number other than {@link #FORMAT_VERSION}
     *                                    (checked before any other shape rule)
     * @throws SessionHeaderException     when the line is not a valid header
     */
    public static SessionHeader parse(String line, Mode mode) {
        JsonNode node;
        try {
            node = JsJson.parse(line, JsonLimits.DEFAULTS);
        } catch (JsonTextException e) {
            throw notJson(e);
        }
        return fromTree(node, mode);
    }

    /**
     * Parses a UTF-8 header line from {@code buf[offset, offset+length)} (without its newline).
     *
     * @throws UnsupportedFormatException when {@code version} is a number other than {@link #FORMAT_VERSION}
     * @throws SessionHeaderException     when the line is not a valid header
     */
    public static SessionHeader parse(byte[] buf, int offset, int length, Mode mode) {
        JsonNode node;
        try {
            node = JsJson.parse(buf, offset, length, JsonLimits.DEFAULTS);
        } catch (JsonTextException e) {
            throw notJson(e);
        }
        return fromTree(node, mode);
    }

    private static SessionHeaderException notJson(JsonTextException e) {
        String m = e.getMessage();
        String prefix = "invalid JSON: ";
        return new SessionHeaderException("not valid JSON: " + (m.startsWith(prefix) ? m.substring(prefix.length()) : m), null, e);
    }

    /** Validates a parsed header line object (see {@link #parse}). */
    public static SessionHeader fromTree(JsonNode node, Mode mode) {
        if (!node.isObject()) throw new SessionHeaderException("first line is not a session header object", null, null);
        JsonNode version = node.get("version");
        if (version != null && version.isNumber()) {
            double v = version.doubleValue();
            if (v != FORMAT_VERSION) {
                JsonNode idNode = node.get("id");
                String id = idNode != null && idNode.isTextual() ? idNode.textValue() : String.valueOf(idNode);
                throw new UnsupportedFormatException(versionRefusal(id, JsNumberFormat.format(v), v > FORMAT_VERSION), "session", -1);
            }
        }
        JsonNode type = node.get("type");
        if (type == null || !type.isTextual() || !type.textValue().equals("session")) {
            throw new SessionHeaderException("type must be \"session\"", "type", null);
        }
        if (version == null) {
            if (mode == Mode.STRICT) throw new SessionHeaderException("version is missing", "version", null);
        } else if (!version.isNumber()) {
            throw new SessionHeaderException("version must be a number", "version", null);
        }
        if (node.has("sandboxMode") || node.has("approvalPolicy")) {
            String retired = node.has("sandboxMode") ? "sandboxMode" : "approvalPolicy";
            throw new SessionHeaderException("it carries retired policy baseline fields (" + retired + ")", retired, null);
        }
        String id = string(node, "id", true);
        long createdAt = nonNegative(node, "createdAt");
        Long depth = node.has("delegationDepth") || mode == Mode.STRICT ? nonNegative(node, "delegationDepth") : null;
        String origin = string(node, "origin", false);
        if (origin != null && !origin.equals("subagent")) throw new SessionHeaderException("origin must be \"subagent\"", "origin", null);
        Long seed = node.has("seedLength") ? nonNegative(node, "seedLength") : null;
        return new SessionHeader(FORMAT_VERSION, id, createdAt, string(node, "cwd", false), string(node, "parentSession", false),
                seed, origin, depth, string(node, "agentPreset", false), node);
    }

    /** DSH's refusal text for a foreign format version. */
    static String versionRefusal(String id, String version, boolean newer) {
        return newer
                ? "session \"" + id + "\" uses log format v" + version + ", but this harness reads only v" + FORMAT_VERSION
                        + ": the log was written by a newer harness — upgrade the harness to open it"
                : "session \"" + id + "\" uses log format v" + version + ", older than the supported v" + FORMAT_VERSION
                        + ", and this build ships no upgrade path for it";
    }

    private static String string(JsonNode node, String field, boolean required) {
        JsonNode v = node.get(field);
        if (v == null) {
            if (required) throw new SessionHeaderException(field + " is missing", field, null);
            return null;
        }
        if (!v.isTextual()) throw new SessionHeaderException(field + " must be a string", field, null);
        return v.textValue();
    }

    private static long nonNegative(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null) throw new SessionHeaderException(field + " is missing", field, null);
        Long value = RecordDecoder.safeInteger(v);
        boolean negativeZero = v.isDouble() && v.doubleValue() == 0 && Double.doubleToRawLongBits(v.doubleValue()) != 0;
        if (value == null || value < 0 || negativeZero) {
            throw new SessionHeaderException(field + " must be a non-negative safe integer (not -0), found " + RecordDecoder.kind(v), field, null);
        }
        return value;
    }

    /** The header line as DSH writes it (no newline). */
    public String encode() {
        return JsJson.stringify(json);
    }

    /** The header line as UTF-8 bytes with its final newline (a zstd log's first frame holds exactly this). */
    public byte[] encodeLine() {
        return (encode() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Equal when the header lines are equal as DSH would write them (number node kinds do not matter). */
    @Override
    public boolean equals(Object o) {
        return o instanceof SessionHeader h && encode().equals(h.encode());
    }

    @Override
    public int hashCode() {
        return encode().hashCode();
    }

    /** Whether this session is a subagent child (has a parent). */
    public boolean isChild() {
        return parentSession != null;
    }
}
