package io.dsh4j.app.health;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.attention.core.ColdFold;
import io.dsh4j.attention.core.HealthCheck;
import io.dsh4j.attention.core.HealthReport;
import io.dsh4j.attention.core.PlanWording;
import io.dsh4j.attention.core.SessionFacts;
import io.dsh4j.attention.sessions.SessionLogs;
import io.dsh4j.attention.sessions.SessionSelection;
import io.dsh4j.attention.core.Texts;
import io.dsh4j.attention.core.Thresholds;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.LenientLogReader;
import io.dsh4j.session.SessionStoreException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code dsh4j health}: the offline context-health self-check of a session (attention-health spec
 * §1.9): score, level, advice and the signals behind them, from the session log alone — no model,
 * no network. {@code --all} checks every session under the home, newest first, one at a time.
 */
@Command(name = "health", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        description = "Context-health self-check of a DSH session: score, level, advice, signals (no model, no network).")
public final class HealthCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Parameters(index = "0", arity = "0..1", paramLabel = "ID|PATH",
            description = "A session id or unique part of one, a session directory or a log file (default: the newest session of the current directory).")
    String target;

    @Option(names = "--json", description = "Print JSON: one object (with --all, one object per line).")
    boolean json;

    @Option(names = "--all", description = "Check every session under the home, newest first.")
    boolean all;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CliContext ctx;
        try {
            ctx = common.context();
        } catch (IllegalArgumentException e) {
            err.println("dsh4j health: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        if (all && target != null) {
            err.println("dsh4j health: " + ctx.texts().get("cli.allWithTarget", target));
            return ExitCodes.USAGE;
        }
        if (all) return checkAll(ctx, out, err);
        SessionLogs.Found found;
        try {
            found = SessionSelection.select(target, ctx.sessionsRoot(), Path.of("").toAbsolutePath(), ctx.texts(), err::println);
        } catch (SessionSelection.Failure f) {
            err.println("dsh4j health: " + f.getMessage());
            return CliContext.exitCode(f);
        }
        Checked c;
        try {
            c = check(found, ctx);
        } catch (SessionStoreException e) {
            err.println("dsh4j health: " + e.getMessage());
            return ExitCodes.PROBLEM_FOUND;
        } catch (IOException e) {
            err.println("dsh4j health: " + ctx.texts().get("cli.unreadable", found.file().toString(), CliContext.describe(ctx.texts(), e)));
            return ExitCodes.INPUT_UNAVAILABLE;
        }
        for (String problem : SessionLogs.problems(c.read(), found.size(), ctx.texts())) {
            err.println("dsh4j health: " + found.file() + ": " + problem);
        }
        if (c.check() == null) return ExitCodes.PROBLEM_FOUND;
        out.print(json ? jsonObject(c, ctx) + "\n" : text(c, ctx));
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * How many sessions {@code --all} checks at a time: the {@code dsh4j.health.threads} system property,
     * else two on a machine with two or more processors, else one. The output is the same whatever the
     * number: sessions are printed in listing order, each session's problems before its row.
     */
    static int allThreads() {
        String p = System.getProperty("dsh4j.health.threads");
        if (p != null) {
            try {
                return Math.max(1, Integer.parseInt(p.trim()));
            } catch (NumberFormatException e) {
                return 1;
            }
        }
        return Math.min(2, Runtime.getRuntime().availableProcessors());
    }

    private int checkAll(CliContext ctx, PrintWriter out, PrintWriter err) {
        List<SessionLogs.Found> sessions = SessionLogs.list(ctx.sessionsRoot());
        if (sessions.isEmpty()) {
            err.println("dsh4j health: " + ctx.texts().get("cli.noSessions", ctx.sessionsRoot().toString()));
            return ExitCodes.INPUT_UNAVAILABLE;
        }
        return checkAll(sessions, ctx, json, allThreads(), out, err);
    }

    /** What {@code --all} prints for one session: its problems (stderr), then its row (stdout), or it is skipped. */
    record Outcome(List<String> problems, String row) {}

    /**
     * Checks {@code sessions} with up to {@code threads} at a time and prints each outcome in listing
     * order as soon as it and every earlier one are done (at most {@code threads} sessions in memory).
     *
     * @return 0 when every session was checked, 1 when some were skipped
     */
    static int checkAll(List<SessionLogs.Found> sessions, CliContext ctx, boolean json, int threads, PrintWriter out,
            PrintWriter err) {
        int skipped = 0;
        if (threads <= 1 || sessions.size() <= 1) {
            for (SessionLogs.Found found : sessions) skipped += print(outcome(found, ctx, json), out, err);
            return skipped == 0 ? ExitCodes.OK : ExitCodes.PROBLEM_FOUND;
        }
        java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "dsh4j-health-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            java.util.ArrayDeque<java.util.concurrent.Future<Outcome>> inFlight = new java.util.ArrayDeque<>();
            int next = 0;
            while (next < sessions.size() || !inFlight.isEmpty()) {
                while (next < sessions.size() && inFlight.size() < threads) {
                    SessionLogs.Found found = sessions.get(next++);
                    inFlight.add(pool.submit(() -> outcome(found, ctx, json)));
                }
                skipped += print(await(inFlight.removeFirst()), out, err);
            }
        } finally {
            pool.shutdownNow();
        }
        return skipped == 0 ? ExitCodes.OK : ExitCodes.PROBLEM_FOUND;
    }

    private static Outcome await(java.util.concurrent.Future<Outcome> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while checking sessions", e);
        } catch (java.util.concurrent.ExecutionException e) {
            // what the sequential loop would have thrown, from the session where it was thrown
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error x) throw x;
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Prints one outcome; 1 when the session was skipped. */
    private static int print(Outcome o, PrintWriter out, PrintWriter err) {
        for (String problem : o.problems()) err.println(problem);
        if (o.row() == null) return 1;
        out.println(o.row());
        out.flush();
        return 0;
    }

    /** Reads, folds, assesses and words one session of {@code --all}. */
    static Outcome outcome(SessionLogs.Found found, CliContext ctx, boolean json) {
        Checked c;
        try {
            c = check(found, ctx);
        } catch (SessionStoreException e) {
            return new Outcome(List.of("dsh4j health: " + e.getMessage()), null);
        } catch (IOException e) {
            return new Outcome(List.of("dsh4j health: " + ctx.texts().get("cli.unreadable", found.file().toString(),
                    CliContext.describe(ctx.texts(), e))), null);
        }
        List<String> problems = new ArrayList<>();
        for (String problem : SessionLogs.problems(c.read(), found.size(), ctx.texts())) {
            problems.add("dsh4j health: " + found.file() + ": " + problem);
        }
        if (c.check() == null) return new Outcome(problems, null);
        return new Outcome(problems, json ? jsonObject(c, ctx) : row(c));
    }

    /** A checked session: how it was read and the check ({@code null} when the log was too large to read). */
    record Checked(SessionLogs.Found found, LenientLogReader.Result read, HealthCheck check) {}

    /**
     * Reads, folds and assesses one session.
     *
     * @throws SessionStoreException for a structurally invalid zstd log
     * @throws IOException when the log cannot be read
     */
    static Checked check(SessionLogs.Found found, CliContext ctx) throws IOException {
        ColdFold fold = ColdFold.forDocument();
        LenientLogReader.Result read = SessionLogs.read(found.file(), fold::accept);
        if (!SessionLogs.wasRead(read)) return new Checked(found, read, null);
        SessionFacts x = fold.finish();
        HealthCheck check = HealthCheck.assess(x, read.header(), found.generationTag(), ctx.now(), Thresholds.DEFAULTS,
                ctx.prices());
        return new Checked(found, read, check);
    }

    private String text(Checked c, CliContext ctx) {
        Texts t = ctx.texts();
        HealthCheck h = c.check();
        HealthReport s = h.report();
        SessionFacts x = h.facts();
        List<String> lines = new ArrayList<>();
        // the listing's id (the session folder), as the original's --health printed target.id
        lines.add(t.get("cli.session", c.found().id()));
        lines.add(t.get("cli.score", Integer.toString(s.score()), s.level().label(t)));
        lines.add(t.get("cli.advice", new PlanWording(t).adviceText(h.plan())));
        double used = x.usage().lastContextTokens();
        if (used != 0) lines.add(t.get("cli.used", CliContext.grouped(used)));
        double cw = x.contextWindow();
        if (!Double.isNaN(cw) && cw != 0 && s.windowPercent() != null) {
            lines.add(t.get("cli.window", CliContext.fixed1(s.windowPercent()), CliContext.grouped(cw)));
        }
        if (s.effectivePercent() != null && s.effectiveWindow() != null) {
            lines.add(t.get("cli.effective", CliContext.fixed1(s.effectivePercent()), CliContext.grouped(s.effectiveWindow()),
                    CliContext.js(Thresholds.DEFAULTS.effectiveWindowRatio())));
        }
        if (used == 0) lines.add(t.get("cli.unknownUse"));
        if (x.repeatWorst() >= 3) lines.add(t.get("cli.repeat", Integer.toString(x.repeatWorst())));
        if (x.degradedReplies() > 0) lines.add(t.get("cli.degraded", Integer.toString(x.degradedReplies())));
        int think = x.reasoningLoop() + x.reasoningFlags();
        if (think > 0) {
            lines.add(t.get("cli.think", Integer.toString(think), Integer.toString(x.reasoningLoop()),
                    Integer.toString(x.reasoningFlags()))
                    + (x.reasoningWorstRepeat() >= 10 ? t.get("cli.thinkWorst", CliContext.grouped(x.reasoningWorstRepeat())) : ""));
        }
        if (x.guardTripCount() > 0) lines.add(t.get("cli.guard", Integer.toString(x.guardTripCount())));
        StringBuilder b = new StringBuilder();
        for (String line : LabelColumns.align(lines)) b.append(line).append('\n');
        List<String> findings = s.findingTexts(t);
        if (!findings.isEmpty()) {
            b.append(t.get("cli.findings")).append('\n');
            for (String f : findings) b.append("  - ").append(f).append('\n');
        }
        return b.toString();
    }

    private static String row(Checked c) {
        HealthCheck h = c.check();
        HealthReport s = h.report();
        return row(s.score(), s.level().key(), h.advice().key(),
                s.effectivePercent() == null ? "-" : CliContext.fixed1(s.effectivePercent()) + "%", sessionId(c));
    }

    /**
     * One {@code --all} row, {@code String.format("%3d  %-8s  %-8s  %6s  %s", …)} in ASCII digits, padded by
     * hand: the formatter parses its pattern on every call, which cost a thousand rows more than the score.
     */
    static String row(int score, String level, String advice, String effective, String id) {
        StringBuilder b = new StringBuilder(40 + id.length());
        padStart(b, Integer.toString(score), 3).append("  ");
        padEnd(b, level, 8).append("  ");
        padEnd(b, advice, 8).append("  ");
        return padStart(b, effective, 6).append("  ").append(id).toString();
    }

    private static StringBuilder padStart(StringBuilder b, String s, int width) {
        b.repeat(' ', Math.max(0, width - s.length()));
        return b.append(s);
    }

    private static StringBuilder padEnd(StringBuilder b, String s, int width) {
        b.append(s);
        return b.repeat(' ', Math.max(0, width - s.length()));
    }

    private static String sessionId(Checked c) {
        JsonNode header = c.read().header();
        String fromHeader = header == null ? null : header.path("id").asText(null);
        return fromHeader != null ? fromHeader : c.found().id();
    }

    static String jsonObject(Checked c, CliContext ctx) {
        HealthCheck h = c.check();
        HealthReport s = h.report();
        SessionFacts x = h.facts();
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JsJson.mapper().getFactory().createGenerator(w)) {
            g.writeStartObject();
            g.writeStringField("path", c.found().file().toString());
            g.writeStringField("id", sessionId(c));
            g.writeNumberField("score", s.score());
            g.writeStringField("level", s.level().key());
            g.writeStringField("advice", h.advice().key());
            g.writeStringField("adviceText", new PlanWording(ctx.texts()).adviceText(h.plan()));
            g.writeStringField("drivenBy", h.plan().verdict().drivenBy().key());
            number(g, "usedTokens", x.usage().lastContextTokens());
            number(g, "window", Double.isNaN(x.contextWindow()) ? null : x.contextWindow());
            number(g, "windowPercent", s.windowPercent());
            number(g, "effectivePercent", s.effectivePercent());
            if (s.cap() == null) g.writeNullField("cap");
            else g.writeNumberField("cap", s.cap());
            g.writeBooleanField("capped", s.capped());
            number(g, "summaryCount", s.summaryCount());
            g.writeArrayFieldStart("findings");
            for (String f : s.findingTexts(ctx.texts())) g.writeString(f);
            g.writeEndArray();
            g.writeNumberField("repeatWorst", x.repeatWorst());
            g.writeNumberField("degradedReplies", x.degradedReplies());
            g.writeNumberField("reasoningLoop", x.reasoningLoop());
            g.writeNumberField("reasoningFlags", x.reasoningFlags());
            g.writeNumberField("reasoningWorstRepeat", x.reasoningWorstRepeat());
            g.writeNumberField("guardTrips", x.guardTripCount());
            g.writeNumberField("guardTripCount", x.guardTripCount());
            g.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException("writing JSON to a string cannot fail", e);
        }
        return w.toString();
    }

    private static void number(JsonGenerator g, String name, Double v) throws IOException {
        g.writeFieldName(name);
        if (v == null || v.isNaN() || v.isInfinite()) g.writeNull();
        else g.writeNumber(CliContext.js(v));
    }
}
