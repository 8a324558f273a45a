package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Image input admission (spec §7): a child whose input holds images starts only when its exact
 * final model route is known to accept image input; images are never silently replaced by text.
 * Only attachment metadata is read. The model-info service is injected; text-only input never
 * consults it. Stateless apart from its texts; thread-safe.
 */
public final class ImageGate {

    /** Images in a child's input, their bytes, and how many sit in assistant messages of the seed. */
    public record Stats(long images, long imageBytes, long assistantSeedImages) {
        Stats plus(Stats o) {
            return new Stats(images + o.images, imageBytes + o.imageBytes, assistantSeedImages + o.assistantSeedImages);
        }
    }

    /** A model route: provider and model. */
    public record ModelRoute(String provider, String model) {
        public ModelRoute {
            Objects.requireNonNull(provider, "provider");
            Objects.requireNonNull(model, "model");
        }
    }

    /** The optional {@code llm} service's model lookup. */
    @FunctionalInterface
    public interface ModelInfo {
        /**
         * The model's declared input modalities, empty when it declares none.
         *
         * @throws Exception when the lookup fails
         */
        Optional<List<String>> inputModalities(ModelRoute route) throws Exception;
    }

    /** The caller's signal was aborted during the check; the abort wins over any refusal. */
    public static final class Aborted extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Aborted() {
            super("image gate aborted");
        }
    }

    private final Texts texts;

    public ImageGate(Texts texts) {
        this.texts = Objects.requireNonNull(texts, "texts");
    }

    /** A gate with English refusal messages (they become model-visible diagnostics). */
    public static ImageGate english() {
        return new ImageGate(Texts.english());
    }

    /** {@code contentImageStats}: image blocks and their bytes, recursing only into tool-result blocks. */
    public static Stats contentStats(List<ContentBlock> blocks) {
        long images = 0;
        long bytes = 0;
        for (ContentBlock b : blocks) {
            switch (b) {
                case ContentBlock.Image i -> {
                    images++;
                    bytes += Math.max(0, i.attachment().bytes());
                }
                case ContentBlock.ToolResult r -> {
                    Stats s = contentStats(r.content());
                    images += s.images();
                    bytes += s.imageBytes();
                }
                default -> {
                    // no images elsewhere
                }
            }
        }
        return new Stats(images, bytes, 0);
    }

    /**
     * {@code inspectChildImageInput}: the prompt's images plus those of every message the child would
     * see in its seed (the seed's surface messages, in order).
     */
    public static Stats inspect(List<Message> seedSurface, List<ContentBlock> prompt) {
        Stats total = contentStats(prompt);
        for (Message m : seedSurface) {
            List<ContentBlock> content = switch (m) {
                case Message.UserMessage u -> u.content();
                case Message.AssistantMessage a -> a.content();
                case Message.ToolResultMessage t -> List.of(t.result());
            };
            Stats s = contentStats(content);
            total = total.plus(m instanceof Message.AssistantMessage ? new Stats(s.images(), s.imageBytes(), s.images()) : s);
        }
        return total;
    }

    /**
     * {@code childRoute} (spec §7.3): overrides, else the parent's options; both present → that route;
     * exactly one → unresolved (partial overrides are not guessed); neither → the provider and model of
     * the latest model-sourced assistant message of the parent's session.
     */
    public static Optional<ModelRoute> childRoute(String overrideProvider, String overrideModel, String parentProvider, String parentModel,
                                                  List<SessionEvent> parentEvents) {
        String provider = overrideProvider != null ? overrideProvider : parentProvider;
        String model = overrideModel != null ? overrideModel : parentModel;
        if (provider != null && model != null) return Optional.of(new ModelRoute(provider, model));
        if (provider != null || model != null) return Optional.empty();
        for (int i = parentEvents.size() - 1; i >= 0; i--) {
            SessionEvent e = parentEvents.get(i);
            if (!EventTypes.ASSISTANT_MESSAGE.equals(e.type())) continue;
            JsonNode source = e.data().path("message").path("source");
            if (!"model".equals(source.path("kind").asText(null))) continue;
            JsonNode p = source.get("provider");
            JsonNode mo = source.get("model");
            if (p != null && p.isTextual() && mo != null && mo.isTextual()) return Optional.of(new ModelRoute(p.textValue(), mo.textValue()));
            return Optional.empty();
        }
        return Optional.empty();
    }

    /**
     * {@code assertChildImageInputSupported} (spec §7.4).
     *
     * @param route   the resolved child route, empty when unresolved
     * @param llm     the model-info service, {@code null} when the host has none
     * @param aborted whether the caller's signal is aborted
     * @return the stats, when the input may start
     * @throws UnsupportedChildImageInputException when it may not
     * @throws Aborted                             when the caller aborted during the check
     */
    public Stats check(Stats stats, Optional<ModelRoute> route, ModelInfo llm, BooleanSupplier aborted) {
        if (stats.images() == 0) return stats;
        if (stats.assistantSeedImages() > 0) throw refuse(UnsupportedChildImageInputException.Code.ASSISTANT_IMAGE_IN_SEED, stats);
        if (route.isEmpty()) throw refuse(UnsupportedChildImageInputException.Code.IMAGE_ROUTE_UNRESOLVED, stats);
        if (llm == null) throw refuse(UnsupportedChildImageInputException.Code.IMAGE_ROUTE_UNVERIFIED, stats);
        if (aborted.getAsBoolean()) throw new Aborted();
        Optional<List<String>> modalities;
        try {
            modalities = llm.inputModalities(route.get());
        } catch (Exception e) {
            if (aborted.getAsBoolean()) throw new Aborted();
            throw refuse(UnsupportedChildImageInputException.Code.IMAGE_ROUTE_UNVERIFIED, stats);
        }
        if (aborted.getAsBoolean()) throw new Aborted();
        if (modalities == null || modalities.isEmpty()) throw refuse(UnsupportedChildImageInputException.Code.IMAGE_CAPABILITY_UNKNOWN, stats);
        if (!modalities.get().contains("image")) throw refuse(UnsupportedChildImageInputException.Code.IMAGE_INPUT_UNSUPPORTED, stats);
        return stats;
    }

    private UnsupportedChildImageInputException refuse(UnsupportedChildImageInputException.Code code, Stats stats) {
        return new UnsupportedChildImageInputException(code, stats, texts.format("imageGate." + code.name()));
    }
}
