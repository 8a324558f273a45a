package io.dsh4j.beliefmerge.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.beliefmerge.core.internal.JsonObjects;
import io.dsh4j.message.json.JsStrings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Constrained tie adjudication (spec §2.5, §4.2). Only genuinely tied slots are asked about; the model
 * may only pick among the tied values; the question is asked a second time with every option list
 * reversed, and an answer that flips is downgraded to {@code unresolvable} — permutation invariance
 * (IC2) checked at run time. Decisions and states are never changed: answers are attached as
 * {@link Resolution}s.
 *
 * <p>Pure apart from the model calls; thread-safe.
 */
public final class Adjudication {

    /** The adjudicator's instructions; they say option order carries no meaning and unresolvable is a GOOD answer. */
    public static final String SYSTEM_PROMPT = """
            You settle contradictions between branches of one conversation.

            The input lists CONFLICTS. Each names one topic ("key") and two or more competing values
            ("options"); every option comes with quotes from the branches that asserted it.

            Give EVERY conflict exactly one outcome:
            - "choose"       the quotes really do support one value better. Give its "value".
            - "both"         the values fit together — different aspects of the topic, no real disagreement.
            - "conditional"  each value holds under its own condition. Give a short "guard" naming it.
            - "unresolvable" the quotes do not decide it.

            Rules:
            1. "value" MUST be one of the option values listed for that conflict. You must never invent a value,
               a source or a fact that the input does not contain.
            2. Every option carries EQUAL evidence by construction, and option order carries no meaning:
               never let the position of an option sway you.
            3. Put the ids of the options you actually relied on in "premises".
            4. "unresolvable" is a GOOD answer whenever the quotes are truly inconclusive. Do not guess to look decisive.
            5. Output ONLY a JSON object — no prose, no markdown fence — shaped like:
            {"resolutions":[{"key":"<conflict key>","outcome":"choose","value":"<option value>","premises":["c0.o1"],"rationale":"<one sentence>"}]}""";

    /** A quote supporting an option. */
    public record Quote(String source, String quote) {}

    /** One competing value: its sorted distinct sources, highest evidence and up to three quotes. */
    public record Option(String value, List<String> sources, int maxEvidence, List<Quote> quotes) {}

    /** One tied slot as the adjudicator sees it; options in tie (sorted) order. */
    public record Conflict(String key, SlotType type, List<Option> options) {}

    /** Validated answers by key, and the drop counters of spec §4.2.3. */
    public record Parsed(Map<String, Resolution> resolutions, Map<String, Integer> dropped) {}

    /** Forward answers that survived the symmetry check, with the counters. */
    public record Reconciled(Map<String, Resolution> resolutions, int rejected, int orderSensitive) {}

    /** The run's outcome: mode {@code none}, {@code skipped}, {@code llm} or {@code error}. */
    public record Outcome(List<Slot> slots, int conflicts, int resolved, int orderSensitive, String mode, String error) {}

    /** Options: symmetry check, the per-call token cap and the conflict cap (defaults true, 2000, 12). */
    public record Options(boolean symmetryCheck, int maxTokens, int maxConflicts) {
        public static Options defaults() {
            return new Options(true, 2000, 12);
        }
    }

    private Adjudication() {}

    /** One conflict per disputed slot, in slot order. */
    public static List<Conflict> findConflicts(List<Slot> slots) {
        List<Conflict> out = new ArrayList<>();
        for (Slot slot : slots) {
            if (!(slot.decision() instanceof Decision.Disputed d)) continue;
            Map<String, List<SlotItem>> perValue = slot.state().perValue();
            List<Option> options = new ArrayList<>();
            for (String value : d.tied()) {
                List<SlotItem> supporters = perValue.getOrDefault(value, List.of());
                List<Quote> quotes = slot.claims().stream()
                        .filter(c -> c.value().equals(value))
                        .sorted(Comparator.comparingInt(Claim::evidence).reversed())
                        .limit(3)
                        .map(c -> new Quote(c.sourceId(), c.text()))
                        .toList();
                options.add(new Option(value, List.copyOf(new TreeSet<>(supporters.stream().map(SlotItem::source).toList())),
                        supporters.stream().mapToInt(SlotItem::evidence).max().orElse(0), quotes));
            }
            out.add(new Conflict(slot.key(), slot.type(), options));
        }
        return out;
    }

    /** The user prompt of spec §4.2.2; {@code reverse} reverses every option list before numbering. */
    public static String buildPrompt(List<Conflict> conflicts, boolean reverse) {
        List<String> blocks = new ArrayList<>();
        for (int index = 0; index < conflicts.size(); index++) {
            Conflict c = conflicts.get(index);
            List<Option> options = new ArrayList<>(c.options());
            if (reverse) java.util.Collections.reverse(options);
            List<String> lines = new ArrayList<>();
            lines.add("CONFLICT " + index + "  key=\"" + c.key() + "\"  type=\"" + c.type().label() + "\"");
            for (int p = 0; p < options.size(); p++) {
                Option o = options.get(p);
                lines.add("  option id=\"c" + index + ".o" + p + "\" value=\"" + o.value() + "\"");
                for (Quote q : o.quotes()) lines.add("    asserted in [" + q.source() + "]: " + q.quote());
                if (o.quotes().isEmpty()) {
                    lines.add("    (no verbatim quote recorded; sources: "
                            + (o.sources().isEmpty() ? "unknown" : String.join(", ", o.sources())) + ")");
                }
            }
            blocks.add(String.join("\n", lines));
        }
        List<String> all = new ArrayList<>();
        all.add(conflicts.size() + " conflict(s) to resolve. Keys are: "
                + String.join(", ", conflicts.stream().map(Conflict::key).toList()));
        all.add("");
        all.addAll(blocks);
        return String.join("\n", all);
    }

    /**
     * Validates an answer (spec §4.2.3): the key must name a conflict exactly, the first answer per key
     * wins, the outcome must be one of the four, a chosen value (trimmed, lower-cased) must be one of the
     * options, a conditional needs a guard. Anything else is dropped and the tie stands.
     *
     * @throws ModelOutputException when there is no JSON object or no {@code resolutions} array
     */
    public static Parsed parse(String text, List<Conflict> conflicts, boolean reverse) {
        JsonNode parsed = JsonObjects.extract(text);
        JsonNode resolutions = parsed.get("resolutions");
        if (resolutions == null || !resolutions.isArray()) {
            throw new ModelOutputException("adjudication response has no \"resolutions\" array");
        }
        Map<String, Conflict> byKey = new LinkedHashMap<>();
        for (Conflict c : conflicts) byKey.putIfAbsent(c.key(), c);
        Map<String, Integer> dropped = new LinkedHashMap<>();
        for (String k : List.of("unknownKey", "badOutcome", "inventedValue", "missingGuard", "duplicate")) dropped.put(k, 0);
        Map<String, Resolution> out = new LinkedHashMap<>();
        for (JsonNode entry : resolutions) {
            if (!entry.isObject()) continue;
            String key = text(entry.get("key"));
            Conflict conflict = key == null ? null : byKey.get(key);
            if (conflict == null) {
                dropped.merge("unknownKey", 1, Integer::sum);
                continue;
            }
            if (out.containsKey(key)) {
                dropped.merge("duplicate", 1, Integer::sum);
                continue;
            }
            Resolution.Outcome outcome = Resolution.Outcome.ofLabel(text(entry.get("outcome")));
            if (outcome == null) {
                dropped.merge("badOutcome", 1, Integer::sum);
                continue;
            }
            String value = null;
            if (outcome == Resolution.Outcome.CHOOSE) {
                String v = text(entry.get("value"));
                String candidate = v == null ? "" : JsStrings.toLowerCase(JsStrings.trim(v));
                Set<String> allowed = new HashSet<>(conflict.options().stream().map(Option::value).toList());
                if (!allowed.contains(candidate)) {
                    dropped.merge("inventedValue", 1, Integer::sum);
                    continue;
                }
                value = candidate;
            }
            String guard = null;
            if (outcome == Resolution.Outcome.CONDITIONAL) {
                String g = text(entry.get("guard"));
                guard = g == null ? "" : JsStrings.trim(g);
                if (guard.isEmpty()) {
                    dropped.merge("missingGuard", 1, Integer::sum);
                    continue;
                }
            }
            List<String> premises = new ArrayList<>();
            JsonNode p = entry.get("premises");
            if (p != null && p.isArray()) {
                for (JsonNode e : p) {
                    if (e.isTextual()) premises.add(e.textValue());
                }
            }
            String rationale = text(entry.get("rationale"));
            out.put(key, new Resolution(key, outcome, value, guard, premises, rationale == null ? "" : rationale,
                    reverse, false));
        }
        return new Parsed(out, dropped);
    }

    /**
     * Keeps a forward answer only when the reversed run agrees on the outcome and, for {@code choose},
     * on the value; a forward answer without a reversed one is rejected; a disagreement becomes an
     * {@code unresolvable} resolution marked order-sensitive.
     */
    public static Reconciled reconcile(Map<String, Resolution> forward, Map<String, Resolution> backward, Texts texts) {
        Map<String, Resolution> agreed = new LinkedHashMap<>();
        int rejected = 0;
        int orderSensitive = 0;
        for (Map.Entry<String, Resolution> e : forward.entrySet()) {
            Resolution a = e.getValue();
            Resolution b = backward.get(e.getKey());
            if (b == null) {
                rejected++;
                continue;
            }
            boolean sameOutcome = a.outcome() == b.outcome();
            boolean sameValue = a.outcome() != Resolution.Outcome.CHOOSE || java.util.Objects.equals(a.value(), b.value());
            if (sameOutcome && sameValue) {
                agreed.put(e.getKey(), a);
            } else {
                orderSensitive++;
                agreed.put(e.getKey(), new Resolution(e.getKey(), Resolution.Outcome.UNRESOLVABLE, null, null, List.of(),
                        texts.format("rationale.orderSensitive"), false, true));
            }
        }
        return new Reconciled(agreed, rejected, orderSensitive);
    }

    /**
     * Adjudicates every tied slot. No tie → mode {@code none}, no call; no model → {@code skipped}; more
     * ties than {@code maxConflicts} → the most corroborated (total sources, then key) are asked, in key
     * order. Any failure → mode {@code error} with the slots unchanged. Never throws.
     */
    public static Outcome adjudicate(List<Slot> slots, TextModel model, Options o, CancelSignal cancel, Texts texts) {
        List<Conflict> all = findConflicts(slots);
        if (all.isEmpty()) return new Outcome(slots, 0, 0, 0, "none", null);
        if (model == null) return new Outcome(slots, all.size(), 0, 0, "skipped", null);
        Comparator<Conflict> byKey = Comparator.comparing(Conflict::key);
        List<Conflict> conflicts = new ArrayList<>(all);
        conflicts.sort(Comparator.comparingInt((Conflict c) -> -c.options().stream().mapToInt(x -> x.sources().size()).sum())
                .thenComparing(byKey));
        conflicts = new ArrayList<>(conflicts.subList(0, Math.min(Math.max(0, o.maxConflicts()), conflicts.size())));
        conflicts.sort(byKey);
        Map<String, Resolution> resolutions;
        int orderSensitive = 0;
        try {
            Map<String, Resolution> forward = run(conflicts, model, false, o, cancel);
            if (o.symmetryCheck()) {
                Map<String, Resolution> backward = run(conflicts, model, true, o, cancel);
                Reconciled r = reconcile(forward, backward, texts);
                resolutions = r.resolutions();
                orderSensitive = r.orderSensitive();
            } else {
                resolutions = forward;
            }
        } catch (ModelOutputException e) {
            return new Outcome(slots, conflicts.size(), 0, 0, "error", e.getMessage());
        }
        int resolved = (int) resolutions.values().stream().filter(Resolution::settles).count();
        List<Slot> out = new ArrayList<>(slots.size());
        for (Slot s : slots) {
            Resolution r = resolutions.get(s.key());
            out.add(r == null ? s : s.withResolution(r));
        }
        return new Outcome(out, conflicts.size(), resolved, orderSensitive, "llm", null);
    }

    private static Map<String, Resolution> run(List<Conflict> conflicts, TextModel model, boolean reverse, Options o,
                                               CancelSignal cancel) {
        if (cancel.isCancelled()) throw new ModelOutputException("cancelled before the adjudication call");
        String text = switch (Models.call(model, SYSTEM_PROMPT, buildPrompt(conflicts, reverse), o.maxTokens(), cancel)) {
            case ModelReply.Text t -> t.text();
            case ModelReply.Failure f -> throw new ModelOutputException(f.message());
        };
        return parse(text, conflicts, reverse).resolutions();
    }

    private static String text(JsonNode node) {
        return node != null && node.isTextual() ? node.textValue() : null;
    }
}
