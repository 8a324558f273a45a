package io.dsh4j.session;

import java.nio.file.Path;
import java.util.Map;

/**
 * The DSH home (§1.1): the explicitly configured folder, else {@code DSH_HOME} (ignored when empty
 * or blank), else {@code ~/.dsh}. A leading {@code ~}, {@code ~/} or {@code ~\} is expanded against
 * the user's home, and the result is made absolute. Sessions live in {@code <home>/sessions}.
 *
 * @param dir the absolute, normalised home folder (it need not exist)
 */
public record SessionHome(Path dir) {

    /** Name of the default home folder under the user's home. */
    public static final String DEFAULT_DIR_NAME = ".dsh";
    /** Environment variable that overrides the default home. */
    public static final String ENV = "DSH_HOME";
    /** Sub-folder of the home holding session logs. */
    public static final String SESSIONS = "sessions";

    public SessionHome {
        dir = dir.toAbsolutePath().normalize();
    }

    /** Resolves the home of this process ({@code System.getenv()}, {@code user.home}). */
    public static SessionHome resolve(String configured) {
        return resolve(configured, System.getenv(), Path.of(System.getProperty("user.home")));
    }

    /**
     * Resolves the home with DSH's precedence.
     *
     * @param configured an explicit folder ({@code --home}), or {@code null}
     * @param env the environment to read {@code DSH_HOME} from
     * @param userHome the OS user's home, for {@code ~} and the default
     */
    public static SessionHome resolve(String configured, Map<String, String> env, Path userHome) {
        String fromEnv = env.get(ENV);
        String selected = configured != null ? configured
                : fromEnv != null && !fromEnv.isBlank() ? fromEnv
                : userHome.resolve(DEFAULT_DIR_NAME).toString();
        return new SessionHome(expandTilde(selected, userHome));
    }

    /** {@code <home>/sessions}: the root of the JSONL session store. */
    public Path sessionsRoot() {
        return dir.resolve(SESSIONS);
    }

    private static Path expandTilde(String path, Path userHome) {
        if (path.equals("~")) return userHome;
        if (path.startsWith("~/") || path.startsWith("~\\")) return userHome.resolve(path.substring(2));
        return Path.of(path);
    }
}
