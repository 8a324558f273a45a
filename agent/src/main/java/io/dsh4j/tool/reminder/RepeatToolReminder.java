package io.dsh4j.tool.reminder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.AgentEvents;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.PostToolDecision;
import io.dsh4j.tool.ToolAgent;
import io.dsh4j.tool.ToolEvents;
import io.dsh4j.tool.ToolExecution;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.WeakHashMap;
import java.util.regex.Pattern;

/**
 * DSH's {@code repeat-tool-reminder}: per agent, the chain of consecutive watched calls with the
 * same tool and the same canonical arguments (deep key-sorted JSON). When the chain reaches a
 * threshold, the call's result carries a reminder as additional context, which the loop delivers
 * after the step's tool results: the short nudge at the smallest threshold, the detailed form with
 * the count and the arguments at the others. Denied and failed calls count (they pass through
 * {@code tools/post-execute} too); calls to excluded tools are invisible to the chain; a human
 * prompt entering a step resets the agent's chain. It never vetoes and never replaces a result.
 */
public final class RepeatToolReminder {

    /** The plugin id, which is also the reminder's {@code source.plugin}. */
    public static final String NAME = "repeat-tool-reminder";

    public static final Plugin<ReminderConfig> PLUGIN = Plugin.named(NAME, ReminderConfig.SCHEMA)
            .setup((ctx, config) -> {
                RepeatToolReminder reminder = new RepeatToolReminder(config);
                ctx.events().on(ToolEvents.POST_EXECUTE, (payload, next) -> {
                    Message.UserMessage note = reminder.observe(payload.exec());
                    PostToolDecision downstream = next.proceed();
                    return note == null ? downstream : PostToolDecision.prependContext(downstream, note);
                });
                ctx.events().on(AgentEvents.PRE_STEP, (payload, next) -> {
                    if (payload.messages().stream().anyMatch(m -> m.source() instanceof MessageSource.User)) {
                        reminder.reset(payload.agent());
                    }
                    return next.proceed();
                });
            });

    static final String GENTLE = "You are repeating the exact same tool call with identical arguments. "
            + "Carefully analyze the previous result before calling again: if the task is not complete, try a "
            + "different approach or different arguments instead of repeating the call.";

    private record Chain(String tool, String arguments, long count) {}

    private final List<Long> thresholds;
    private final Set<Long> thresholdSet;
    private final List<Pattern> include;
    private final List<Pattern> exclude;
    private final int previewChars;
    private final Map<ToolAgent, Chain> chains = new WeakHashMap<>();

    public RepeatToolReminder(ReminderConfig config) {
        thresholds = config.sortedThresholds();
        thresholdSet = Set.copyOf(thresholds);
        include = config.include().stream().map(RepeatToolReminder::wildcard).toList();
        exclude = config.exclude().stream().map(RepeatToolReminder::wildcard).toList();
        previewChars = (int) Math.min(Integer.MAX_VALUE, (long) config.argumentsPreviewChars());
    }

    /**
     * Advances the calling agent's chain by {@code exec} and answers the reminder due now, or
     * {@code null}. Calls without an agent and calls to unwatched tools change nothing.
     */
    public Message.UserMessage observe(ToolExecution exec) {
        if (exec.agent() == null || !watched(exec.name())) {
            return null;
        }
        String canonical = canonical(exec.arguments());
        long count;
        synchronized (chains) {
            Chain chain = chains.get(exec.agent());
            count = chain != null && chain.tool().equals(exec.name()) && chain.arguments().equals(canonical)
                    ? chain.count() + 1 : 1;
            chains.put(exec.agent(), new Chain(exec.name(), canonical, count));
        }
        if (!thresholdSet.contains(count)) {
            return null;
        }
        String text = count == thresholds.getFirst() ? GENTLE : detailed(exec.name(), count, preview(canonical));
        ObjectNode source = JsJson.nodes().objectNode().put("kind", "plugin").put("plugin", NAME)
                .put("form", "notice").put("summary", exec.name() + " × " + count);
        return new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text(text)),
                new MessageSource.Plugin(NAME, "notice", List.of(), exec.name() + " × " + count, source));
    }

    /** Forgets {@code agent}'s chain (a human spoke). */
    public void reset(ToolAgent agent) {
        synchronized (chains) {
            chains.remove(agent);
        }
    }

    private boolean watched(String tool) {
        if (!include.isEmpty() && include.stream().noneMatch(p -> p.matcher(tool).matches())) {
            return false;
        }
        return exclude.stream().noneMatch(p -> p.matcher(tool).matches());
    }

    static String detailed(String tool, long count, String arguments) {
        return "Repeated tool call detected:\n"
                + "- tool: " + tool + "\n"
                + "- consecutive_calls: " + count + "\n"
                + "- arguments: " + arguments + "\n"
                + "The repeated calls are not making progress. Do not call this tool with these exact arguments again. "
                + "Inspect the latest result and choose a different action, different arguments, or finish the task if "
                + "enough evidence has been gathered.";
    }

    private String preview(String canonical) {
        if (canonical.length() <= previewChars) {
            return canonical;
        }
        return canonical.substring(0, previewChars) + "… (+" + (canonical.length() - previewChars) + " more chars)";
    }

    /**
     * {@code JSON.stringify} of the value with every object's keys sorted (UTF-16 order), deeply: the
     * arguments that make two calls "the same call" (also for attention-health's tool-loop guard).
     */
    public static String canonical(JsonNode value) {
        return JsJson.stringify(sorted(value));
    }

    private static JsonNode sorted(JsonNode value) {
        if (value.isArray()) {
            ArrayNode out = JsJson.nodes().arrayNode();
            value.forEach(v -> out.add(sorted(v)));
            return out;
        }
        if (value.isObject()) {
            TreeMap<String, JsonNode> keys = new TreeMap<>();
            value.properties().forEach(e -> keys.put(e.getKey(), e.getValue()));
            ObjectNode out = JsJson.nodes().objectNode();
            keys.forEach((k, v) -> out.set(k, sorted(v)));
            return out;
        }
        return value;
    }

    /** DSH's wildcard: {@code *} is any run of characters, everything else literal, anchored. */
    static Pattern wildcard(String pattern) {
        StringBuilder regex = new StringBuilder("^");
        List<String> parts = new ArrayList<>(List.of(pattern.split("\\*", -1)));
        for (int i = 0; i < parts.size(); i++) {
            if (i > 0) {
                regex.append(".*");
            }
            if (!parts.get(i).isEmpty()) {
                regex.append(Pattern.quote(parts.get(i)));
            }
        }
        return Pattern.compile(regex.append('$').toString(), Pattern.DOTALL);
    }
}
