package io.dsh4j.attention.core;

/**
 * Render limits and profile of a handoff document (spec §5.2). {@link #DEFAULTS}: 10 requests,
 * 10 turns, 15 files, 10 error groups, 8 tools, 25 decisions, slim profile.
 *
 * @param recentTurns turns in appendix A, or 0 for the profile's default (slim 1, full 2)
 */
public record HandoffOptions(int maxRequests, int maxTurns, int maxFiles, int maxErrors, int maxTools,
        int maxDecisions, Profile profile, int recentTurns) {

    /** The document profiles: {@code slim} (the default, called "lean" in the UI) and {@code full}. */
    public enum Profile {
        SLIM("slim"), FULL("full");

        private final String key;

        Profile(String key) {
            this.key = key;
        }

        /** The wire key. */
        public String key() {
            return key;
        }

        /** The profile for {@code slim}, {@code lean} or {@code full}. */
        public static Profile of(String name) {
            return switch (name == null ? "slim" : name) {
                case "full" -> FULL;
                case "slim", "lean" -> SLIM;
                default -> throw new IllegalArgumentException("unknown profile '" + name + "' (slim, lean, full)");
            };
        }
    }

    /** The defaults. */
    public static final HandoffOptions DEFAULTS = new HandoffOptions(10, 10, 15, 10, 8, 25, Profile.SLIM, 0);

    public HandoffOptions {
        if (maxRequests < 0 || maxTurns < 0 || maxFiles < 0 || maxErrors < 0 || maxTools < 0 || maxDecisions < 0
                || recentTurns < 0) {
            throw new IllegalArgumentException("render limits must not be negative");
        }
        if (profile == null) profile = Profile.SLIM;
    }

    /** Whether this is the slim profile. */
    public boolean slim() {
        return profile == Profile.SLIM;
    }

    /** Appendix A turns: the explicit value, else 1 (slim) or 2 (full). */
    public int appendixTurns() {
        return recentTurns > 0 ? recentTurns : slim() ? 1 : 2;
    }

    /** These options with another profile. */
    public HandoffOptions withProfile(Profile p) {
        return new HandoffOptions(maxRequests, maxTurns, maxFiles, maxErrors, maxTools, maxDecisions, p, recentTurns);
    }

    /** These options with other request/turn/file limits (a negative value keeps the current one). */
    public HandoffOptions withLimits(int requests, int turns, int files) {
        return new HandoffOptions(requests < 0 ? maxRequests : requests, turns < 0 ? maxTurns : turns,
                files < 0 ? maxFiles : files, maxErrors, maxTools, maxDecisions, profile, recentTurns);
    }
}
