package io.dsh4j.message.json;

/**
 * A JSON value that does not have the shape a typed view expects (a missing field, a wrong type).
 * The message names the JSON path of the field; {@link #path()} and {@link #problem()} give the parts.
 */
public final class JsonShapeException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String path;
    private final String problem;

    /**
     * @param path    dotted path of the offending field inside the value being read (e.g. {@code message.content[0].text})
     * @param problem what is wrong with it
     */
    public JsonShapeException(String path, String problem) {
        super(path + ": " + problem);
        this.path = path;
        this.problem = problem;
    }

    /** Dotted path of the offending field. */
    public String path() {
        return path;
    }

    /** What is wrong with the field. */
    public String problem() {
        return problem;
    }
}
