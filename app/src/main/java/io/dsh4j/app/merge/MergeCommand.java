package io.dsh4j.app.merge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.app.HomeOption;
import io.dsh4j.beliefmerge.core.BeliefMerge;
import io.dsh4j.beliefmerge.core.CancelSignal;
import io.dsh4j.beliefmerge.core.Claim;
import io.dsh4j.beliefmerge.core.Derivation;
import io.dsh4j.beliefmerge.core.MergeOptions;
import io.dsh4j.beliefmerge.core.MergeOutcome;
import io.dsh4j.beliefmerge.core.Redaction;
import io.dsh4j.beliefmerge.core.Renderer;
import io.dsh4j.beliefmerge.core.Slot;
import io.dsh4j.beliefmerge.core.SlotItem;
import io.dsh4j.beliefmerge.core.Surface;
import io.dsh4j.beliefmerge.core.Trust;
import io.dsh4j.beliefmerge.core.TrustCheck;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.LogStatus;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dsh4j merge}: merges other sessions offline — heuristic extraction, no model, no network —
 * and prints the block BeliefMerge would inject (belief-merge spec §2, §5–§9). Claims are stamped
 * EXTERNAL, the score is egalitarian; the trust check gates the output (fail closed). A session that
 * cannot be read is skipped with a warning and the others are merged.
 *
 * <p>Exit codes: 0 merged everything; 1 merged, but a session was skipped or the trust check refused;
 * 2 bad options; 3 no session could be read.
 */
@Command(name = "merge", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        description = "Merge other DSH sessions offline (heuristic, no model) and print the BeliefMerge block.")
public final class MergeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "SESSION",
            description = "Session ids (or unique parts of them) under the home, session directories or log files.")
    List<String> sessions;

    @Mixin HomeOption home;

    @Option(names = "--budget", paramLabel = "N", defaultValue = "1200",
            description = "Token budget of the block, header and notice included (default: ${DEFAULT-VALUE}).")
    int budget;

    @Option(names = "--query", paramLabel = "TEXT", description = "Weight slots by lexical relevance to this text.")
    String query;

    @Option(names = "--include-reasoning", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Read reasoning blocks (default: on, as the plugin; --no-include-reasoning leaves them out).")
    boolean includeReasoning;

    @Option(names = "--json", description = "Print the slots with their decisions and provenance, and the render, as JSON.")
    boolean json;

    @Option(names = "--lang", paramLabel = "en|zh-CN", description = "Language of messages and of the block's prose (default: en).")
    String lang;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CliTexts texts;
        try {
            texts = CliTexts.forTag(lang);
        } catch (IllegalArgumentException e) {
            err.println("dsh4j merge: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        if (budget < 0) {
            err.println("dsh4j merge: " + texts.get("cli.badBudget", budget));
            return ExitCodes.USAGE;
        }
        MergeSources reader = new MergeSources(home.resolve(), texts);
        List<MergeSources.Read> read = new ArrayList<>();
        Map<String, String> skipped = new LinkedHashMap<>();
        Set<Path> seen = new HashSet<>();
        for (String input : sessions) {
            try {
                Path file = reader.locate(input);
                Path key = file.toAbsolutePath().normalize();
                if (seen.contains(key)) {
                    err.println("dsh4j merge: " + texts.get("cli.duplicate", input, file));
                    continue;
                }
                MergeSources.Read r = reader.read(input, file, Trust.EXTERNAL);
                seen.add(key);
                if (r.status() instanceof LogStatus.Torn) err.println("dsh4j merge: " + redacted(texts.get("cli.torn", input, r.status().describe())));
                read.add(r);
            } catch (MergeSources.Unreadable e) {
                String reason = redacted(e.getMessage());
                skipped.put(input, reason);
                err.println("dsh4j merge: " + texts.get("cli.skipped", input, reason));
            }
        }
        if (read.isEmpty()) {
            err.println("dsh4j merge: " + texts.get("cli.noneReadable"));
            return ExitCodes.INPUT_UNAVAILABLE;
        }
        List<Surface> surfaces = read.stream().map(MergeSources.Read::surface).toList();
        List<String> warnings = new ArrayList<>();
        MergeOptions options = MergeOptions.defaults().withIncludeReasoning(includeReasoning);
        options = new MergeOptions(options.score(), options.keyStrategy(), options.includeReasoning(), options.includeInjected(),
                options.alignment(), options.adjudicate(), options.adjudication(), texts.locale());
        MergeOutcome merged = BeliefMerge.mergeSurfacesAligned(surfaces, options, null, CancelSignal.NEVER, warnings::add);
        warnings.forEach(w -> err.println("dsh4j merge: " + redacted(w)));
        if (merged.redacted() > 0) err.println("dsh4j merge: " + texts.get("cli.withheld", merged.redacted()));
        TrustCheck.Report trust = TrustCheck.check(merged.slots());
        Renderer.Rendered rendered = merged.render(Renderer.Options.defaults().withBudget(budget).withQuery(query)
                .withLocale(texts.locale()));
        int code = skipped.isEmpty() ? ExitCodes.OK : ExitCodes.PROBLEM_FOUND;
        if (!trust.ok()) {
            String list = String.join(", ", trust.violations().stream().map(v -> v.key() + "/" + v.rule()).toList());
            err.println("dsh4j merge: " + texts.get("cli.trustRefused", trust.violations().size(), list));
            code = ExitCodes.PROBLEM_FOUND;
        }
        if (json) {
            out.println(LoneSurrogates.forJson(toJson(read, skipped, merged, trust, trust.ok() ? rendered : null)));
        } else if (trust.ok()) {
            if (rendered.text().isEmpty()) err.println("dsh4j merge: " + texts.get("cli.nothing", rendered.reason()));
            else out.println(LoneSurrogates.forText(rendered.text()));
        }
        out.flush();
        return code;
    }

    /**
     * A diagnostic with any credential replaced by its marker: a reader's error can quote the damaged
     * record (a JSON parser echoes the text around the fault), and a merge must not distribute secrets
     * through its warnings either (spec §6).
     */
    static String redacted(String diagnostic) {
        return diagnostic == null ? null : Redaction.redact(diagnostic).text();
    }

    /** The pretty writer, built on first use: the text output needs no ObjectMapper (start-up, issue 16). */
    private static final class Json {
        static final ObjectWriter WRITER = JsJson.mapper().writerWithDefaultPrettyPrinter();
    }

    static String toJson(List<MergeSources.Read> read, Map<String, String> skipped, MergeOutcome merged,
                         TrustCheck.Report trust, Renderer.Rendered rendered) {
        ObjectNode root = JsJson.nodes().objectNode();
        ArrayNode sessions = root.putArray("sessions");
        for (MergeSources.Read r : read) {
            sessions.addObject().put("input", r.input()).put("id", r.surface().id()).put("file", r.file().toString())
                    .put("status", r.status().label()).put("messages", r.surface().messages().size());
        }
        ArrayNode skippedNode = root.putArray("skipped");
        skipped.forEach((input, reason) -> skippedNode.addObject().put("input", input).put("reason", reason));
        root.put("mode", merged.mode());
        root.put("redacted", merged.redacted());
        ArrayNode slots = root.putArray("slots");
        for (Slot s : merged.slots()) {
            ObjectNode slot = slots.addObject();
            slot.put("key", s.key()).put("type", s.type().label());
            ObjectNode decision = slot.putObject("decision").put("outcome", s.decision().outcome());
            if (s.decision().winner() != null) decision.put("winner", s.decision().winner());
            ArrayNode tied = decision.putArray("tied");
            s.decision().tied().forEach(tied::add);
            ArrayNode items = slot.putArray("items");
            for (SlotItem i : s.state().items()) items.addObject().put("value", i.value()).put("source", i.source()).put("evidence", i.evidence());
            ArrayNode claims = slot.putArray("claims");
            for (Claim c : s.claims()) {
                claims.addObject().put("value", c.value()).put("evidence", c.evidence()).put("source", c.sourceId())
                        .put("trust", c.trust() == null ? null : c.trust().label()).put("text", c.text());
            }
            slot.put("trust", TrustCheck.slotTrust(s).label());
            Derivation d = s.derivation();
            if (d != null) slot.put("derivation", d.status().label());
        }
        ObjectNode t = root.putObject("trust").put("ok", trust.ok());
        ArrayNode violations = t.putArray("violations");
        trust.violations().forEach(v -> violations.addObject().put("key", v.key()).put("rule", v.rule()).put("detail", v.detail()));
        if (rendered != null) {
            ObjectNode r = root.putObject("render");
            r.put("text", rendered.text()).put("included", rendered.included()).put("dropped", rendered.dropped())
                    .put("unresolved", rendered.unresolved()).put("tokens", rendered.tokens()).put("utility", rendered.utility())
                    .put("algorithm", rendered.algorithm() == null ? null : rendered.algorithm().label())
                    .put("reason", rendered.reason());
        } else {
            root.putNull("render");
        }
        try {
            return Json.WRITER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the merge as JSON", e);
        }
    }
}
