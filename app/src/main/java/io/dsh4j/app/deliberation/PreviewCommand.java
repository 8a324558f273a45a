package io.dsh4j.app.deliberation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.app.sessions.CliProblem;
import io.dsh4j.app.sessions.Targets;
import io.dsh4j.deliberation.core.Mask;
import io.dsh4j.deliberation.core.MidForkProjection;
import io.dsh4j.deliberation.core.MidForkProjectionException;
import io.dsh4j.deliberation.core.MidForkProjector;
import io.dsh4j.deliberation.core.ProjectionLimits;
import io.dsh4j.deliberation.core.Window;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.SessionHome;
import io.dsh4j.session.SessionLog;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.SurfaceFold;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionLogException;
import io.dsh4j.session.event.SurfaceOp;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dsh4j deliberation preview}: exactly what a masked-review branch of a session would be given
 * (spec {@code deliberation.md} §3.3–§3.6) — the native seed's length and the masked snapshot of the
 * selected Steps, with the projection's counters — or why the projection is refused. Seqs are as the
 * session library reads the log (packed chunk rows expanded, legacy shapes upgraded); the surface is
 * the folded one (or, for a log that breaks the fold's rules, the appended surface events, with a
 * warning); a torn log is previewed up to its committed prefix, without crash-repair closers
 * (a live turn is open at the checkpoint).
 *
 * <p>Exit codes: 0 projected; 1 the projection was refused or the log is damaged; 2 bad options;
 * 3 the log could not be read.
 */
@Command(name = "preview", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        resourceBundle = CliTexts.HELP_BUNDLE, sortOptions = false)
final class PreviewCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PATH", descriptionKey = "path")
    String path;

    @ArgGroup(exclusive = true, multiplicity = "1")
    WindowChoice window;

    static final class WindowChoice {
        @Option(names = "--recent-steps", paramLabel = "K", required = true, descriptionKey = "recentSteps")
        Integer recentSteps;

        @Option(names = "--current-turn", required = true, descriptionKey = "currentTurn")
        boolean currentTurn;
    }

    @Option(names = "--mask", paramLabel = "reasoning-only|action-only", required = true, descriptionKey = "mask")
    String mask;

    @Option(names = "--max-chars", paramLabel = "N", defaultValue = "65536", descriptionKey = "maxChars")
    long maxChars;

    @Option(names = "--max-images", paramLabel = "N", defaultValue = "20", descriptionKey = "maxImages")
    long maxImages;

    @Option(names = "--json", descriptionKey = "json")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Optional<Mask> m = Mask.of(mask);
        if (m.isEmpty()) return usage(err, CliTexts.get("badMask", mask));
        if (window.recentSteps != null && (window.recentSteps < 1 || window.recentSteps > Window.MAX_RECENT_STEPS)) {
            return usage(err, CliTexts.get("badRecentSteps", String.valueOf(window.recentSteps)));
        }
        if (maxChars < 1 || maxChars > io.dsh4j.message.json.JsNumberFormat.MAX_SAFE_INTEGER) {
            return usage(err, CliTexts.get("badLimit", "--max-chars", String.valueOf(maxChars)));
        }
        if (maxImages < 1 || maxImages > io.dsh4j.message.json.JsNumberFormat.MAX_SAFE_INTEGER) {
            return usage(err, CliTexts.get("badLimit", "--max-images", String.valueOf(maxImages)));
        }
        Window w = window.recentSteps != null ? new Window.RecentSteps(window.recentSteps) : new Window.CurrentTurn();
        Path file;
        try {
            file = Targets.resolve(path, SessionHome.resolve(null));
        } catch (CliProblem p) {
            return failure(out, err, p.exitCode(), "INPUT_UNAVAILABLE", p.getMessage());
        }
        SessionLog log;
        try {
            log = SessionLogReader.read(file, SessionLogReader.Options.FIXTURE);
        } catch (IOException e) {
            return failure(out, err, ExitCodes.INPUT_UNAVAILABLE, "INPUT_UNAVAILABLE", CliTexts.get("unreadable", file, describe(e)));
        }
        if (!log.status().readable() || log.header() == null) {
            return failure(out, err, ExitCodes.PROBLEM_FOUND, "INVALID_LOG", file + ": " + log.status().describe());
        }
        if (log.status() instanceof LogStatus.Torn) err.println("dsh4j deliberation preview: " + CliTexts.get("torn", file, log.status().describe()));
        List<SessionEvent> events = log.events();
        if (!events.isEmpty() && events.getFirst().seq() != 0) {
            return failure(out, err, ExitCodes.PROBLEM_FOUND, "INVALID_LOG", CliTexts.get("notFromZero", file));
        }
        Set<Long> surface = surface(events, file, err);
        MidForkProjection p;
        try {
            p = MidForkProjector.english().project(events, surface, w, m.get(), new ProjectionLimits(maxChars, maxImages));
        } catch (MidForkProjectionException e) {
            return failure(out, err, ExitCodes.PROBLEM_FOUND, e.code().name(), projectionMessage(e));
        }
        if (json) {
            out.println(JsJson.stringify(toJson(p)));
        } else {
            out.println(CliTexts.get("summary", String.valueOf(p.seedLength()), String.valueOf(p.projectedTurns()),
                    String.valueOf(p.projectedSteps()), String.valueOf(p.snapshotChars()), String.valueOf(p.projectedImages()),
                    String.valueOf(p.projectedImageBytes())));
            out.println(CliTexts.get("omitted", String.valueOf(p.omittedReasoningBlocks()), String.valueOf(p.projectedAssistantMessages()),
                    String.valueOf(p.omittedAssistantVisibleMessages())));
            out.println();
            out.println(p.snapshot());
        }
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * The active surface: the folded one, as a live session holds it; when the log breaks the fold's
     * rules (a hand-trimmed fixture, say), the surface events appended in it, with a warning — the
     * surface the original's projection is compared on.
     */
    static Set<Long> surface(List<SessionEvent> events, Path file, PrintWriter err) {
        try {
            SurfaceFold fold = new SurfaceFold(events.isEmpty() ? 0 : events.getFirst().seq());
            for (SessionEvent e : events) fold.accept(e);
            return new HashSet<>(fold.nodeSeqs());
        } catch (SessionLogException e) {
            err.println("dsh4j deliberation preview: " + CliTexts.get("unfoldable", file, e.getMessage()));
            Set<Long> appended = new HashSet<>();
            for (SessionEvent ev : events) {
                if (ev.isSurfaceType() && ev.surfaceOp() instanceof SurfaceOp.Append) appended.add(ev.seq());
            }
            return appended;
        }
    }

    /** The {@code --json} object of a projection. */
    static ObjectNode toJson(MidForkProjection p) {
        return JsJson.nodes().objectNode().put("ok", true).put("seedLength", p.seedLength()).put("snapshot", p.snapshot())
                .put("projectedTurns", p.projectedTurns()).put("projectedSteps", p.projectedSteps())
                .put("omittedReasoningBlocks", p.omittedReasoningBlocks()).put("projectedAssistantMessages", p.projectedAssistantMessages())
                .put("omittedAssistantVisibleMessages", p.omittedAssistantVisibleMessages()).put("snapshotChars", p.snapshotChars())
                .put("projectedImages", p.projectedImages()).put("projectedImageBytes", p.projectedImageBytes());
    }

    private static String projectionMessage(MidForkProjectionException e) {
        ObjectNode d = e.details();
        return switch (e.code()) {
            case NO_OPEN_TURN -> CliTexts.get("noOpenTurn");
            case NO_COMPLETED_STEP -> CliTexts.get("noCompletedStep");
            case PROJECTION_OVER_BUDGET -> CliTexts.get("overBudget", d.path("snapshotChars").asText(), d.path("maxSnapshotChars").asText());
            case PROJECTION_IMAGE_LIMIT -> CliTexts.get("imageLimit", d.path("projectedImages").asText(), d.path("maxSnapshotImages").asText());
        };
    }

    private int failure(PrintWriter out, PrintWriter err, int exit, String code, String message) {
        if (json) {
            out.println(JsJson.stringify(JsJson.nodes().objectNode().put("ok", false).put("errorCode", code).put("errorMessage", message)));
            out.flush();
        } else {
            err.println("dsh4j deliberation preview: " + message + " (" + code + ")");
        }
        return exit;
    }

    private static int usage(PrintWriter err, String message) {
        err.println("dsh4j deliberation preview: " + message);
        err.println(CliTexts.get("tryHelp"));
        return ExitCodes.USAGE;
    }

    private static String describe(IOException e) {
        if (e instanceof NoSuchFileException) return CliTexts.get("io.missing");
        if (e instanceof AccessDeniedException) return CliTexts.get("io.denied");
        return String.valueOf(e.getMessage());
    }
}
