package io.dsh4j.beliefmerge.controls;

import io.dsh4j.message.json.JsStrings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parsing the {@code /merge} command's input (spec §1.7): keywords on the lower-cased, trimmed input,
 * arguments from the original text. Pure.
 *
 * <p>Deviation (spec §13.4 Q5): {@code off} and {@code none} stop merging ({@link MergeControls.Action#OFF},
 * an explicit empty runtime list), as the command's help says; {@code clear} and {@code reset} drop the
 * runtime layer and restore the config default, as {@code /merge off} did in the original.
 */
public final class MergeCommandLine {

    /** The parsed command: an action, its session arguments and a list query. */
    public record Parsed(MergeControls.Action action, List<String> inputs, String query) {
        public Parsed {
            inputs = List.copyOf(inputs);
        }
    }

    /** The command's input hint. */
    public static final String HINT = "list [text] | status | off | clear | <session-id-or-prefix>... | add ... | remove ...";

    private MergeCommandLine() {}

    public static Parsed parse(String raw) {
        String input = raw == null ? "" : JsStrings.trim(raw);
        String lower = input.toLowerCase(Locale.ROOT);
        if (lower.isEmpty() || lower.equals("list")) return new Parsed(MergeControls.Action.LIST, List.of(), null);
        if (lower.equals("status")) return new Parsed(MergeControls.Action.STATUS, List.of(), null);
        if (lower.equals("off") || lower.equals("none")) return new Parsed(MergeControls.Action.OFF, List.of(), null);
        if (lower.equals("clear") || lower.equals("reset")) return new Parsed(MergeControls.Action.CLEAR, List.of(), null);
        for (String prefix : List.of("find ", "list ")) {
            if (lower.startsWith(prefix)) return new Parsed(MergeControls.Action.LIST, List.of(), JsStrings.trim(input.substring(prefix.length())));
        }
        if (lower.startsWith("add ")) return new Parsed(MergeControls.Action.ADD, words(input.substring(4)), null);
        if (lower.startsWith("remove ")) return new Parsed(MergeControls.Action.REMOVE, words(input.substring(7)), null);
        if (lower.startsWith("rm ")) return new Parsed(MergeControls.Action.REMOVE, words(input.substring(3)), null);
        return new Parsed(MergeControls.Action.SET, words(input), null);
    }

    private static List<String> words(String s) {
        List<String> out = new ArrayList<>();
        for (String w : JsStrings.trim(s).split("[" + JsStrings.WHITE_SPACE_CLASS + "]+")) {
            if (!w.isEmpty()) out.add(w);
        }
        return out;
    }
}
