package io.dsh4j.message.json;

/**
 * A value that would not survive a JSON round trip unchanged and which DSH therefore refuses to
 * persist: {@code -0}, a non-finite number, a non-JSON node (binary, POJO, missing), or nesting
 * deeper than the writer's cap. The message names the JSON path of the offending value.
 */
public final class LosslessJsonException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String path;

    /**
     * @param path    JSON path of the offending value ({@code $} is the root)
     * @param problem what is wrong with it
     */
    public LosslessJsonException(String path, String problem) {
        super("not lossless JSON at " + path + ": " + problem);
        this.path = path;
    }

    /** JSON path of the offending value, e.g. {@code $.data.usage.inputTokens}. */
    public String path() {
        return path;
    }
}
