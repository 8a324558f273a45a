package io.dsh4j.beliefmerge.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.beliefmerge.core.SemanticAlignment;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The real model (about 260 MB): the only test class that loads it, sharing the process's one instance.
 * It runs offline from the jar, loads once, and puts a paraphrase above the paraphrase threshold and an
 * unrelated sentence far below it.
 */
class MiniLmTest {

    static double cos(float[] a, float[] b) {
        double d = 0, na = 0, nb = 0;
        for (int i = 0; i < a.length; i++) {
            d += a[i] * b[i];
            na += a[i] * a[i];
            nb += b[i] * b[i];
        }
        return d / Math.sqrt(na * nb);
    }

    @Test
    void the_model_loads_once_from_the_jar_and_separates_a_paraphrase_from_an_unrelated_sentence() {
        MiniLm model = MiniLm.instance();
        float[][] v = model.embed(List.of("the api key must never be committed", "never commit the api key",
                "alright i will go through my notes and report back with a recap"));
        float[][] again = MiniLm.instance().embed(List.of("the api key must never be committed"));
        assertThat(MiniLm.loads()).isEqualTo(1);
        assertThat(v[0]).hasSize(MiniLm.DIMENSIONS);
        assertThat(again[0]).isEqualTo(v[0]);           // deterministic per text
        double threshold = SemanticAlignment.Options.defaults().paraphraseThreshold();
        assertThat(cos(v[0], v[1])).isGreaterThan(threshold);
        assertThat(cos(v[0], v[2])).isLessThan(0.5);
        // more than one ONNX batch in one call
        String[] many = new String[MiniLm.BATCH + 3];
        for (int i = 0; i < many.length; i++) many[i] = "sentence number " + i;
        float[][] rows = model.embed(List.of(many));
        assertThat(rows).hasNumberOfRows(many.length);
        for (float[] r : rows) assertThat(r).hasSize(MiniLm.DIMENSIONS);
        assertThat(MiniLm.loads()).isEqualTo(1);
    }
}
