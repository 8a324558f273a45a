package io.dsh4j.beliefmerge.bench;

import io.dsh4j.beliefmerge.core.Keys;
import io.dsh4j.beliefmerge.core.SourceMessage;
import io.dsh4j.beliefmerge.core.Surface;
import io.dsh4j.message.json.JsStrings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * MergeBench metrics (spec §11.3), computed on the rendered context text — deterministic, no model.
 *
 * <p>Deviation (spec §13.4 Q16): the faithfulness metric no longer counts a vocabulary value as
 * invented when it only occurs inside an asserted value ({@code three} inside {@code three hundred});
 * asserted values are blanked out of the text before unasserted ones are looked for, as whole words.
 */
public final class BenchScoring {

    /** Per-kind coverage: covered questions, total, rate (0 when there is no question). */
    public record Coverage(int covered, int total, double rate) {}

    /** A parsed decision: outcome {@code resolved}, {@code disputed}, {@code compatible} or {@code empty}, and its values. */
    public record Parsed(String outcome, List<String> values) {}

    /** Conflict resolution on the text over keys asserted twice. */
    public record ConflictResolution(int total, int unambiguous, int ambiguous, int wrongOnly, int absent) {
        /** {@code unambiguous / total}, 1 when there is no conflict. */
        public double rate() {
            return total == 0 ? 1 : (double) unambiguous / total;
        }
    }

    /** Keyed decision accuracy over keys asserted twice (computed, not in the table). */
    public record Conflicts(int total, int correct, int wrong, int missing) {
        public double accuracy() {
            return total == 0 ? 1 : (double) correct / total;
        }
    }

    /** Vocabulary values present in the text that no fact asserted. */
    public record Faithfulness(int vocabularySize, List<String> invented) {
        public double rate() {
            return vocabularySize == 0 ? 0 : (double) invented.size() / vocabularySize;
        }
    }

    private static final Pattern RESOLVED = Pattern.compile("^- `([^`]+)` = \\*\\*([^*]+)\\*\\*");
    private static final Pattern DISPUTED = Pattern.compile("^- \\*\\*DISPUTED\\*\\* `([^`]+)`");
    private static final Pattern OPTION = Pattern.compile("^[" + JsStrings.WHITE_SPACE_CLASS + "]+- `([^`]+)`: ");
    private static final Pattern COMPATIBLE = Pattern.compile("^- `([^`]+)` \u2014 (BOTH hold|CONDITIONAL)");
    private static final Pattern EMPTY = Pattern.compile("^- `([^`]+)`: \\(no assertion\\)");

    private BenchScoring() {}

    /** Lower-case, markup and punctuation blanked, white space collapsed, trimmed. */
    public static String normalise(String text) {
        return Keys.normalize(text, Keys.Strategy.EXACT);
    }

    /** True when the normalised value occurs in the normalised text. */
    public static boolean mentions(String text, String value) {
        String needle = normalise(value);
        return !needle.isEmpty() && normalise(text).contains(needle);
    }

    /** The decisions a rendered block presents, keyed by slot key, from the slot line templates. */
    public static Map<String, Parsed> parseContext(String text) {
        Map<String, Parsed> out = new LinkedHashMap<>();
        String current = null;
        for (String raw : (text == null ? "" : text).split("\n", -1)) {
            Matcher m;
            if ((m = RESOLVED.matcher(raw)).find()) {
                out.put(m.group(1), new Parsed("resolved", new ArrayList<>(List.of(JsStrings.trim(m.group(2))))));
                current = null;
            } else if ((m = DISPUTED.matcher(raw)).find()) {
                out.put(m.group(1), new Parsed("disputed", new ArrayList<>()));
                current = m.group(1);
            } else if ((m = COMPATIBLE.matcher(raw)).find()) {
                out.put(m.group(1), new Parsed("compatible", new ArrayList<>()));
                current = m.group(1);
            } else if ((m = EMPTY.matcher(raw)).find()) {
                out.put(m.group(1), new Parsed("empty", new ArrayList<>()));
                current = null;
            } else if (current != null && (m = OPTION.matcher(raw)).find()) {
                out.get(current).values().add(m.group(1));
            }
        }
        return out;
    }

    /** A branch's text as a reader sees it: every block text, newline-joined. */
    public static String branchText(Surface branch) {
        List<String> parts = new ArrayList<>();
        for (SourceMessage m : branch.messages()) {
            for (SourceMessage.Block b : m.blocks()) {
                if (b.text() != null) parts.add(b.text());
            }
        }
        return String.join("\n", parts);
    }

    /** True when every expected value is mentioned. */
    public static boolean covered(Scenario.Question q, String text) {
        return q.expect().values().stream().allMatch(v -> mentions(text, v));
    }

    /** How many of {@code questions} the text covers; an empty list covers nothing (rate 0). */
    public static Coverage coverage(List<Scenario.Question> questions, String text) {
        if (questions.isEmpty()) return new Coverage(0, 0, 0);
        int covered = (int) questions.stream().filter(q -> covered(q, text)).count();
        return new Coverage(covered, questions.size(), (double) covered / questions.size());
    }

    /** The best single branch's coverage (the first of equal rates). */
    public static Coverage bestSingleBranch(List<Scenario.Question> questions, List<Surface> branches) {
        Coverage best = null;
        for (Surface b : branches) {
            Coverage c = coverage(questions, branchText(b));
            if (best == null || c.rate() > best.rate()) best = c;
        }
        return best;
    }

    private static Map<String, List<Scenario.Fact>> byKey(Scenario s) {
        Map<String, List<Scenario.Fact>> out = new LinkedHashMap<>();
        for (Scenario.Fact f : s.facts()) out.computeIfAbsent(f.key(), k -> new ArrayList<>()).add(f);
        return out;
    }

    /** Keyed decision accuracy on the parsed block. */
    public static Conflicts conflicts(Scenario s, Map<String, Parsed> parsed) {
        int total = 0, correct = 0, wrong = 0, missing = 0;
        for (Map.Entry<String, List<Scenario.Fact>> e : byKey(s).entrySet()) {
            if (e.getValue().size() < 2) continue;
            total++;
            Scenario.Fact expected = e.getValue().stream().filter(Scenario.Fact::correct).findFirst().orElseThrow();
            Parsed d = parsed.get(e.getKey());
            if (d == null) {
                missing++;
            } else if (d.values().stream().map(BenchScoring::normalise).anyMatch(normalise(expected.value())::equals)) {
                correct++;
            } else if (d.values().isEmpty()) {
                missing++;
            } else {
                wrong++;
            }
        }
        return new Conflicts(total, correct, wrong, missing);
    }

    /** Over keys asserted twice: only the correct value present, both, only the wrong one, or neither. */
    public static ConflictResolution conflictResolution(Scenario s, String text) {
        int total = 0, unambiguous = 0, ambiguous = 0, wrongOnly = 0, absent = 0;
        for (List<Scenario.Fact> facts : byKey(s).values()) {
            if (facts.size() < 2) continue;
            total++;
            Scenario.Fact correct = facts.stream().filter(Scenario.Fact::correct).findFirst().orElseThrow();
            Scenario.Fact wrong = facts.stream().filter(f -> !f.correct()).findFirst().orElse(null);
            boolean hasCorrect = mentions(text, correct.value());
            boolean hasWrong = wrong != null && mentions(text, wrong.value());
            if (!hasCorrect && !hasWrong) absent++;
            else if (hasCorrect && !hasWrong) unambiguous++;
            else if (hasCorrect) ambiguous++;
            else wrongOnly++;
        }
        return new ConflictResolution(total, unambiguous, ambiguous, wrongOnly, absent);
    }

    /** Vocabulary values that no fact asserted yet appear in the text as words of their own. */
    public static Faithfulness faithfulness(Scenario s, String text) {
        Set<String> asserted = new HashSet<>();
        for (Scenario.Fact f : s.facts()) asserted.add(normalise(f.value()));
        String hay = " " + normalise(text) + " ";
        List<String> longestFirst = new ArrayList<>(asserted);
        longestFirst.sort(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()));
        for (String a : longestFirst) {
            if (!a.isEmpty()) hay = hay.replaceAll("(?<= )" + Pattern.quote(a) + "(?= )", "\u0000");
        }
        List<String> invented = new ArrayList<>();
        for (String v : s.vocabulary()) {
            String n = normalise(v);
            if (!asserted.contains(n) && !n.isEmpty() && hay.contains(" " + n + " ")) invented.add(v);
        }
        return new Faithfulness(s.vocabulary().size(), invented);
    }
}
