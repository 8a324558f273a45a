package io.dsh4j.beliefmerge.bench;

import io.dsh4j.beliefmerge.core.Surface;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One generated MergeBench scenario with its ground truth (spec §11.1).
 *
 * @param seed       the PRNG seed
 * @param facts      every asserted fact: primaries first, then challengers
 * @param branches   one surface per branch ({@code branch-a}, {@code branch-b}, …)
 * @param questions  local questions (per branch), then bridge questions (per topic)
 * @param topics     the chosen topics in scenario order
 * @param vocabulary every distinct value of the whole topic pool
 */
public record Scenario(long seed, List<Fact> facts, List<Surface> branches, List<Question> questions,
                       List<TopicPool.Topic> topics, List<String> vocabulary) {

    /** An assertion of one branch: the true value at evidence 4, or a challenger at evidence 2. */
    public record Fact(String key, String value, String branch, int evidence, boolean correct) {}

    /**
     * A question answered by naming every expected value.
     *
     * @param kind          {@code local} (one branch suffices) or {@code bridge} (needs two)
     * @param expect        key → expected value, in question order
     * @param spansBranches the branches holding the answers, sorted
     */
    public record Question(String id, String kind, List<String> requires, Map<String, String> expect,
                           List<String> spansBranches) {
        public Question {
            requires = List.copyOf(requires);
            expect = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(expect));
            spansBranches = List.copyOf(spansBranches);
        }
    }

    public Scenario {
        facts = List.copyOf(facts);
        branches = List.copyOf(branches);
        questions = List.copyOf(questions);
        topics = List.copyOf(topics);
        vocabulary = List.copyOf(vocabulary);
    }

    /** The bridge questions. */
    public List<Question> bridge() {
        return questions.stream().filter(q -> q.kind().equals("bridge")).toList();
    }

    /** The local questions. */
    public List<Question> local() {
        return questions.stream().filter(q -> q.kind().equals("local")).toList();
    }
}
