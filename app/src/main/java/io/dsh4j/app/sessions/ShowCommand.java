package io.dsh4j.app.sessions;

import io.dsh4j.app.HomeOption;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageJson;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.CrashRepair;
import io.dsh4j.session.LogReadResult;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.SessionLogVisitor;
import io.dsh4j.session.SurfaceFold;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.SessionLogException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dsh4j sessions show}: the conversation of a session — its surface of user, assistant and tool messages. */
@Command(name = "show", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        resourceBundle = Texts.HELP_BUNDLE)
final class ShowCommand implements Callable<Integer> {

    @Spec picocli.CommandLine.Model.CommandSpec spec;
    @Mixin HomeOption home;
    @Mixin ReadOptions read;

    @Option(names = "--json")
    boolean json;

    @Option(names = "--reasoning")
    boolean reasoning;

    @Parameters(paramLabel = "ID|PATH", descriptionKey = "target")
    String target;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            Path file = Targets.resolve(target, Homes.of(home));
            Surface surface = new Surface();
            LogReadResult r = SessionLogReader.stream(file, read.options(), surface);
            if (surface.overLimit != null) {
                err.println(Texts.error(file + ": " + surface.overLimit.describe()));
                return ExitCodes.PROBLEM_FOUND;
            }
            if (surface.header != null && !json) out.println(title(surface.header, file));
            if (surface.foldProblem != null && !json) {
                out.println(Texts.get("show.logOrder") + "\n");
            }
            int shown = print(out, surface.foldProblem == null ? surface.fold.nodes() : surface.inLogOrder);
            if (!json && shown == 0 && surface.header != null) out.println(Texts.get("show.noMessages"));
            out.flush();
            return report(err, r, surface.turns, surface.foldProblem);
        } catch (CliProblem p) {
            return Problems.report(err, p);
        } catch (IOException e) {
            return Problems.report(err, Problems.of(e));
        }
    }

    /**
     * Collects what {@code show} prints while the log streams by: the header, the surface (DSH's fold),
     * the surface events in log order in case the fold breaks (the first broken rule is kept), and
     * whether the last turn is still open.
     */
    private static final class Surface implements SessionLogVisitor {
        SessionHeader header;
        final SurfaceFold fold = new SurfaceFold();
        final List<SessionEvent> inLogOrder = new ArrayList<>();
        final CrashRepair.Tracker turns = new CrashRepair.Tracker();
        String foldProblem;
        /** The surface passed {@link SessionLogReader#MAX_SURFACE_MESSAGES} messages: nothing more is kept. */
        LogStatus.Refused overLimit;
        long position;

        @Override
        public void position(long fileOffset) {
            position = fileOffset;
        }

        @Override
        public void header(SessionHeader h) {
            header = h;
        }

        @Override
        public void event(SessionEvent e) {
            turns.accept(e);
            if (overLimit != null) return;
            if (inLogOrder.size() >= SessionLogReader.MAX_SURFACE_MESSAGES && e.isSurfaceType()) {
                overLimit = new LogStatus.Refused("the surface has more than " + SessionLogReader.MAX_SURFACE_MESSAGES
                        + " messages to show (limit MAX_SURFACE_MESSAGES)", position);
                inLogOrder.clear();
                return;
            }
            if (e.isSurfaceType()) inLogOrder.add(e);
            if (foldProblem != null) return;
            try {
                fold.accept(e);
            } catch (SessionLogException x) {
                foldProblem = x.getMessage();
            }
        }
    }

    private int print(PrintWriter out, List<SessionEvent> surface) {
        SurfaceText text = new SurfaceText(out, reasoning);
        int shown = 0;
        for (SessionEvent e : surface) {
            Message m;
            try {
                m = SurfaceFold.messageOf(e);
            } catch (SessionLogException x) {
                out.println(Texts.get("show.unreadable", e.type(), Long.toString(e.seq()), x.getMessage()));
                continue;
            }
            if (m == null) continue;
            shown++;
            if (json) {
                ObjectNode o = JsJson.nodes().objectNode().put("seq", e.seq()).put("type", e.type());
                o.set("message", MessageJson.write(m));
                out.println(JsJson.stringify(o));
            } else {
                text.message(e, m);
            }
        }
        return shown;
    }

    private static String title(SessionHeader h, Path file) {
        StringBuilder s = new StringBuilder(Texts.get("show.title", h.id(), Instant.ofEpochMilli(h.createdAt()).toString()));
        if (h.cwd() != null) s.append(Texts.get("show.titleCwd", h.cwd()));
        if (h.isChild()) s.append(Texts.get("show.titleChild", h.parentSession()));
        return s.append("\n").append(file).append("\n").toString();
    }

    private static int report(PrintWriter err, LogReadResult r, CrashRepair.Tracker turns, String foldProblem) {
        int exit = ExitCodes.OK;
        switch (r.status()) {
            case LogStatus.Ok ok -> { }
            case LogStatus.Torn t -> err.println(Texts.get("show.tornNote", r.file(), t.describe()));
            default -> {
                err.println(Texts.error(r.describe()));
                exit = ExitCodes.PROBLEM_FOUND;
            }
        }
        if (turns.turnOpen() && r.status().readable()) {
            err.println(Texts.get("show.interruptedNote"));
        }
        if (foldProblem != null) {
            err.println(Texts.error(Texts.get("show.brokenSurface", r.file(), foldProblem)));
            exit = ExitCodes.PROBLEM_FOUND;
        }
        err.flush();
        return exit;
    }
}
