package io.dsh4j.beliefmerge.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.beliefmerge.core.internal.JsonObjects;
import io.dsh4j.message.json.Js;
import io.dsh4j.message.json.JsStrings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Joint alignment (spec §2.3.1, §4.1): one model call over all branches returns slots that are already
 * aligned across them, with canonical keys and values. Everything the model says is validated: unknown
 * sources are dropped (no ghost corroboration), values are canonicalised, evidence is clamped.
 *
 * <p>Deviations (spec §13.4): the {@code maxSlots} cap keeps the model's first slots — the "most valuable
 * first" the prompt asks for — instead of the alphabetically first keys (Q8); premise keys are trimmed
 * and lower-cased like slot keys, and a list of lists in {@code derivedFrom} is read as alternative
 * routes (Q9).
 *
 * <p>Pure apart from the model call; thread-safe.
 */
public final class Alignment {

    /** What {@link #evidenceGuide} says each level means, 4 → 1. */
    private static final Map<Integer, String> EVIDENCE_GUIDE = Map.of(
            4, "the user said so explicitly",
            3, "a tool, a command or a file confirmed it",
            2, "the model concluded it in its visible answer",
            1, "the model only guessed or speculated (typically [reasoning] lines)");

    /** The alignment instructions. Contains the literal {@code ALIGN BY MEANING} and a worked example with {@code derivedFrom}. */
    public static final String SYSTEM_PROMPT = """
            Your job: fold several branches of one conversation into ONE set of aligned claims.

            The input holds N branches. Every line carries a tag: [user], [assistant], [tool] or [reasoning].

            Answer with a JSON object that has one field, "slots". A slot is ONE question or topic; it lists
            the opinions of the branches that said something about it.

            Rules:
            1. ALIGN BY MEANING, NOT BY WORDING. "We moved to PostgreSQL", "the DB runs on Postgres now" and
               "MySQL is gone" are three opinions on ONE slot: which database engine is in use.
            2. Emit a slot only when at least one branch holds an opinion on it.
            3. Leave out branches that never touched a slot; do not make up their opinion. Never add content
               that the input does not contain.
            4. "value" is a short canonical token in lowercase, the SAME token wherever branches agree
               (in the style of "postgresql", "yes", "no", "twenty", "enabled") — never a sentence.
            5. "evidence" is an integer from 1 to 4 that depends only on how the branch learned it:
            %s
            6. "quote" is text copied word for word from that branch.
            7. "source" is one of the branch ids you were given; never make up an id.
            8. "key" is a stable dotted machine key in lowercase, such as "database.engine".
            9. "type" is one of: %s.
            10. "derivedFrom" says that a slot was CONCLUDED FROM other slots. It is the most useful thing
                you can report: it is the only way to know which conclusions fall when a premise turns out
                wrong. Where the input argues "premise ... therefore conclusion" or "X, so Y", emit the
                conclusion as a slot whose "derivedFrom" lists the keys of its premises. Leave the field out
                for anything stated or observed directly, and never make up a dependency.
            11. Skip harness boilerplate: sandbox or permission notices, approval notices, tool description
                preambles, agent instructions and anything that reads like configuration are not claims.
            12. Favour lasting project facts, decisions, constraints and open questions. Skip small talk,
                acknowledgements and repeats of the same point.
            13. Output the JSON object ONLY: no prose, no markdown fence.

            Worked example — the second slot was CONCLUDED from the first, hence its "derivedFrom":

            {"slots":[
             {"key":"database.engine","type":"Fact","opinions":[
               {"source":"branch-a","value":"postgresql","evidence":4,"quote":"Let's move the database over to PostgreSQL."},
               {"source":"branch-b","value":"mysql","evidence":1,"quote":"Maybe the database is still MySQL."}]},
             {"key":"latency.eu_too_slow","type":"Decision","derivedFrom":["database.engine"],"opinions":[
               {"source":"branch-a","value":"yes","evidence":2,"quote":"Therefore requests from Europe will take longer than 200 ms."}]}]}"""
            .formatted(evidenceGuide(), Arrays.stream(SlotType.values()).map(SlotType::label)
                    .collect(Collectors.joining(", ")));

    /** Alignment options (defaults of spec §1.4: reasoning in, injected out, 6000 chars, 40 slots, 4000 tokens). */
    public record Options(boolean includeReasoning, boolean includeInjected, int maxCharsPerBranch, int maxSlots,
                          int maxTokens) {
        public static Options defaults() {
            return new Options(true, false, 6000, 40, 4000);
        }
    }

    /** The two prompt texts and the number of secrets redacted while building them. */
    public record Prompt(String system, String user, int redacted) {}

    /** One validated opinion. */
    public record Opinion(String source, String value, int evidence, String quote) {}

    /** One validated slot: key, type, opinions sorted by source then value, premise routes. */
    public record AlignedSlot(String key, SlotType type, List<Opinion> opinions, List<List<String>> derivedFrom) {}

    /** The validated answer: slots sorted by key, and how many things were dropped, by reason. */
    public record Normalized(List<AlignedSlot> slots, Map<String, Integer> dropped) {}

    /** The aligned branches (one per surface, also those without opinions) and the redaction count. */
    public record Aligned(List<Branch> branches, Normalized raw, int redacted) {}

    private Alignment() {}

    private static String evidenceGuide() {
        StringBuilder sb = new StringBuilder();
        for (int level = 4; level >= 1; level--) {
            if (level < 4) sb.append('\n');
            sb.append("   ").append(level).append(" = ").append(EVIDENCE_GUIDE.get(level));
        }
        return sb.toString();
    }

    /**
     * The prompts: three instruction lines (branch count, the valid ids, the slot cap), a blank line,
     * then per surface {@code ### branch id: <id>} (plus {@code  (truncated)} when cut) and its
     * flattened text.
     */
    public static Prompt buildPrompt(List<Surface> surfaces, Options o) {
        List<String> parts = new ArrayList<>();
        int redacted = 0;
        for (Surface s : surfaces) {
            Surfaces.Flattened f = Surfaces.flatten(s.messages(), o.includeReasoning(), o.includeInjected(),
                    o.maxCharsPerBranch());
            redacted += f.redacted();
            parts.add("### branch id: " + s.id() + (f.truncated() ? " (truncated)" : "") + "\n" + f.text());
        }
        List<String> lines = new ArrayList<>();
        lines.add("Fold the following " + surfaces.size() + " branches into one aligned claim set.");
        lines.add("Valid branch ids: " + surfaces.stream().map(Surface::id).collect(Collectors.joining(", ")));
        lines.add("Emit AT MOST " + o.maxSlots() + " slots, most valuable first; fewer beats noisy.");
        lines.add("");
        lines.addAll(parts);
        return new Prompt(SYSTEM_PROMPT, String.join("\n", lines), redacted);
    }

    /** The evidence clamp: JS {@code Number(v)}; not finite → 2; else round half up into 1..4. */
    public static int clampEvidence(JsonNode raw) {
        double n = Js.toNumber(raw);
        if (!Double.isFinite(n)) return 2;
        return (int) Math.min(4, Math.max(1, Math.round(n)));
    }

    /**
     * Validates a parsed answer (spec §4.1.5).
     *
     * @throws ModelOutputException when there is no {@code slots} array or nothing usable survives
     */
    public static Normalized normalize(JsonNode parsed, Set<String> knownSources, int maxSlots) {
        JsonNode slots = parsed == null ? null : parsed.get("slots");
        if (slots == null || !slots.isArray()) throw new ModelOutputException("alignment response has no \"slots\" array");
        Map<String, Integer> dropped = new LinkedHashMap<>();
        for (String k : List.of("badKey", "noOpinions", "unknownSource", "emptyValue", "notObject")) dropped.put(k, 0);
        List<AlignedSlot> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode slot : slots) {
            if (!slot.isObject()) {
                dropped.merge("notObject", 1, Integer::sum);
                continue;
            }
            JsonNode k = slot.get("key");
            String key = k != null && k.isTextual() ? JsStrings.toLowerCase(JsStrings.trim(k.textValue())) : "";
            if (key.isEmpty() || seen.contains(key)) {
                dropped.merge("badKey", 1, Integer::sum);
                continue;
            }
            JsonNode ops = slot.get("opinions");
            if (ops == null || !ops.isArray()) {
                dropped.merge("noOpinions", 1, Integer::sum);
                continue;
            }
            List<Opinion> opinions = new ArrayList<>();
            for (JsonNode op : ops) {
                if (!op.isObject()) continue;
                JsonNode src = op.get("source");
                if (src == null || !src.isTextual() || !knownSources.contains(src.textValue())) {
                    dropped.merge("unknownSource", 1, Integer::sum);
                    continue;
                }
                JsonNode v = op.get("value");
                String value = v != null && v.isTextual() ? JsStrings.toLowerCase(JsStrings.trim(v.textValue())) : "";
                if (value.isEmpty()) {
                    dropped.merge("emptyValue", 1, Integer::sum);
                    continue;
                }
                JsonNode q = op.get("quote");
                opinions.add(new Opinion(src.textValue(), value, clampEvidence(op.get("evidence")),
                        q != null && q.isTextual() ? q.textValue() : ""));
            }
            if (opinions.isEmpty()) {
                dropped.merge("noOpinions", 1, Integer::sum);
                continue;
            }
            opinions.sort((a, b) -> {
                int c = a.source().compareTo(b.source());
                return c != 0 ? c : a.value().compareTo(b.value());
            });
            seen.add(key);
            JsonNode t = slot.get("type");
            SlotType type = t != null && t.isTextual() && SlotType.ofLabel(t.textValue()) != null
                    ? SlotType.ofLabel(t.textValue()) : SlotType.FACT;
            out.add(new AlignedSlot(key, type, List.copyOf(opinions), premiseRoutes(slot.get("derivedFrom"))));
        }
        if (out.isEmpty()) {
            throw new ModelOutputException("alignment produced no usable slots (model emitted " + slots.size()
                    + " slot(s); dropped " + dropped.get("badKey") + " bad/duplicate key, " + dropped.get("noOpinions")
                    + " without usable opinions, " + dropped.get("unknownSource") + " opinions naming an unknown source, "
                    + dropped.get("emptyValue") + " with an empty value)");
        }
        List<AlignedSlot> capped = new ArrayList<>(out.subList(0, Math.min(Math.max(0, maxSlots), out.size())));
        capped.sort((a, b) -> a.key().compareTo(b.key()));
        return new Normalized(List.copyOf(capped), dropped);
    }

    /** Premise routes from a raw {@code derivedFrom}: keys trimmed and lower-cased, de-duplicated per route. */
    static List<List<String>> premiseRoutes(JsonNode raw) {
        if (raw == null || !raw.isArray()) return List.of();
        List<List<String>> routes = Justifications.normalise(toPlain(raw));
        List<List<String>> out = new ArrayList<>();
        for (List<String> route : routes) {
            Set<String> clean = new LinkedHashSet<>();
            for (String p : route) {
                String k = JsStrings.toLowerCase(JsStrings.trim(p));
                if (!k.isEmpty()) clean.add(k);
            }
            if (!clean.isEmpty()) out.add(List.copyOf(clean));
        }
        return List.copyOf(out);
    }

    private static Object toPlain(JsonNode node) {
        if (node.isArray()) {
            List<Object> list = new ArrayList<>();
            for (JsonNode e : node) list.add(toPlain(e));
            return list;
        }
        return node.isTextual() ? node.textValue() : node;
    }

    /**
     * The full call: prompt, completion, extraction, validation, one branch per surface with one claim
     * per opinion ({@code quote}, or {@code "<key> = <value>"} without one) stamped with its surface's trust.
     *
     * @throws ModelOutputException on any failure (the caller falls back to the heuristic)
     */
    public static Aligned align(List<Surface> surfaces, TextModel model, Options o, CancelSignal cancel) {
        Prompt prompt = buildPrompt(surfaces, o);
        if (cancel.isCancelled()) throw new ModelOutputException("cancelled before the alignment call");
        String text = switch (Models.call(model, prompt.system(), prompt.user(), o.maxTokens(), cancel)) {
            case ModelReply.Text t -> t.text();
            case ModelReply.Failure f -> throw new ModelOutputException(f.message());
        };
        Set<String> known = new LinkedHashSet<>();
        for (Surface s : surfaces) known.add(s.id());
        Normalized normalized = normalize(JsonObjects.extract(text), known, o.maxSlots());
        Map<String, List<Claim>> claimsBySource = new LinkedHashMap<>();
        Map<String, Trust> trustBySource = new LinkedHashMap<>();
        for (Surface s : surfaces) {
            claimsBySource.putIfAbsent(s.id(), new ArrayList<>());
            trustBySource.putIfAbsent(s.id(), s.effectiveTrust());
        }
        for (AlignedSlot slot : normalized.slots()) {
            for (Opinion op : slot.opinions()) {
                String quote = op.quote().isEmpty() ? slot.key() + " = " + op.value() : op.quote();
                claimsBySource.get(op.source()).add(new Claim(slot.key(), op.value(), op.evidence(), quote, op.source(),
                        trustBySource.get(op.source()), slot.type(), slot.derivedFrom()));
            }
        }
        List<Branch> branches = new ArrayList<>();
        for (Surface s : surfaces) branches.add(new Branch(s.id(), s.effectiveTrust(), claimsBySource.get(s.id())));
        return new Aligned(branches, normalized, prompt.redacted());
    }
}
