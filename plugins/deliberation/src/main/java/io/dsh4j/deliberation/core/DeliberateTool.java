package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsStrings;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The {@code deliberate} tool's contracts as data (spec §1.1–§1.5): its model-facing description and
 * argument schema, the semantic validation of a call with its messages in order, the output schema,
 * and the system-prompt policy section. The schema shows route and profile names and descriptions
 * only — never a route's provider or model, nor a profile's tool names. Immutable and thread-safe.
 */
public final class DeliberateTool {

    /** The policy section's order: tool guidance lives in 100–199. */
    public static final double POLICY_ORDER = 116.75;

    private final DeliberationConfig config;
    private final Texts texts;

    /** The tool of a resolved configuration, with English model-facing prose. */
    public DeliberateTool(DeliberationConfig config) {
        this(config, Texts.english());
    }

    /** The tool of a resolved configuration, with model-facing prose in {@code texts}' language. */
    public DeliberateTool(DeliberationConfig config, Texts texts) {
        this.config = Objects.requireNonNull(config, "config");
        this.texts = Objects.requireNonNull(texts, "texts");
    }

    /** The registration name. */
    public String name() {
        return config.toolName();
    }

    /** Always true: the host runs the call in parallel mode; the branches have their own barrier. */
    public boolean isConcurrencySafe() {
        return true;
    }

    /** The model-facing description: roles, Primary control, the deadline, the routes and the profiles. */
    public String description() {
        return texts.format("tool.description") + " " + texts.format("tool.description.deadline", config.branchTimeoutMs() + "ms")
                + " " + texts.format("tool.description.routes", routeList()) + " "
                + texts.format("tool.description.profiles", profileList());
    }

    private String routeList() {
        return config.routes().values().stream().map(r -> r.name() + ": " + r.description()).collect(Collectors.joining("; "));
    }

    private String profileList() {
        return config.profiles().values().stream().map(p -> p.name() + ": " + p.description()).collect(Collectors.joining("; "));
    }

    /** The argument schema (JSON Schema): four required parameters; branch items a closed {@code oneOf} keyed by role. */
    public ObjectNode parameters() {
        ObjectNode s = JsJson.nodes().objectNode().put("type", "object");
        ObjectNode p = s.putObject("properties");
        p.putObject("goal").put("type", "string").put("description", texts.format("param.goal"));
        p.putObject("incumbent").put("type", "string").put("description", texts.format("param.incumbent"));
        ObjectNode context = p.putObject("context").put("type", "object").put("description", texts.format("param.context"));
        ObjectNode cp = context.putObject("properties");
        for (String list : List.of("observations", "constraints", "unknowns")) {
            ObjectNode a = cp.putObject(list).put("type", "array").put("description", texts.format("param.context." + list));
            a.putObject("items").put("type", "string");
        }
        context.putArray("required").add("observations").add("constraints").add("unknowns");
        context.put("additionalProperties", false);
        ObjectNode branches = p.putObject("branches").put("type", "array")
                .put("description", texts.format("param.branches", config.maxBranches()));
        ArrayNode oneOf = branches.putObject("items").putArray("oneOf");
        for (Role role : Role.values()) oneOf.add(branchSchema(role));
        s.putArray("required").add("goal").add("incumbent").add("context").add("branches");
        s.put("additionalProperties", false);
        return s;
    }

    private ObjectNode branchSchema(Role role) {
        ObjectNode b = JsJson.nodes().objectNode().put("type", "object");
        ObjectNode p = b.putObject("properties");
        p.putObject("label").put("type", "string").put("description", texts.format("param.branch.label"));
        p.putObject("role").put("type", "string").put("const", role.label());
        ObjectNode route = p.putObject("route").put("type", "string");
        ArrayNode routes = route.putArray("enum");
        config.routes().keySet().forEach(routes::add);
        route.put("description", texts.format("param.branch.route", routeList()));
        ObjectNode capability = p.putObject("capability").put("type", "string");
        ArrayNode profiles = capability.putArray("enum");
        config.profiles().keySet().forEach(profiles::add);
        capability.put("description", texts.format("param.branch.capability", profileList()));
        p.putObject("focus").put("type", "string").put("description", texts.format("param.branch.focus"));
        ArrayNode required = b.putArray("required").add("label").add("role").add("route").add("capability").add("focus");
        if (role == Role.MASKED_REVIEW) {
            ObjectNode rs = p.putObject("recentSteps").put("type", "integer");
            ArrayNode e = rs.putArray("enum");
            for (int k = 1; k <= config.maxRecentSteps(); k++) e.add(k);
            rs.put("description", texts.format("param.branch.recentSteps", config.maxRecentSteps()));
            required.add("recentSteps");
        }
        b.put("additionalProperties", false);
        return b;
    }

    /** The model-facing schema: {@code {name, description, parameters}} (never the output schema). */
    public ObjectNode modelSchema() {
        ObjectNode o = JsJson.nodes().objectNode().put("name", name()).put("description", description());
        o.set("parameters", parameters());
        return o;
    }

    /** The output schema the host validates the canonical value against (spec §1.3). */
    public ObjectNode outputSchema() {
        ObjectNode outcome = JsJson.nodes().objectNode().put("type", "object");
        ObjectNode p = outcome.putObject("properties");
        p.putObject("label").put("type", "string");
        ArrayNode roles = p.putObject("role").put("type", "string").putArray("enum");
        for (Role r : Role.values()) roles.add(r.label());
        ArrayNode histories = p.putObject("history").put("type", "string").putArray("enum");
        for (History h : History.values()) histories.add(h.label());
        p.putObject("route").put("type", "string");
        p.putObject("capability").put("type", "string");
        p.putObject("runId").put("type", "string");
        p.putObject("stopReason").put("type", "string");
        ArrayNode cleanups = p.putObject("cleanup").put("type", "string").putArray("enum");
        for (Cleanup c : Cleanup.values()) cleanups.add(c.label());
        ObjectNode window = p.putObject("historyWindow").put("type", "object");
        ObjectNode wp = window.putObject("properties");
        wp.putObject("kind").put("type", "string").put("const", HistoryWindow.KIND);
        wp.putObject("requestedSteps").put("type", "integer");
        wp.putObject("projectedSteps").put("type", "integer");
        window.putArray("required").add("kind").add("requestedSteps").add("projectedSteps");
        window.put("additionalProperties", false);
        p.set("packet", ReviewPackets.valueSchema());
        p.putObject("diagnostic").put("type", "string");
        outcome.putArray("required").add("label").add("role").add("history").add("route").add("capability").add("stopReason").add("cleanup");
        outcome.put("additionalProperties", false);
        ObjectNode s = JsJson.nodes().objectNode().put("type", "object");
        ObjectNode branches = s.putObject("properties").putObject("branches").put("type", "array");
        branches.set("items", outcome);
        s.putArray("required").add("branches");
        s.put("additionalProperties", false);
        return s;
    }

    /**
     * The semantic checks of {@code execute} in their order (spec §1.2); the first failure throws.
     * Arguments whose shape the host's schema check would refuse (a missing field, a wrong type, an
     * unknown role, route or capability) are refused here too, so a call is never half-read.
     *
     * @param hasAgent whether the call has a calling agent
     * @throws ArgumentException naming the first problem; no child may be started
     */
    public DeliberationRequest validate(JsonNode args, boolean hasAgent) {
        String tool = config.toolName();
        if (!hasAgent) throw new ArgumentException(tool + " requires a calling Agent");
        if (args == null || !args.isObject()) throw new ArgumentException(tool + ": arguments must be a JSON object");
        String goal = nonBlank(args.get("goal"), "tool-deliberation: goal must be non-empty");
        String incumbent = nonBlank(args.get("incumbent"), "tool-deliberation: incumbent must be non-empty");
        JsonNode context = args.get("context");
        if (context == null || !context.isObject()) throw new ArgumentException(tool + ": context must be an object");
        for (Iterator<Map.Entry<String, JsonNode>> it = context.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isArray()) throw new ArgumentException(tool + ": context." + e.getKey() + " must be an array of strings");
            for (int i = 0; i < e.getValue().size(); i++) {
                nonBlank(e.getValue().get(i), "tool-deliberation: context." + e.getKey() + "[" + i + "] must be non-empty");
            }
        }
        List<String> observations = strings(context, "observations", tool);
        List<String> constraints = strings(context, "constraints", tool);
        List<String> unknowns = strings(context, "unknowns", tool);
        JsonNode branches = args.get("branches");
        if (branches == null || !branches.isArray() || branches.isEmpty() || branches.size() > config.maxBranches()) {
            throw new ArgumentException(tool + " requires 1 through " + config.maxBranches() + " branches");
        }
        Set<String> labels = new HashSet<>();
        List<DeliberationRequest.BranchRequest> out = new ArrayList<>();
        for (JsonNode b : branches) {
            if (!b.isObject()) throw new ArgumentException(tool + ": every branch must be an object");
            String label = nonBlank(b.get("label"), "tool-deliberation: branch.label must be non-empty");
            String focus = nonBlank(b.get("focus"), "tool-deliberation: branch " + JsJson.quote(label) + " focus must be non-empty");
            if (!labels.add(label)) throw new ArgumentException(tool + " requires unique branch labels; duplicate " + JsJson.quote(label));
            JsonNode roleNode = b.get("role");
            Role role = roleNode != null && roleNode.isTextual() ? Role.of(roleNode.textValue()).orElse(null) : null;
            if (role == null) throw new ArgumentException(tool + ": branch " + JsJson.quote(label) + " has an unknown role");
            Integer recentSteps = null;
            if (role == Role.MASKED_REVIEW) {
                JsonNode rs = b.get("recentSteps");
                if (!JsValues.safeInteger(rs) || JsValues.longOf(rs) < 1 || JsValues.longOf(rs) > config.maxRecentSteps()) {
                    throw new ArgumentException(tool + ": masked-review recentSteps must be an integer from 1 through " + config.maxRecentSteps());
                }
                recentSteps = (int) JsValues.longOf(rs);
            } else if (b.has("recentSteps")) {
                throw new ArgumentException(tool + ": recentSteps is valid only for masked-review");
            }
            String route = known(b.get("route"), config.routes().keySet(), tool + ": branch " + JsJson.quote(label) + " names an unknown route");
            String capability = known(b.get("capability"), config.profiles().keySet(),
                    tool + ": branch " + JsJson.quote(label) + " names an unknown capability profile");
            out.add(new DeliberationRequest.BranchRequest(label, role, route, capability, focus, recentSteps));
        }
        return new DeliberationRequest(goal, incumbent, observations, constraints, unknowns, out);
    }

    private static String nonBlank(JsonNode v, String message) {
        if (v == null || !v.isTextual() || JsStrings.trim(v.textValue()).isEmpty()) throw new ArgumentException(message);
        return v.textValue();
    }

    private static List<String> strings(JsonNode context, String field, String tool) {
        JsonNode a = context.get(field);
        if (a == null) throw new ArgumentException(tool + ": context." + field + " is required");
        List<String> out = new ArrayList<>();
        a.forEach(n -> out.add(n.textValue()));
        return out;
    }

    private static String known(JsonNode v, Set<String> names, String message) {
        if (v == null || !v.isTextual() || !names.contains(v.textValue())) throw new ArgumentException(message);
        return v.textValue();
    }

    /** The system-prompt section's name: {@code tool:<toolName>:policy}. */
    public String policySectionName() {
        return "tool:" + config.toolName() + ":policy";
    }

    /**
     * The policy section's text for one prompt assembly: the policy when the tool is visible in the
     * agent scope being assembled, else the empty string (the section contributes nothing).
     */
    public String policyText(boolean toolVisible) {
        if (!toolVisible) return "";
        return texts.format("policy.first", config.toolName()) + "\n\n" + texts.format("policy.second");
    }
}
