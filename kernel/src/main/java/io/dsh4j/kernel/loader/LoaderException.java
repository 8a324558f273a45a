package io.dsh4j.kernel.loader;

import java.util.List;
import java.util.stream.Collectors;

/** A configuration could not be loaded; each {@link Problem} names its file, row and field. */
public final class LoaderException extends RuntimeException {

    private final List<Problem> problems;

    public LoaderException(String summary, List<Problem> problems) {
        super(summary + (problems.isEmpty() ? ""
                : "\n" + problems.stream().map(Problem::line).collect(Collectors.joining("\n"))));
        this.problems = List.copyOf(problems);
    }

    public LoaderException(Problem problem) {
        this(problem.line(), List.of());
    }

    /** The problems, in input order (empty when the message says everything). */
    public List<Problem> problems() {
        return problems;
    }
}
