package io.dsh4j.beliefmerge;

import io.dsh4j.beliefmerge.core.BeliefMerge;
import io.dsh4j.beliefmerge.core.SemanticAlignment;
import io.dsh4j.beliefmerge.embedding.EmbeddingCache;
import io.dsh4j.beliefmerge.embedding.MiniLm;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The opt-in semantic alignment stage of the live plugin ({@code semanticAlignment: true}): the
 * engine's {@link SemanticAlignment} over the process's one {@link MiniLm}, behind one
 * {@link EmbeddingCache} per home (so every agent and every turn of a process shares the vectors).
 * Nothing here is touched unless the stage is on, so the model never loads otherwise.
 */
public final class SemanticStage {

    private static final Map<Path, EmbeddingCache> CACHES = new ConcurrentHashMap<>();

    private SemanticStage() {}

    /** The cached embedder of {@code home} (created on first use). */
    public static EmbeddingCache embedder(Path home, Consumer<String> onWarn) {
        Path dir = home.resolve(BeliefMergeConfig.EMBEDDING_CACHE_PATH).toAbsolutePath().normalize();
        return CACHES.computeIfAbsent(dir, d -> new EmbeddingCache(MiniLm.instance(), MiniLm.MODEL_ID, MiniLm.DIMENSIONS,
                EmbeddingCache.fileUnder(d, MiniLm.MODEL_ID), onWarn));
    }

    /** The stage for the merge pipeline, with the default thresholds. */
    public static BeliefMerge.BranchStage of(Path home, Consumer<String> onWarn) {
        return SemanticAlignment.stage(embedder(home, onWarn), SemanticAlignment.Options.defaults());
    }
}
