package io.dsh4j.app.sessions;

import io.dsh4j.app.ExitCodes;
import io.dsh4j.session.SessionHome;
import io.dsh4j.session.SessionTargetException;
import io.dsh4j.session.SessionTargets;
import java.nio.file.Path;

/**
 * The command line's wording and exit codes for the session library's {@link SessionTargets} rule
 * (an {@code ID|PATH} argument to one log file), shared by the {@code sessions} commands and
 * {@code merge}. Stateless.
 */
public final class Targets {

    private Targets() {}

    /**
     * The log file that {@code arg} names.
     *
     * @throws CliProblem naming what is wrong: no such file or session (exit 3), an ambiguous id
     *     fragment (exit 2), a directory with both transcripts or a broken store (exit 1)
     */
    public static Path resolve(String arg, SessionHome home) throws CliProblem {
        try {
            return SessionTargets.resolve(arg, home);
        } catch (SessionTargetException e) {
            throw problem(e);
        }
    }

    /** The one-line problem and exit code of a failed resolution. */
    static CliProblem problem(SessionTargetException e) {
        String arg = e.argument();
        Path p = e.path();
        return switch (e.kind()) {
            case BLANK -> new CliProblem(ExitCodes.USAGE, Texts.get("target.blank"));
            case NO_SUCH_FILE -> new CliProblem(ExitCodes.INPUT_UNAVAILABLE, Texts.get("target.noSuchFile", arg));
            case NOT_FILE_OR_DIRECTORY -> new CliProblem(ExitCodes.INPUT_UNAVAILABLE, Texts.get("target.notFileOrDirectory", p));
            case BOTH_TRANSCRIPTS -> new CliProblem(ExitCodes.PROBLEM_FOUND,
                    Texts.get("target.bothTranscripts", p, e.candidates().get(0), e.candidates().get(1)));
            case NOT_SESSION_DIRECTORY -> new CliProblem(ExitCodes.INPUT_UNAVAILABLE,
                    Texts.get("target.notSessionDirectory", p, e.candidates().get(0), e.candidates().get(1)));
            case NO_SESSION -> new CliProblem(ExitCodes.INPUT_UNAVAILABLE, Texts.get("target.noSession", arg, p));
            case AMBIGUOUS -> new CliProblem(ExitCodes.USAGE, Texts.get("target.ambiguous", arg, Integer.toString(e.matches()), p,
                    String.join(", ", e.candidates()) + (e.matches() > SessionTargets.AMBIGUOUS_LISTED ? ", …" : "")));
            case LOOKUP_FAILED -> Problems.of(e.ioCause(), m -> Texts.get("target.cannotLookUp", arg, m));
        };
    }
}
