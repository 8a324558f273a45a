package io.dsh4j.agent.subagent;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.ContentBlock;
import java.util.List;
import java.util.Objects;

/**
 * The settled result of a one-shot run (spec §6.3).
 *
 * @param output     the content of the child's last non-empty assistant message among its own events
 *                   (seed excluded); else the streamed text as one block; else empty
 * @param structured the captured value when an output schema was requested and satisfied, else {@code null}
 * @param diagnostic provider-authored detail for a non-completed result (≤ 4096 UTF-8 bytes), or {@code null}
 * @param stopReason {@code completed}, {@code aborted}, {@code error}, {@code max-tokens}, {@code refusal}
 */
public record SubagentResult(List<ContentBlock> output, JsonNode structured, String diagnostic, String stopReason) {

    public static final String COMPLETED = "completed";
    public static final String ABORTED = "aborted";
    public static final String ERROR = "error";
    public static final String MAX_TOKENS = "max-tokens";
    public static final String REFUSAL = "refusal";

    public SubagentResult {
        output = List.copyOf(Objects.requireNonNull(output, "output"));
        Objects.requireNonNull(stopReason, "stopReason");
    }

    /** The text blocks of {@link #output()}, joined. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        for (ContentBlock b : output) {
            if (b instanceof ContentBlock.Text t) sb.append(t.text());
        }
        return sb.toString();
    }
}
