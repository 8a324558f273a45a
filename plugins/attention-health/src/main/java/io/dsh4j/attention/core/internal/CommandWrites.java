package io.dsh4j.attention.core.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Heuristic file writes in shell command text (spec §5.6 command heuristics): PowerShell cmdlets
 * with a quoted path and {@code >} redirections. Reported as "possibly involved", never as fact.
 * Stateless and thread-safe.
 */
public final class CommandWrites {

    /** Tools whose {@code command} argument is scanned ({@code COMMAND_TOOLS}). */
    public static final Set<String> COMMAND_TOOLS = Set.of("pwsh", "powershell", "bash", "sh", "shell", "cmd", "zsh");

    /** A candidate write: the path and the operation that wrote it. */
    public record Write(String path, String op) {}

    private static final int MAX_PATH = 260;
    private static final String Q = "[\"']([^\"'\\r\\n]+)[\"']";
    private static final String S = JsText.WS;
    private static final String B = "(?<![A-Za-z0-9_])";
    private static final String E = "(?![A-Za-z0-9_])";
    private static final List<Map.Entry<Pattern, String>> RULES = List.of(
            Map.entry(Pattern.compile(B + "Set-Content" + S + "+(?:-LiteralPath" + S + "+|-Path" + S + "+|-FilePath" + S
                    + "+)?" + Q, Pattern.CASE_INSENSITIVE), "set-content"),
            Map.entry(Pattern.compile(B + "Add-Content" + S + "+(?:-LiteralPath" + S + "+|-Path" + S + "+|-FilePath" + S
                    + "+)?" + Q, Pattern.CASE_INSENSITIVE), "add-content"),
            Map.entry(Pattern.compile(B + "Out-File" + S + "+(?:-LiteralPath" + S + "+|-FilePath" + S + "+|-Path" + S
                    + "+)?" + Q, Pattern.CASE_INSENSITIVE), "out-file"),
            Map.entry(Pattern.compile(B + "New-Item" + E + "[^|;\\r\\n]*?-Path" + S + "+" + Q, Pattern.CASE_INSENSITIVE),
                    "new-item"),
            Map.entry(Pattern.compile(B + "Copy-Item" + E + "[^|;\\r\\n]*?-Destination" + S + "+" + Q,
                    Pattern.CASE_INSENSITIVE), "copy-item"),
            Map.entry(Pattern.compile(B + "Move-Item" + E + "[^|;\\r\\n]*?-Destination" + S + "+" + Q,
                    Pattern.CASE_INSENSITIVE), "move-item"),
            Map.entry(Pattern.compile("(?:^|" + S + "|[|;])>+" + S + "*[\"']?([^\"'|;&>" + JsText.WS.substring(1,
                    JsText.WS.length() - 1) + "]+)[\"']?"), "redirect"));
    private static final Pattern QUOTES = Pattern.compile("^[\"']|[\"']$");
    private static final Pattern PATH_CHAR = Pattern.compile("[\\\\/.]");
    private static final Pattern NULL_DEVICE = Pattern.compile("^(nul|/dev/null|con)$", Pattern.CASE_INSENSITIVE);

    private CommandWrites() {}

    /** The distinct (path, op) writes of a command text, in rule order then text order. */
    public static List<Write> of(String command) {
        if (command == null || command.isEmpty()) return List.of();
        Map<String, Write> found = new LinkedHashMap<>();
        for (Map.Entry<Pattern, String> rule : RULES) {
            Matcher m = rule.getKey().matcher(command);
            while (m.find()) {
                String clean = JsText.trim(QUOTES.matcher(m.group(1)).replaceAll(""));
                if (clean.isEmpty() || clean.length() > MAX_PATH) continue;
                if (!PATH_CHAR.matcher(clean).find()) continue;
                if (NULL_DEVICE.matcher(clean).matches()) continue;
                found.putIfAbsent(clean + '\u0000' + rule.getValue(), new Write(clean, rule.getValue()));
            }
        }
        return new ArrayList<>(found.values());
    }
}
