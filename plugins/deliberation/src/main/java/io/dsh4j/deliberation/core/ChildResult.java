package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.ContentBlock;
import java.util.List;
import java.util.Objects;

/**
 * What a child run returned (spec §12.2 {@code SubagentResult}).
 *
 * @param stopReason the child's stop reason ({@code completed}, {@code error}, {@code aborted}, …)
 * @param structured the value its structured-output tool captured; {@code null} (or JSON null) when none
 * @param output     its final assistant content, {@code null} when none
 * @param diagnostic a safe, bounded diagnostic, {@code null} when none
 */
public record ChildResult(String stopReason, JsonNode structured, List<ContentBlock> output, String diagnostic) {

    public ChildResult {
        Objects.requireNonNull(stopReason, "stopReason");
        output = output == null ? null : List.copyOf(output);
    }

    /** Whether a structured value was captured ({@code null} and JSON {@code null} are none, as {@code ??} reads them). */
    public boolean hasStructured() {
        return !JsValues.nullish(structured);
    }
}
