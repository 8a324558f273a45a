package io.dsh4j.app.health;

import io.dsh4j.app.ExitCodes;
import io.dsh4j.app.Utf8Text;
import io.dsh4j.attention.core.ColdFold;
import io.dsh4j.attention.core.Handoff;
import io.dsh4j.attention.core.HandoffHistory;
import io.dsh4j.attention.core.HandoffOptions;
import io.dsh4j.attention.core.HandoffRequest;
import io.dsh4j.attention.core.HandoffResult;
import io.dsh4j.attention.core.SessionFacts;
import io.dsh4j.attention.sessions.SessionLogs;
import io.dsh4j.attention.sessions.SessionSelection;
import io.dsh4j.attention.core.Texts;
import io.dsh4j.attention.core.Thresholds;
import io.dsh4j.session.LenientLogReader;
import io.dsh4j.session.SessionStoreException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dsh4j handoff}: the rule-built handoff document of a session (attention-health spec §1.9,
 * §5) — the same renderer the live plugin will use — and its row in the calibration history
 * (§7.1). No model, no network.
 */
@Command(name = "handoff", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        description = "Rule-built handoff document of a DSH session, for a new session to take over (no model, no network).")
public final class HandoffCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Parameters(index = "0", arity = "0..1", paramLabel = "ID|PATH",
            description = "A session id or unique part of one, a session directory or a log file (default: the newest session of the current directory).")
    String target;

    @Option(names = {"-o", "--out"}, paramLabel = "FILE", description = "Write the document to FILE (parent folders are created).")
    Path out;

    @Option(names = "--profile", paramLabel = "full|slim|lean", description = "Document profile (default: slim).")
    String profile;

    @Option(names = "--max-turns", paramLabel = "N", description = "Turns in the progress and growth tables (default 10).")
    Integer maxTurns;

    @Option(names = "--max-requests", paramLabel = "N", description = "Requests in the main line (default 10).")
    Integer maxRequests;

    @Option(names = "--max-files", paramLabel = "N", description = "Files listed (default 15).")
    Integer maxFiles;

    @Option(names = "--stats", description = "Print parse statistics to standard error.")
    boolean stats;

    @Option(names = "--calibration", description = "Print the summary of the handoff history and exit.")
    boolean calibration;

    @Option(names = "--no-record", description = "Do not append a row to the handoff history (probes, tests).")
    boolean noRecord;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CliContext ctx;
        HandoffOptions options;
        try {
            ctx = common.context();
            Texts texts = ctx.texts();
            notNegative(texts, "--max-turns", maxTurns);
            notNegative(texts, "--max-requests", maxRequests);
            notNegative(texts, "--max-files", maxFiles);
            options = HandoffOptions.DEFAULTS.withProfile(profileOf(texts, profile)).withLimits(
                    maxRequests == null ? -1 : maxRequests, maxTurns == null ? -1 : maxTurns, maxFiles == null ? -1 : maxFiles);
        } catch (IllegalArgumentException e) {
            err.println("dsh4j handoff: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        Texts t = ctx.texts();
        if (calibration) {
            Path file = ctx.attentionDir().resolve(HandoffHistory.FILE);
            for (String line : HandoffHistory.summarize(HandoffHistory.read(ctx.attentionDir()), file, ctx.zone(), t)) {
                stdout.println(line);
            }
            stdout.flush();
            return ExitCodes.OK;
        }
        SessionLogs.Found found;
        try {
            found = SessionSelection.select(target, ctx.sessionsRoot(), Path.of("").toAbsolutePath(), t, err::println);
        } catch (SessionSelection.Failure f) {
            err.println("dsh4j handoff: " + f.getMessage());
            return CliContext.exitCode(f);
        }
        ColdFold fold = ColdFold.forDocument();
        LenientLogReader.Result read;
        try {
            read = SessionLogs.read(found.file(), fold::accept);
        } catch (SessionStoreException e) {
            err.println("dsh4j handoff: " + e.getMessage());
            return ExitCodes.PROBLEM_FOUND;
        } catch (IOException e) {
            err.println("dsh4j handoff: " + t.get("cli.unreadable", found.file().toString(), CliContext.describe(t, e)));
            return ExitCodes.INPUT_UNAVAILABLE;
        }
        for (String problem : SessionLogs.problems(read, found.size(), t)) {
            err.println("dsh4j handoff: " + found.file() + ": " + problem);
        }
        if (!SessionLogs.wasRead(read)) return ExitCodes.PROBLEM_FOUND;
        SessionFacts x = fold.finish();
        HandoffResult doc = Handoff.build(x, new HandoffRequest(read.header(), null, options, false,
                found.generationTag(), ctx.now(), ctx.zone(), t, Thresholds.DEFAULTS, ctx.prices(),
                (int) Math.min(Integer.MAX_VALUE, read.records())));
        if (!noRecord) {
            // the session's id as the listing knows it (its folder), as the original's row had it
            HandoffHistory.record(ctx.attentionDir(), HandoffHistory.cliRow(ctx.now().toEpochMilli(), found.id(), doc.stats(),
                    x.score(Thresholds.DEFAULTS), x));
        }
        if (out != null) {
            try {
                Path abs = out.toAbsolutePath();
                if (abs.getParent() != null) Files.createDirectories(abs.getParent());
                Files.write(abs, Utf8Text.bytes(doc.markdown()));
                err.println(t.get("cli.written", abs.toString()));
            } catch (IOException e) {
                err.println("dsh4j handoff: " + t.get("cli.cannotWrite", out.toString(), CliContext.describe(t, e)));
                return ExitCodes.INPUT_UNAVAILABLE;
            }
        } else {
            stdout.print(doc.markdown());
            stdout.flush();
        }
        if (stats) printStats(err, t, found, read, x, doc);
        return ExitCodes.OK;
    }

    /** The {@code --profile} value as {@link HandoffOptions.Profile#of} reads it, refused in the chosen language. */
    private static HandoffOptions.Profile profileOf(Texts texts, String name) {
        try {
            return HandoffOptions.Profile.of(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(texts.get("cli.badProfile", name));
        }
    }

    /** Refuses a negative {@code --max-*} value, naming the option. */
    private static void notNegative(Texts texts, String option, Integer value) {
        if (value != null && value < 0) {
            throw new IllegalArgumentException(texts.get("cli.negativeLimit", option, value.toString()));
        }
    }

    /** {@code --stats} (spec §1.9): how the log was read and what the document was built from. */
    private static void printStats(PrintWriter err, Texts t, SessionLogs.Found found, LenientLogReader.Result read,
            SessionFacts x, HandoffResult doc) {
        err.println();
        err.println(t.get("cli.statsHeading"));
        List<String> lines = List.of(
                t.get("cli.statsFile", found.file().toString()),
                t.get("cli.statsGeneration", found.generationTag()),
                t.get("cli.statsFrames", Integer.toString(read.frames()), Integer.toString(read.failedFrames())),
                t.get("cli.statsDecoded", CliContext.humanSize(read.plaintextChars())),
                t.get("cli.statsEvents", Long.toString(read.records())),
                t.get("cli.statsParseErrors", Long.toString(read.parseErrors())),
                t.get("cli.statsRequests", Integer.toString(x.userRequests().size())),
                t.get("cli.statsTurns", Integer.toString(x.turns().size())),
                t.get("cli.statsTools", Integer.toString(x.toolCounts().stream().mapToInt(SessionFacts.ToolCount::count).sum())),
                t.get("cli.statsFiles", Integer.toString(x.files().size())),
                t.get("cli.statsErrors", Integer.toString(x.errors().size())),
                t.get("cli.statsScore", Integer.toString(doc.stats().score()), doc.stats().level().label(t)),
                t.get("cli.statsThinking", Integer.toString(x.reasoningLoop()), Integer.toString(x.reasoningFlags())),
                t.get("cli.statsDecisions", Integer.toString(x.decisions().size()),
                        x.broadFallback() ? t.get("cli.statsBroad") : ""),
                t.get("cli.statsChars", Integer.toString(doc.stats().chars())));
        for (String line : LabelColumns.align(lines)) err.println(line);
    }
}
