package io.dsh4j.session;

import io.dsh4j.session.internal.StoreLimits;
import java.nio.file.Path;

/**
 * Where a session's log lives under a sessions root (§1.2):
 * {@code <root>/--<project-key>--/<escaped-id>/session.jsonl[.zstd]}, or {@code <root>/_no-cwd/…}
 * when the header has no {@code cwd}. Pure string work: nothing here touches the disk.
 *
 * <p>Stateless and thread-safe.
 */
public final class SessionLayout {

    /** The project directory of sessions whose header has no {@code cwd}. */
    public static final String NO_CWD_DIR = "_no-cwd";

    private SessionLayout() {}

    /**
     * The project directory name for a working directory: {@code /}, {@code \} and {@code :} become
     * one {@code -} per run, {@code [A-Za-z0-9._-]} stay, every other UTF-16 code unit becomes
     * {@code ~} and four upper-case hex digits; leading dashes are stripped, an empty slug becomes {@code root}, and the slug is
     * cut to 251 code units. Lossy on purpose: distinct cwds may share a project directory.
     *
     * @throws IllegalArgumentException for an empty cwd
     */
    public static String projectKey(String cwd) {
        if (cwd.isEmpty()) throw new IllegalArgumentException("cannot encode an empty project path");
        StringBuilder readable = new StringBuilder(cwd.length() + 8);
        boolean separatorRun = false;
        for (int i = 0; i < cwd.length(); i++) {
            char c = cwd.charAt(i);
            if (c == '/' || c == '\\' || c == ':') {
                if (!separatorRun) readable.append('-');
                separatorRun = true;
            } else {
                appendEscaped(readable, c);
                separatorRun = false;
            }
        }
        int lead = 0;
        while (lead < readable.length() && readable.charAt(lead) == '-') lead++;
        String slug = readable.substring(lead);
        if (slug.isEmpty()) slug = "root";
        if (slug.length() > StoreLimits.MAX_PROJECT_SLUG) slug = slug.substring(0, StoreLimits.MAX_PROJECT_SLUG);
        return "--" + slug + "--";
    }

    /**
     * The session directory name for an id: {@code [A-Za-z0-9._-]} stay, everything else (including
     * {@code ~}) becomes {@code ~} and four upper-case hex digits; the names {@code .} and {@code ..} become {@code ~002E} and
     * {@code ~002E~002E}. UUIDs come out unchanged.
     *
     * @throws IllegalArgumentException for an empty id
     */
    public static String encodeSegment(String id) {
        if (id.isEmpty()) throw new IllegalArgumentException("cannot encode an empty path segment");
        if (id.equals(".")) return "~002E";
        if (id.equals("..")) return "~002E~002E";
        StringBuilder out = new StringBuilder(id.length());
        for (int i = 0; i < id.length(); i++) appendEscaped(out, id.charAt(i));
        return out.toString();
    }

    /** {@code <root>/_no-cwd} when {@code cwd} is {@code null}, else {@code <root>/--<projectKey>--}. */
    public static Path projectDir(Path root, String cwd) {
        return root.resolve(cwd == null ? NO_CWD_DIR : projectKey(cwd));
    }

    /** The directory reserved for one session. */
    public static Path sessionDir(Path root, String cwd, String id) {
        return projectDir(root, cwd).resolve(encodeSegment(id));
    }

    /** The transcript path of a session; it may not exist yet (lazy creation). */
    public static Path logPath(Path root, String cwd, String id, LogEncoding encoding) {
        return sessionDir(root, cwd, id).resolve(encoding.transcriptName());
    }

    private static void appendEscaped(StringBuilder out, char c) {
        if (isPlain(c)) {
            out.append(c);
        } else {
            out.append('~');
            String hex = Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT);
            for (int pad = hex.length(); pad < 4; pad++) out.append('0');
            out.append(hex);
        }
    }

    private static boolean isPlain(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                || c == '.' || c == '_' || c == '-';
    }
}
