package io.dsh4j.tool;

import java.util.List;

/**
 * A schema outside DSH's enforced subset (spec §3.2, {@code JsonSchemaError}): thrown at registration,
 * naming every offending path.
 */
public final class JsonSchemaException extends IllegalArgumentException {

    private final List<String> problems;

    public JsonSchemaException(String subject, List<String> problems) {
        super(subject + " has an unsupported JSON schema: " + String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    /** One line per offending construct, each naming its path. */
    public List<String> problems() {
        return problems;
    }
}
