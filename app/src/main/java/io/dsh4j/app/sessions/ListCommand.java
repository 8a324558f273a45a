package io.dsh4j.app.sessions;

import io.dsh4j.app.HomeOption;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.SessionHome;
import io.dsh4j.session.SessionStore;
import io.dsh4j.session.StoredSession;
import io.dsh4j.session.event.SessionHeader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dsh4j sessions list}: the sessions under a DSH home, newest first, from their headers only. */
@Command(name = "list", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        resourceBundle = Texts.HELP_BUNDLE)
final class ListCommand implements Callable<Integer> {


    @Spec picocli.CommandLine.Model.CommandSpec spec;
    @Mixin HomeOption home;

    @Option(names = "--cwd", paramLabel = "DIR")
    String cwd;

    @Option(names = "--json")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        SessionHome h;
        try {
            if (cwd != null && cwd.isBlank()) throw new CliProblem(ExitCodes.USAGE, Texts.get("list.blankCwd"));
            h = Homes.of(home);
        } catch (CliProblem p) {
            return Problems.report(err, p);
        }
        Path root = h.sessionsRoot();
        List<StoredSession> sessions;
        try {
            if (Files.exists(root) && !Files.isDirectory(root)) {
                throw new CliProblem(ExitCodes.INPUT_UNAVAILABLE, Texts.get("list.rootNotDirectory", root));
            }
            sessions = SessionStore.detect(root).list();
        } catch (CliProblem p) {
            return Problems.report(err, p);
        } catch (IOException e) {
            return Problems.report(err, Problems.of(e, m -> Texts.get("list.cannotList", root, m)));
        }
        if (cwd != null) {
            String wanted = Path.of(cwd).toAbsolutePath().normalize().toString();
            sessions = sessions.stream().filter(s -> wanted.equals(s.header().cwd())).toList();
        }
        if (json) {
            for (StoredSession s : sessions) out.println(jsonLine(s));
        } else if (sessions.isEmpty()) {
            out.println(emptyMessage(h, root));
        } else {
            table(out, sessions);
        }
        out.flush();
        return ExitCodes.OK;
    }

    private String emptyMessage(SessionHome h, Path root) {
        String where = cwd != null ? Texts.get("list.startedIn", Path.of(cwd).toAbsolutePath().normalize()) : "";
        if (!Files.exists(h.dir())) return Texts.get("list.empty.noHome", where, h.dir());
        if (!Files.exists(root)) return Texts.get("list.empty.noSessionsFolder", where, h.dir());
        return Texts.get("list.empty.none", where, root);
    }

    private static String jsonLine(StoredSession s) {
        SessionHeader h = s.header();
        ObjectNode o = JsJson.nodes().objectNode().put("id", h.id()).put("createdAt", h.createdAt());
        if (h.cwd() != null) o.put("cwd", h.cwd());
        if (h.isChild()) o.put("parentSession", h.parentSession());
        o.put("path", s.path().toString());
        return o.toString();
    }

    private static void table(PrintWriter out, List<StoredSession> sessions) {
        int idWidth = Math.max(2, sessions.stream().mapToInt(s -> s.id().length()).max().orElse(2));
        String format = "%-" + idWidth + "s  %-20s  %s%n";
        out.printf(format, Texts.get("list.header.id"), Texts.get("list.header.created"), Texts.get("list.header.cwd"));
        for (StoredSession s : sessions) {
            SessionHeader h = s.header();
            String created = Instant.ofEpochMilli(h.createdAt()).toString().replaceFirst("\\.\\d+Z$", "Z");
            String where = h.cwd() == null ? "-" : h.cwd();
            if (h.isChild()) where += "  " + Texts.get("list.childOf", h.parentSession());
            out.printf(format, s.id(), created, where);
        }
        out.println(sessions.size() == 1 ? Texts.get("list.count.one") : Texts.get("list.count.many", Integer.toString(sessions.size())));
    }
}
