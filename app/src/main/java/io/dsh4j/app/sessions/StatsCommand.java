package io.dsh4j.app.sessions;

import io.dsh4j.app.HomeOption;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.LogReadResult;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.StatsVisitor;
import io.dsh4j.session.StatsTotals;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dsh4j sessions stats}: turns, steps, tool calls and token usage of each log, streamed in flat memory. */
@Command(name = "stats", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        resourceBundle = Texts.HELP_BUNDLE)
final class StatsCommand implements Callable<Integer> {


    @Spec picocli.CommandLine.Model.CommandSpec spec;
    @Mixin HomeOption home;
    @Mixin ReadOptions read;

    @Option(names = "--json")
    boolean json;

    @Parameters(arity = "1..*", paramLabel = "ID|PATH", descriptionKey = "target")
    List<String> targets;

    record Row(Path path, String id, LogStatus status, StatsTotals totals, io.dsh4j.session.SessionStats stats) {
        Row(Path path, String id, LogStatus status, StatsTotals totals) {
            this(path, id, status, totals, null);
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int exit = ExitCodes.OK;
        List<Row> rows = new ArrayList<>();
        for (String target : targets) {
            try {
                Row row = summarise(Targets.resolve(target, Homes.of(home)));
                if (row.status() instanceof LogStatus.Corrupt c && row.totals() != null) {
                    err.println(Texts.error(Texts.get("stats.partial", row.path(), c.describe())));
                    exit = Problems.worse(exit, ExitCodes.PROBLEM_FOUND);
                }
                if (row.totals() == null) {
                    err.println(Texts.error(row.path() + ": " + row.status().describe()));
                    exit = Problems.worse(exit, ExitCodes.PROBLEM_FOUND);
                    continue;
                }
                if (json) out.println(jsonLine(row));
                rows.add(row);
            } catch (CliProblem p) {
                exit = Problems.worse(exit, Problems.report(err, p));
            } catch (IOException e) {
                exit = Problems.worse(exit, Problems.report(err, Problems.of(e)));
            }
        }
        if (!json && !rows.isEmpty()) table(out, rows);
        lineages(out, rows, json);
        out.flush();
        return exit;
    }

    /** Streams one log through the stats fold; {@code totals} is null when the log was refused or has no header. */
    static Row summarise(Path file, SessionLogReader.Options options) throws IOException {
        StatsVisitor stats = new StatsVisitor();
        LogReadResult r = SessionLogReader.stream(file, options, stats);
        boolean figures = stats.hasHeader() && (r.status().readable() || r.status() instanceof LogStatus.Corrupt);
        return new Row(file, r.header() == null ? null : r.header().id(), r.status(), figures ? stats.totals() : null,
                figures ? stats.stats() : null);
    }

    private Row summarise(Path file) throws IOException {
        return summarise(file, read.options());
    }

    static String jsonLine(Row row) {
        StatsTotals t = row.totals();
        ObjectNode o = JsJson.nodes().objectNode();
        o.put("path", row.path().toString());
        o.put("id", row.id());
        o.put("status", row.status().label());
        if (row.stats() != null && row.stats().parentSession() != null) {
            o.put("parentSession", row.stats().parentSession());
            o.put("seedLength", row.stats().seedLength());
        }
        putTotals(o, t);
        return o.toString();
    }

    /** The figures of {@code t} as the JSON lines show them: counts, then {@code tokens}. */
    private static void putTotals(ObjectNode o, StatsTotals t) {
        o.put("events", t.events());
        o.put("turns", t.turns());
        o.put("steps", t.steps());
        o.put("toolCalls", t.toolCalls());
        o.put("toolErrors", t.toolErrors());
        ObjectNode tokens = o.putObject("tokens");
        tokens.put("input", t.tokens().input());
        tokens.put("output", t.tokens().output());
        tokens.put("cacheRead", t.tokens().cacheRead());
        tokens.put("reasoning", t.tokens().reasoning());
    }

    /**
     * Lineage totals: for every root among the rows that has children among them, the family's own
     * totals (each child's inherited seed prefix counted once, in its parent).
     */
    static void lineages(PrintWriter out, List<Row> rows, boolean json) {
        List<io.dsh4j.session.SessionStats> all = new ArrayList<>();
        for (Row r : rows) if (r.stats() != null) all.add(r.stats());
        java.util.Map<String, StatsTotals> byRoot = io.dsh4j.session.LineageStats.byRoot(all);
        for (var e : byRoot.entrySet()) {
            List<String> members = io.dsh4j.session.LineageStats.members(e.getKey(), all);
            if (members.size() < 2) continue;
            StatsTotals t = e.getValue();
            if (json) {
                ObjectNode o = JsJson.nodes().objectNode();
                o.put("lineage", e.getKey());
                var ids = o.putArray("sessions");
                members.forEach(ids::add);
                putTotals(o, t);
                out.println(o);
            } else {
                out.println(Texts.get("stats.lineage", e.getKey(), members.size(), n(t.events()), n(t.turns()), n(t.steps()),
                        n(t.toolCalls()), n(t.tokens().input()), n(t.tokens().output())));
            }
        }
    }

    private static void table(PrintWriter out, List<Row> rows) {
        String[] head = java.util.stream.Stream.of("status", "events", "turns", "steps", "tools", "toolErrors", "input", "output",
                "cacheRead", "reasoning", "log").map(k -> Texts.get("stats.header." + k)).toArray(String[]::new);
        List<String[]> cells = new ArrayList<>();
        cells.add(head);
        for (Row r : rows) {
            StatsTotals t = r.totals();
            cells.add(new String[] {r.status().label(), n(t.events()), n(t.turns()), n(t.steps()), n(t.toolCalls()),
                n(t.toolErrors()), n(t.tokens().input()), n(t.tokens().output()), n(t.tokens().cacheRead()),
                n(t.tokens().reasoning()), r.path().toString()});
        }
        int[] width = new int[head.length];
        for (String[] row : cells) {
            for (int i = 0; i < row.length; i++) width[i] = Math.max(width[i], row[i].length());
        }
        for (String[] row : cells) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                if (i > 0) line.append("  ");
                boolean left = i == 0 || i == row.length - 1;
                String cell = row[i];
                String pad = " ".repeat(width[i] - cell.length());
                line.append(left ? cell + (i == row.length - 1 ? "" : pad) : pad + cell);
            }
            out.println(line);
        }
    }

    private static String n(long v) {
        return String.format(java.util.Locale.ROOT, "%,d", v);
    }
}
