package io.dsh4j.beliefmerge.bench;

import io.dsh4j.beliefmerge.core.Evidence;
import io.dsh4j.beliefmerge.core.SourceMessage;
import io.dsh4j.beliefmerge.core.Surface;
import io.dsh4j.beliefmerge.core.Trust;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * MergeBench scenario generation (spec §11.1), drawing from {@link Mulberry32} in exactly the original's
 * order so that a seed gives the original's topics, owners, conflicts and filler picks.
 */
public final class ScenarioGenerator {

    /**
     * Generation parameters (defaults: seed 1, 2 branches, 8 topics, 2 conflicts, 18 filler lines).
     *
     * @throws IllegalArgumentException if there are fewer than two branches
     */
    public record Options(long seed, int branchCount, int topicCount, int conflictCount, int chatterPerBranch) {
        public Options {
            if (branchCount < 2) throw new IllegalArgumentException("a merge benchmark needs at least two branches");
            if (branchCount > 26) throw new IllegalArgumentException("at most 26 branches (branch-a .. branch-z)");
        }

        public static Options defaults() {
            return new Options(1, 2, 8, 2, 18);
        }
    }

    private ScenarioGenerator() {}

    /** Fisher–Yates from the end: {@code j = floor(rng·(i+1))}. */
    static <T> List<T> shuffle(Mulberry32 rng, List<T> list) {
        List<T> out = new ArrayList<>(list);
        for (int i = out.size() - 1; i > 0; i--) {
            int j = rng.nextIndex(i + 1);
            T tmp = out.get(i);
            out.set(i, out.get(j));
            out.set(j, tmp);
        }
        return out;
    }

    /** Builds one scenario. Deterministic per options. */
    public static Scenario generate(Options o) {
        Mulberry32 rng = new Mulberry32(o.seed());
        List<TopicPool.Topic> topics = shuffle(rng, TopicPool.TOPICS)
                .subList(0, Math.max(0, Math.min(o.topicCount(), TopicPool.TOPICS.size())));
        topics = List.copyOf(topics);
        List<String> branchIds = new ArrayList<>();
        for (int i = 0; i < o.branchCount(); i++) branchIds.add("branch-" + (char) ('a' + i));

        List<Scenario.Fact> facts = new ArrayList<>();
        Map<String, String> owner = new LinkedHashMap<>();
        for (int i = 0; i < topics.size(); i++) {
            TopicPool.Topic t = topics.get(i);
            String branch = branchIds.get(i % o.branchCount());
            owner.put(t.key(), branch);
            facts.add(new Scenario.Fact(t.key(), t.values().get(0), branch, Evidence.USER_STATED, true));
        }
        List<TopicPool.Topic> conflicted = shuffle(rng, topics).subList(0, Math.max(0, Math.min(o.conflictCount(), topics.size())));
        for (TopicPool.Topic t : conflicted) {
            String challenger = branchIds.stream().filter(b -> !b.equals(owner.get(t.key()))).findFirst().orElseThrow();
            facts.add(new Scenario.Fact(t.key(), t.values().get(1), challenger, Evidence.INFERRED, false));
        }

        Map<String, TopicPool.Topic> byKey = new LinkedHashMap<>();
        for (TopicPool.Topic t : topics) byKey.put(t.key(), t);
        List<Surface> branches = new ArrayList<>();
        for (String id : branchIds) {
            List<Scenario.Fact> mine = facts.stream().filter(f -> f.branch().equals(id)).toList();
            List<SourceMessage> messages = new ArrayList<>();
            for (Scenario.Fact f : mine) {
                String statement = byKey.get(f.key()).say(f.value());
                boolean user = f.evidence() == Evidence.USER_STATED;
                messages.add(SourceMessage.text(user ? "user" : "assistant", statement, "user"));
                if (!user) messages.add(SourceMessage.reasoning("assistant", statement + " I think.", "model"));
            }
            for (Scenario.Fact f : mine) {
                if (!f.correct()) messages.add(SourceMessage.text("assistant", byKey.get(f.key()).say(f.value()), "model"));
            }
            for (int i = 0; i < o.chatterPerBranch(); i++) {
                String line = TopicPool.FILLER.get(rng.nextIndex(TopicPool.FILLER.size()));
                messages.add(SourceMessage.text(i % 2 == 0 ? "user" : "assistant", line, i % 2 == 0 ? "user" : "model"));
            }
            branches.add(new Surface(id, messages, Trust.EXTERNAL));
        }

        List<Scenario.Fact> correct = facts.stream().filter(Scenario.Fact::correct).toList();
        Map<String, List<Scenario.Fact>> byBranch = new LinkedHashMap<>();
        for (Scenario.Fact f : correct) byBranch.computeIfAbsent(f.branch(), b -> new ArrayList<>()).add(f);
        List<Scenario.Question> questions = new ArrayList<>();
        for (Map.Entry<String, List<Scenario.Fact>> e : byBranch.entrySet()) {
            List<Scenario.Fact> mine = e.getValue();
            for (int i = 0; i + 1 < mine.size(); i += 2) {
                Scenario.Fact a = mine.get(i);
                Scenario.Fact b = mine.get(i + 1);
                questions.add(new Scenario.Question("local-" + e.getKey() + "-" + a.key(), "local", List.of(a.key(), b.key()),
                        expect(a, b), List.of(e.getKey())));
            }
        }
        for (TopicPool.Topic t : topics) {
            Scenario.Fact primary = correct.stream().filter(f -> f.key().equals(t.key())).findFirst().orElse(null);
            if (primary == null) continue;
            Scenario.Fact partner = correct.stream()
                    .filter(f -> !f.key().equals(t.key()) && !f.branch().equals(primary.branch())).findFirst().orElse(null);
            if (partner == null) continue;
            List<String> spans = new ArrayList<>(List.of(primary.branch(), partner.branch()));
            spans.sort(null);
            questions.add(new Scenario.Question("bridge-" + t.key(), "bridge", List.of(t.key(), partner.key()),
                    expect(primary, partner), spans));
        }
        LinkedHashSet<String> vocabulary = new LinkedHashSet<>();
        for (TopicPool.Topic t : TopicPool.TOPICS) vocabulary.addAll(t.values());
        return new Scenario(o.seed(), facts, branches, questions, topics, List.copyOf(vocabulary));
    }

    private static Map<String, String> expect(Scenario.Fact a, Scenario.Fact b) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(a.key(), a.value());
        m.put(b.key(), b.value());
        return m;
    }
}
