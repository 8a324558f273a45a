package io.dsh4j.attention.core;

import io.dsh4j.attention.core.internal.CommandWrites;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@link ColdFold} records about the work done with tools: calls per tool, files changed
 * through the file tools, and files a shell command seems to write (spec §3.1, §5.6). Lists come out
 * most-used first; ties keep first-seen order. Not thread-safe.
 */
final class WorkLedger {

    private final Map<String, Integer> toolCounts = new LinkedHashMap<>();
    private final Map<String, FileEntry> files = new LinkedHashMap<>();
    private final Map<String, CommandEntry> commandFiles = new LinkedHashMap<>();

    void countCall(String tool) {
        toolCounts.merge(tool, 1, Integer::sum);
    }

    void fileChanged(ToolArguments.Mutation mutation) {
        FileEntry f = files.computeIfAbsent(mutation.path(), FileEntry::new);
        f.count++;
        f.ops.merge(mutation.op(), 1, Integer::sum);
    }

    void commandWrote(CommandWrites.Write w, TurnNo turn) {
        CommandEntry c = commandFiles.computeIfAbsent(w.path() + '\u0000' + w.op(), k -> new CommandEntry(w.path(), w.op()));
        c.count++;
        if (turn != null && !c.turns.contains(turn)) c.turns.add(turn);
    }

    List<SessionFacts.ToolCount> toolCounts() {
        List<SessionFacts.ToolCount> list = new ArrayList<>();
        toolCounts.forEach((k, v) -> list.add(new SessionFacts.ToolCount(k, v)));
        list.sort(Comparator.comparingInt(SessionFacts.ToolCount::count).reversed());
        return List.copyOf(list);
    }

    List<SessionFacts.FileTouch> files() {
        List<SessionFacts.FileTouch> list = new ArrayList<>();
        for (FileEntry f : files.values()) {
            List<SessionFacts.OpCount> ops = new ArrayList<>();
            f.ops.forEach((k, v) -> ops.add(new SessionFacts.OpCount(k, v)));
            ops.sort(Comparator.comparingInt(SessionFacts.OpCount::count).reversed());
            list.add(new SessionFacts.FileTouch(f.path, f.count, List.copyOf(ops)));
        }
        list.sort(Comparator.comparingInt(SessionFacts.FileTouch::count).reversed());
        return List.copyOf(list);
    }

    List<SessionFacts.CommandFile> commandFiles() {
        List<CommandEntry> list = new ArrayList<>(commandFiles.values());
        list.sort(Comparator.comparingInt((CommandEntry c) -> c.count).reversed());
        return list.stream().map(c -> new SessionFacts.CommandFile(c.path, c.op, c.count, List.copyOf(c.turns))).toList();
    }

    private static final class FileEntry {
        final String path;
        int count;
        final Map<String, Integer> ops = new LinkedHashMap<>();

        FileEntry(String path) {
            this.path = path;
        }
    }

    private static final class CommandEntry {
        final String path;
        final String op;
        int count;
        final List<TurnNo> turns = new ArrayList<>();

        CommandEntry(String path, String op) {
            this.path = path;
            this.op = op;
        }
    }
}
