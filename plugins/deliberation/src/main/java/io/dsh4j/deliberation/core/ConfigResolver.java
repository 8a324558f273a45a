package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** {@code resolveConfig} (spec §2.5): the checks in their documented order, first failure wins. */
final class ConfigResolver {

    private static final String P = "tool-deliberation: ";
    private static final Pattern KEBAB = Pattern.compile("^[a-z][a-z0-9-]*$");

    private ConfigResolver() {}

    static DeliberationConfig resolve(JsonNode raw) {
        JsonNode c = raw == null || raw.isNull() ? io.dsh4j.message.json.JsJson.nodes().objectNode() : raw;
        if (!c.isObject()) throw fail("configuration must be an object");
        String fresh = nonEmpty(c, "freshProvider", "spawn");
        String fork = nonEmpty(c, "forkProvider", "fork");
        String midFork = nonEmpty(c, "midForkProvider", "mid-fork-step");
        String toolName = nonEmpty(c, "toolName", DeliberationConfig.DEFAULT_TOOL_NAME);
        JsonNode mrs = c.get("maxRecentSteps");
        long maxRecentSteps = JsValues.nullish(mrs) ? DeliberationConfig.DEFAULT_MAX_RECENT_STEPS : -1;
        if (!JsValues.nullish(mrs)) {
            if (!JsValues.safeInteger(mrs) || JsValues.longOf(mrs) < 1 || JsValues.longOf(mrs) > Window.MAX_RECENT_STEPS) {
                throw fail("maxRecentSteps must be a positive safe integer no greater than " + Window.MAX_RECENT_STEPS);
            }
            maxRecentSteps = JsValues.longOf(mrs);
        }
        List<String> required = new ArrayList<>(List.of(fresh, fork));
        for (int k = 1; k <= maxRecentSteps; k++) required.add(midFork + "-" + k);
        Set<String> distinct = new HashSet<>();
        for (String name : required) {
            if (!distinct.add(name)) {
                throw fail("freshProvider, forkProvider and the " + midFork + "-1.." + midFork + "-" + maxRecentSteps
                        + " provider family must be distinct; \"" + name + "\" appears twice");
            }
        }
        long maxBranches = positive(c.get("maxBranches"), "maxBranches must be a positive safe integer");
        long maxDepth = positive(c.get("maxDepth"), "maxDepth must be a positive safe integer");
        long timeout = timer(c.get("branchTimeoutMs"), DeliberationConfig.DEFAULT_BRANCH_TIMEOUT_MS,
                "branchTimeoutMs must be a positive safe integer no greater than " + DeliberationConfig.MAX_TIMER_DELAY_MS);
        JsonNode routesNode = c.get("routes");
        if (routesNode == null || !routesNode.isArray() || routesNode.isEmpty()) throw fail("routes must contain at least one model route");
        JsonNode profilesNode = c.get("capabilityProfiles");
        if (profilesNode == null || !profilesNode.isArray() || profilesNode.isEmpty()) {
            throw fail("capabilityProfiles must contain at least one capability profile");
        }
        Map<String, Route> routes = new LinkedHashMap<>();
        for (JsonNode r : routesNode) {
            Route named = route(r);
            if (routes.containsKey(named.name())) throw fail("duplicate route name \"" + named.name() + "\"");
            routes.put(named.name(), routeOverrides(named, r));
        }
        Map<String, CapabilityProfile> profiles = new LinkedHashMap<>();
        for (JsonNode p : profilesNode) {
            CapabilityProfile profile = profile(p, toolName, profiles);
            profiles.put(profile.name(), profile);
        }
        AutoReviewConfig auto = autoReview(c.get("autoReview"), routes, profiles);
        JsonNode debug = c.get("debug");
        return new DeliberationConfig(fresh, fork, midFork, (int) maxRecentSteps, toolName, maxBranches, maxDepth, timeout, routes,
                profiles, auto, debug != null && debug.isBoolean() && debug.booleanValue());
    }

    private static Route route(JsonNode r) {
        if (r == null || !r.isObject() || !JsValues.nonBlankString(r.get("name"))) throw fail("route.name must be non-empty");
        String name = r.get("name").textValue();
        if (!JsValues.nonBlankString(r.get("description"))) throw fail("route \"" + name + "\" description must be non-empty");
        if (!KEBAB.matcher(name).matches()) throw fail("route name \"" + name + "\" must be lower-kebab-case");
        return new Route(name, r.get("description").textValue(), null, null, null);
    }

    /** The route's optional fields, checked after the duplicate check (so a duplicate is named first). */
    private static Route routeOverrides(Route base, JsonNode r) {
        String provider = optionalNonEmpty(r.get("provider"), "route \"" + base.name() + "\" provider must be non-empty");
        String model = optionalNonEmpty(r.get("model"), "route \"" + base.name() + "\" model must be non-empty");
        Long maxTokens = null;
        JsonNode mt = r.get("maxTokens");
        if (!JsValues.nullish(mt)) {
            if (!JsValues.safeInteger(mt) || JsValues.longOf(mt) < 1) throw fail("route \"" + base.name() + "\" maxTokens must be a positive safe integer");
            maxTokens = JsValues.longOf(mt);
        }
        return new Route(base.name(), base.description(), provider, model, maxTokens);
    }

    private static CapabilityProfile profile(JsonNode p, String toolName, Map<String, CapabilityProfile> seen) {
        if (p == null || !p.isObject() || !JsValues.nonBlankString(p.get("name"))) throw fail("capabilityProfiles.name must be non-empty");
        String name = p.get("name").textValue();
        String q = "capability profile \"" + name + "\" ";
        if (!JsValues.nonBlankString(p.get("description"))) throw fail(q + "description must be non-empty");
        if (!KEBAB.matcher(name).matches()) throw fail("capability profile name \"" + name + "\" must be lower-kebab-case");
        if (seen.containsKey(name)) throw fail("duplicate capability profile name \"" + name + "\"");
        JsonNode allowNode = p.get("allow");
        JsonNode denyNode = p.get("deny");
        if (JsValues.nullish(allowNode) && JsValues.nullish(denyNode)) throw fail(q + "must configure allow and/or deny");
        List<String> allow = tools(allowNode, q + "allow");
        List<String> deny = tools(denyNode, q + "deny");
        if (allow != null && deny != null) {
            for (String t : allow) if (deny.contains(t)) throw fail(q + "both allows and denies tool \"" + t + "\"");
        }
        if (allow != null && allow.contains(toolName)) throw fail(q + "cannot allow recursive tool \"" + toolName + "\"");
        return new CapabilityProfile(name, p.get("description").textValue(), allow, deny);
    }

    private static List<String> tools(JsonNode list, String what) {
        if (JsValues.nullish(list)) return null;
        if (!list.isArray()) throw fail(what + " must be non-empty");
        List<String> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode t : list) {
            if (!JsValues.nonBlankString(t)) throw fail(what + " must be non-empty");
            if (!seen.add(t.textValue())) throw fail(what + " contains duplicate tool \"" + t.textValue() + "\"");
            out.add(t.textValue());
        }
        return out;
    }

    private static AutoReviewConfig autoReview(JsonNode a, Map<String, Route> routes, Map<String, CapabilityProfile> profiles) {
        if (JsValues.nullish(a)) return AutoReviewConfig.disabled();
        if (!a.isObject()) throw fail("autoReview must be an object");
        JsonNode enabledNode = a.get("enabled");
        boolean enabled = enabledNode != null && enabledNode.isBoolean() && enabledNode.booleanValue();
        JsonNode scopeNode = a.get("scope");
        AutoReviewConfig.Scope scope = JsValues.nullish(scopeNode) ? AutoReviewConfig.Scope.TOOL_BEARING_TURNS
                : (scopeNode.isTextual() ? AutoReviewConfig.Scope.of(scopeNode.textValue()).orElse(null) : null);
        if (scope == null) throw fail("autoReview.scope must be all-primary-turns or tool-bearing-turns");
        JsonNode publishNode = a.get("publish");
        AutoReviewConfig.Publish publish = JsValues.nullish(publishNode) ? AutoReviewConfig.Publish.UPDATES_ONLY
                : (publishNode.isTextual() ? AutoReviewConfig.Publish.of(publishNode.textValue()).orElse(null) : null);
        if (publish == null) throw fail("autoReview.publish must be updates-only, all, or observe-only");
        long timeout = timer(a.get("timeoutMs"), AutoReviewConfig.DEFAULT_TIMEOUT_MS,
                "autoReview.timeoutMs must be a positive safe integer no greater than " + DeliberationConfig.MAX_TIMER_DELAY_MS);
        if (!enabled) return new AutoReviewConfig(false, scope, publish, timeout, null, null, null);
        for (String field : List.of("provider", "route", "capability")) {
            if (JsValues.nullish(a.get(field))) throw fail("autoReview." + field + " is required when enabled");
        }
        for (String field : List.of("provider", "route", "capability")) {
            if (!JsValues.nonBlankString(a.get(field))) throw fail("autoReview." + field + " must be non-empty");
        }
        String route = a.get("route").textValue();
        if (!routes.containsKey(route)) throw fail("autoReview route \"" + route + "\" is not configured");
        String capability = a.get("capability").textValue();
        if (!profiles.containsKey(capability)) throw fail("autoReview capability \"" + capability + "\" is not configured");
        return new AutoReviewConfig(true, scope, publish, timeout, a.get("provider").textValue(), route, capability);
    }

    private static String nonEmpty(JsonNode c, String field, String fallback) {
        JsonNode v = c.get(field);
        if (JsValues.nullish(v)) return fallback;
        if (!JsValues.nonBlankString(v)) throw fail(field + " must be non-empty");
        return v.textValue();
    }

    private static String optionalNonEmpty(JsonNode v, String message) {
        if (JsValues.nullish(v)) return null;
        if (!JsValues.nonBlankString(v)) throw fail(message);
        return v.textValue();
    }

    private static long positive(JsonNode v, String message) {
        if (!JsValues.safeInteger(v) || JsValues.longOf(v) < 1) throw fail(message);
        return JsValues.longOf(v);
    }

    private static long timer(JsonNode v, long fallback, String message) {
        if (JsValues.nullish(v)) return fallback;
        if (!JsValues.safeInteger(v) || JsValues.longOf(v) < 1 || JsValues.longOf(v) > DeliberationConfig.MAX_TIMER_DELAY_MS) {
            throw fail(message);
        }
        return JsValues.longOf(v);
    }

    static ConfigException fail(String message) {
        return new ConfigException(P + message);
    }
}
