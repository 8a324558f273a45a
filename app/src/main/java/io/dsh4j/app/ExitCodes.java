package io.dsh4j.app;

/**
 * The process exit codes of every {@code dsh4j} command; {@code --help} lists them.
 * One table, so that scripts can rely on the same meaning everywhere.
 */
public final class ExitCodes {

    /** The command did what it was asked and found nothing wrong. */
    public static final int OK = 0;
    /** The command ran, and what it examined has a problem it reports (a corrupt log, say). */
    public static final int PROBLEM_FOUND = 1;
    /** The command line itself is wrong: an unknown option, a missing or malformed argument. */
    public static final int USAGE = 2;
    /** An input could not be found or read (no such session, file or home folder). */
    public static final int INPUT_UNAVAILABLE = 3;
    /** An unexpected internal failure; the message names it. Please report it. */
    public static final int INTERNAL = 70;
    /** The user cancelled (Ctrl-C): 128 + SIGINT, as shells report it. */
    public static final int CANCELLED = 130;

    /** Code to meaning, in the order {@code --help} lists them under "Exit codes:". */
    public static java.util.Map<String, String> helpList() {
        var list = new java.util.LinkedHashMap<String, String>();
        list.put(Integer.toString(OK), "success");
        list.put(Integer.toString(PROBLEM_FOUND), "the command ran and found a problem in its input (for example a corrupt log)");
        list.put(Integer.toString(USAGE), "invalid command line");
        list.put(Integer.toString(INPUT_UNAVAILABLE), "an input could not be found or read");
        list.put(Integer.toString(INTERNAL), "internal error");
        list.put(Integer.toString(CANCELLED), "cancelled by the user (Ctrl-C)");
        return list;
    }

    private ExitCodes() {}
}
