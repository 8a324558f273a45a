package io.dsh4j.beliefmerge;

import io.dsh4j.beliefmerge.core.Adjudication;
import io.dsh4j.beliefmerge.core.Alignment;
import io.dsh4j.beliefmerge.core.Injection;
import io.dsh4j.beliefmerge.core.MergeOptions;
import io.dsh4j.beliefmerge.core.Packer;
import io.dsh4j.beliefmerge.core.Renderer;
import io.dsh4j.beliefmerge.core.Score;
import io.dsh4j.beliefmerge.core.Trust;
import io.dsh4j.kernel.config.ConfigSchema;
import io.dsh4j.kernel.config.Schema;
import io.dsh4j.message.json.JsStrings;
import io.dsh4j.session.SessionHome;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The plugin's configuration (spec belief-merge §1.4), validated once at load; every default is stated
 * in {@link #SCHEMA}. Numbers must be whole and within their range, else the plugin fails to load with
 * a message naming the key.
 *
 * <p>Beyond the original: {@code semanticAlignment} (off by default) turns on the offline
 * sentence-embedding stage between the heuristic and the model ({@link SemanticStage}); {@code home}
 * names the dsh home whose {@code storages/} holds the runtime source layer and the embedding cache
 * (empty: {@code DSH_HOME}, else {@code ~/.dsh}); {@code lang} is the language of warnings and control
 * texts ({@code en} or {@code zh-CN}); {@code sourceTrustBySession} (empty by default) gives single
 * source sessions, by id, a trust level other than {@code sourceTrust} — the one setting with which a
 * merge can break a trust invariant on the host (a claim derived from a less trusted session's slot),
 * which the injection then refuses (spec §8.3, fail closed).
 */
public record BeliefMergeConfig(List<String> sources, double budgetTokens, String score, boolean includeReasoning,
                                boolean includeInjectedContext, boolean oncePerTurn, boolean useLlmAlignment,
                                String alignmentProvider, String alignmentModel, String alignmentReasoningEffort,
                                double maxAlignmentTokens, double maxCharsPerBranch, double maxSlots, boolean adjudicate,
                                boolean symmetryCheck, double maxAdjudications, double adjudicationTokens, Double temperature,
                                String sourceTrust, String stateFile, boolean debug, String packAlgorithm,
                                boolean packForQuery, boolean semanticAlignment, String home, String lang,
                                Map<String, String> sourceTrustBySession) {

    public static final ConfigSchema<BeliefMergeConfig> SCHEMA = Schema.object()
            .field("sources", Schema.array(Schema.string()).defaultValue(List.of()))
            .field("budgetTokens", Schema.number().defaultValue(1200))
            .field("score", Schema.oneOf("egalitarian", "elitist").defaultValue("egalitarian"))
            .field("includeReasoning", Schema.bool().defaultValue(true))
            .field("includeInjectedContext", Schema.bool().defaultValue(false))
            .field("oncePerTurn", Schema.bool().defaultValue(true))
            .field("useLlmAlignment", Schema.bool().defaultValue(true))
            .field("alignmentProvider", Schema.string().defaultValue(""))
            .field("alignmentModel", Schema.string().defaultValue(""))
            .field("alignmentReasoningEffort", Schema.oneOf("off", "low", "high", "max").defaultValue("off"))
            .field("maxAlignmentTokens", Schema.number().defaultValue(4000))
            .field("maxCharsPerBranch", Schema.number().defaultValue(6000))
            .field("maxSlots", Schema.number().defaultValue(40))
            .field("adjudicate", Schema.bool().defaultValue(true))
            .field("symmetryCheck", Schema.bool().defaultValue(true))
            .field("maxAdjudications", Schema.number().defaultValue(12))
            .field("adjudicationTokens", Schema.number().defaultValue(2000))
            .field("temperature", Schema.number().defaultValue(0))
            .field("sourceTrust", Schema.oneOf("untrusted", "external", "trusted").defaultValue("external"))
            .field("stateFile", Schema.string().defaultValue(""))
            .field("debug", Schema.bool().defaultValue(false))
            .field("packAlgorithm", Schema.oneOf("partial", "density").defaultValue("partial"))
            .field("packForQuery", Schema.bool().defaultValue(true))
            .field("semanticAlignment", Schema.bool().defaultValue(false))
            .field("home", Schema.string().defaultValue(""))
            .field("lang", Schema.oneOf("en", "zh-CN").defaultValue("en"))
            .field("sourceTrustBySession", Schema.dict(Schema.oneOf("untrusted", "external", "trusted")).defaultValue(Map.of()))
            .as(BeliefMergeConfig.class);

    /** Where the runtime layer lives under the home (spec §1.3). */
    public static final String STATE_PATH = "storages/belief-merge/sources.json";
    /** Where the embedding cache lives under the home. */
    public static final String EMBEDDING_CACHE_PATH = "storages/belief-merge/embeddings";

    public BeliefMergeConfig {
        sources = List.copyOf(sources);
        sourceTrustBySession = Map.copyOf(sourceTrustBySession);
        for (String id : sourceTrustBySession.keySet()) {
            if (JsStrings.isBlank(id))
                throw new IllegalArgumentException("belief-merge: `sourceTrustBySession` names a blank session id");
        }
        whole("budgetTokens", budgetTokens, 0, 1_000_000);
        whole("maxAlignmentTokens", maxAlignmentTokens, 1, 1_000_000);
        whole("maxCharsPerBranch", maxCharsPerBranch, 1, 10_000_000);
        whole("maxSlots", maxSlots, 1, 10_000);
        whole("maxAdjudications", maxAdjudications, 0, 10_000);
        whole("adjudicationTokens", adjudicationTokens, 1, 1_000_000);
        if (temperature != null && (temperature.isNaN() || temperature < 0 || temperature > 2))
            throw new IllegalArgumentException("belief-merge: `temperature` must be between 0 and 2, got " + temperature);
    }

    /** Every default. */
    public static BeliefMergeConfig defaults() {
        return SCHEMA.resolve(com.fasterxml.jackson.databind.node.MissingNode.getInstance());
    }

    private static void whole(String key, double v, double min, double max) {
        if (v != Math.rint(v) || v < min || v > max)
            throw new IllegalArgumentException("belief-merge: `" + key + "` must be a whole number from " + (long) min
                    + " to " + (long) max + ", got " + v);
    }

    /** The language of texts. */
    public Locale locale() {
        return "zh-CN".equals(lang) ? Locale.SIMPLIFIED_CHINESE : Locale.ROOT;
    }

    /** The dsh home directory. */
    public Path homeDir() {
        return SessionHome.resolve(home.isEmpty() ? null : home).dir();
    }

    /** The runtime layer's file. */
    public Path stateFilePath() {
        return stateFile.isEmpty() ? homeDir().resolve(STATE_PATH) : Path.of(stateFile);
    }

    /** The engine and injection settings these keys describe. */
    public Injection.Settings settings() {
        MergeOptions merge = MergeOptions.defaults()
                .withScore("elitist".equals(score) ? Score.ELITIST : Score.EGALITARIAN)
                .withIncludeReasoning(includeReasoning)
                .withIncludeInjected(includeInjectedContext)
                .withAdjudicate(adjudicate)
                .withAdjudication(new Adjudication.Options(symmetryCheck, (int) adjudicationTokens, (int) maxAdjudications));
        merge = merge.withAlignment(new Alignment.Options(includeReasoning, includeInjectedContext, (int) maxCharsPerBranch,
                (int) maxSlots, (int) maxAlignmentTokens));
        merge = new MergeOptions(merge.score(), merge.keyStrategy(), merge.includeReasoning(), merge.includeInjected(),
                merge.alignment(), merge.adjudicate(), merge.adjudication(), locale());
        Renderer.Options render = Renderer.Options.defaults().withBudget((int) budgetTokens)
                .withAlgorithm("density".equals(packAlgorithm) ? Packer.Algorithm.DENSITY : Packer.Algorithm.PARTIAL)
                .withLocale(locale());
        Map<String, Trust> trustBySource = new TreeMap<>();
        sourceTrustBySession.forEach((id, label) -> trustBySource.put(id, Trust.fromName(label)));
        return new Injection.Settings(merge, render, Trust.fromName(sourceTrust), oncePerTurn, packForQuery, trustBySource);
    }
}
