package io.dsh4j.app.merge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.beliefmerge.bench.MergeBench;
import io.dsh4j.message.json.JsJson;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dsh4j bench merge}: MergeBench (belief-merge spec §11) — synthetic scenarios with known
 * ground truth, five arms under one token budget, scored on the rendered text. Deterministic.
 */
@Command(name = "merge", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        description = "MergeBench: does merging answer what no single branch can, within the same token budget?")
public final class BenchMergeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--seeds", paramLabel = "N", defaultValue = "5", description = "Scenarios, seeds 1..N (default: ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--topics", paramLabel = "N", defaultValue = "8", description = "Topics per scenario, at most 16 (default: ${DEFAULT-VALUE}).")
    int topics;

    @Option(names = "--branches", paramLabel = "N", defaultValue = "2", description = "Branches per scenario (default: ${DEFAULT-VALUE}).")
    int branches;

    @Option(names = "--budget", paramLabel = "N", defaultValue = "1200", description = "Token budget of every arm (default: ${DEFAULT-VALUE}).")
    int budget;

    @Option(names = "--conflicts", paramLabel = "N", defaultValue = "2", description = "Topics a second branch contradicts (default: ${DEFAULT-VALUE}).")
    int conflicts;

    @Option(names = "--json", description = "Print {args, rows} as JSON, rates as fractions 0..1.")
    boolean json;

    @Option(names = "--lang", paramLabel = "en|zh-CN", description = "Language of the table's legend (default: en).")
    String lang;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CliTexts texts;
        MergeBench.Args args;
        try {
            texts = CliTexts.forTag(lang);
            args = new MergeBench.Args(seeds, topics, branches, budget, conflicts);
        } catch (IllegalArgumentException e) {
            err.println("dsh4j bench merge: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        MergeBench.Report report = MergeBench.run(args);
        out.print(json ? toJson(report) + "\n" : MergeBench.table(report, texts.locale()));
        out.flush();
        return ExitCodes.OK;
    }

    /** The pretty writer, built on first use: the text output needs no ObjectMapper (start-up, issue 16). */
    private static final class Json {
        static final ObjectWriter WRITER = JsJson.mapper().writerWithDefaultPrettyPrinter();
    }

    /** {@code {"args": {...}, "rows": [{"arm","local","bridge","unambiguous","both","invented","tokens"}, ...]}}. */
    static String toJson(MergeBench.Report report) {
        ObjectNode root = JsJson.nodes().objectNode();
        MergeBench.Args a = report.args();
        root.putObject("args").put("seeds", a.seeds()).put("topics", a.topics()).put("branches", a.branches())
                .put("budget", a.budget()).put("conflicts", a.conflicts());
        ArrayNode rows = root.putArray("rows");
        for (MergeBench.Row r : report.rows()) {
            rows.addObject().put("arm", r.arm()).put("local", r.local()).put("bridge", r.bridge()).put("unambiguous", r.unambiguous())
                    .put("both", r.ambiguous()).put("invented", r.invented()).put("tokens", r.tokens());
        }
        try {
            return Json.WRITER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write MergeBench as JSON", e);
        }
    }
}
