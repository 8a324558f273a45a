package io.dsh4j.llm;

import java.util.List;
import java.util.Objects;

/**
 * What is known about one model of one route ({@code resolveModelInfo} in DSH). Everything but the
 * identity is advisory and may be absent ({@code null} or empty).
 *
 * @param provider         route id
 * @param id               model id as sent to the provider
 * @param name             display name
 * @param contextWindow    context window in tokens, {@code null} when unknown
 * @param defaultMaxTokens the adapter's output ceiling when a call gives none, {@code null} when unknown
 * @param efforts          reasoning efforts the model accepts, empty when it has no reasoning control
 * @param defaultEffort    the effort used when a call gives none, {@code null} when none
 * @param inputModalities  accepted inputs ({@code text}, {@code image}); empty when unknown
 */
public record ModelInfo(String provider, String id, String name, Long contextWindow, Long defaultMaxTokens,
                        List<Effort> efforts, String defaultEffort, List<String> inputModalities) {

    public ModelInfo {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        efforts = efforts == null ? List.of() : List.copyOf(efforts);
        inputModalities = inputModalities == null ? List.of() : List.copyOf(inputModalities);
    }

    /** A model known only by its id: name = id, nothing else. */
    public static ModelInfo bare(String provider, String id) {
        return new ModelInfo(provider, id, id, null, null, List.of(), null, List.of());
    }

    /** Whether the model accepts {@code effort} (always true when the model lists no efforts). */
    public boolean acceptsEffort(String effort) {
        return efforts.isEmpty() || efforts.stream().anyMatch(e -> e.id().equals(effort));
    }

    /** One reasoning effort ({@code {id, name}}). */
    public record Effort(String id, String name) {
        public Effort {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
        }
    }
}
