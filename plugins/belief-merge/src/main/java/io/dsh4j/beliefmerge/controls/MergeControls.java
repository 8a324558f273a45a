package io.dsh4j.beliefmerge.controls;

import io.dsh4j.beliefmerge.core.Texts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * What the {@code merge_sessions} tool and the {@code /merge} command do (spec §1.6.1), host-free:
 * list candidates, show the status, and set, add, remove or clear the runtime sources. Both surfaces
 * share this one {@link #run}.
 *
 * <p>Deviations (spec §13.4): {@code #N} numbers refer to the list this controller showed last (Q6);
 * {@code remove} also accepts ids that are selected but no longer listed, e.g. deleted sessions (Q7);
 * the new {@link Action#OFF} is an explicit "merge nothing" for {@code /merge off}, which in the
 * original restored the config default instead of stopping (Q5); the status names the case where the
 * config default holds only the current session instead of claiming the runtime layer turned it off
 * (Q14).
 *
 * <p>Thread-safe (synchronised); listing failures propagate to the caller.
 */
public final class MergeControls {

    /** The actions; anything unknown acts as {@link #STATUS}. */
    public enum Action {
        LIST, STATUS, SET, ADD, REMOVE, CLEAR, OFF;

        /** The action named by a tool argument (case-insensitive); unknown names → {@link #STATUS}. */
        public static Action named(String name) {
            if (name == null) return STATUS;
            try {
                return valueOf(name.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                return STATUS;
            }
        }
    }

    /** The tool's output: {@code ok}, the message shown, and the effective sources afterwards. */
    public record Result(boolean ok, String message, List<String> sources) {
        public Result {
            sources = List.copyOf(sources);
        }
    }

    private final SourceState state;
    private final Supplier<List<Candidate>> listing;
    private final LongSupplier clock;
    private final Texts texts;
    private List<Candidate> lastShown = List.of();

    /**
     * @param listing every session, newest first (may throw; the exception propagates)
     * @param clock   epoch milliseconds, for ages in lists
     */
    public MergeControls(SourceState state, Supplier<List<Candidate>> listing, LongSupplier clock, Texts texts) {
        this.state = Objects.requireNonNull(state, "state");
        this.listing = Objects.requireNonNull(listing, "listing");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.texts = Objects.requireNonNull(texts, "texts");
    }

    /**
     * Runs one action for the session {@code self} (excluded from candidates; never merged into itself).
     *
     * @param inputs ids, unique id prefixes or {@code #} numbers (set/add/remove)
     * @param query  a filter for {@link Action#LIST}
     */
    public synchronized Result run(Action action, List<String> inputs, String self, String query) {
        List<String> exclude = self == null ? List.of() : List.of(self);
        return switch (action) {
            case LIST -> {
                List<Candidate> shown = Candidates.rank(listing.get(), query, exclude, Candidates.LIST_LIMIT);
                lastShown = shown;
                yield new Result(true, listText(shown, query), state.get());
            }
            case STATUS -> new Result(true, status(self), state.get());
            case CLEAR -> {
                boolean written = state.clear();
                yield written ? new Result(true, texts.format("run.cleared", active(state.get(), self).size()), state.get())
                        : new Result(false, texts.format("run.cannotWrite", state.file()), state.get());
            }
            case OFF -> {
                boolean written = state.set(List.of());
                yield written ? new Result(true, texts.format("run.stopped"), state.get())
                        : new Result(false, texts.format("run.cannotWrite", state.file()), state.get());
            }
            case SET, ADD, REMOVE -> edit(action, inputs == null ? List.of() : inputs, self, exclude);
        };
    }

    private Result edit(Action action, List<String> inputs, String self, List<String> exclude) {
        List<Candidate> all = Candidates.rank(listing.get(), null, exclude, Integer.MAX_VALUE);
        List<Candidate> resolvable = all;
        if (action == Action.REMOVE) {
            List<Candidate> withSelected = new ArrayList<>(all);
            for (String id : state.get()) {
                if (all.stream().noneMatch(c -> c.id().equals(id))) withSelected.add(Candidate.of(id, null, null));
            }
            resolvable = withSelected;
        }
        Candidates.Selection sel = Candidates.resolve(inputs, resolvable, lastShown.isEmpty() ? all : lastShown, texts);
        if (!sel.errors().isEmpty()) {
            String message = texts.format("run.cannotResolve", String.join("; ", sel.errors())) + "\n\n"
                    + Candidates.format(all, state.get(), clock.getAsLong(), texts.format("run.available"), texts);
            return new Result(false, message, state.get());
        }
        if (sel.ids().isEmpty()) return new Result(false, texts.format("run.noneNamed"), state.get());
        List<String> current = state.get();
        List<String> next = switch (action) {
            case ADD -> {
                LinkedHashSet<String> s = new LinkedHashSet<>(current);
                s.addAll(sel.ids());
                yield List.copyOf(s);
            }
            case REMOVE -> current.stream().filter(id -> !sel.ids().contains(id)).toList();
            default -> sel.ids();
        };
        if (!state.set(next)) return new Result(false, texts.format("run.cannotWrite", state.file()), state.get());
        List<String> active = active(state.get(), self);
        StringBuilder sb = new StringBuilder(active.isEmpty() ? texts.format("run.nowOff") : texts.format("run.nowOn", active.size()));
        for (String id : active) sb.append("\n  - ").append(id);
        sb.append("\n\n").append(texts.format("run.nextTurn"));
        return new Result(true, sb.toString(), state.get());
    }

    private String listText(List<Candidate> shown, String query) {
        boolean hasQuery = query != null && !query.isBlank();
        StringBuilder header = new StringBuilder(texts.format("list.header"))
                .append(hasQuery ? texts.format("list.matching", query.trim()) : texts.format("list.newestFirst"));
        String body = Candidates.format(shown, state.get(), clock.getAsLong(), header.toString(), texts);
        if (shown.isEmpty()) return body;
        StringBuilder sb = new StringBuilder(body);
        if (shown.size() == Candidates.LIST_LIMIT) sb.append("\n\n").append(texts.format("list.capped", Candidates.LIST_LIMIT));
        sb.append("\n\n").append(texts.format("list.pick"));
        return sb.toString();
    }

    /** The status text of spec §1.6.1 (lines: on/off and layer, sessions or why none, state file). */
    public synchronized String status(String self) {
        List<String> effective = state.get();
        List<String> active = active(effective, self);
        List<String> lines = new ArrayList<>();
        lines.add(texts.format("status.line", active.isEmpty() ? "OFF" : "ON", state.source()));
        if (!active.isEmpty()) {
            lines.add(texts.format("status.sessions", active.size()));
            for (String id : active) lines.add("  - " + id);
            if (self != null && effective.contains(self)) lines.add(texts.format("status.selfSkipped"));
        } else if (!state.defaults().isEmpty()) {
            boolean onlySelf = self != null && state.defaults().stream().allMatch(self::equals);
            lines.add(onlySelf && state.source().equals("config") ? texts.format("status.configSelfOnly")
                    : texts.format("status.configOff", state.defaults().size()));
        } else {
            lines.add(texts.format("status.nothing"));
        }
        lines.add(texts.format("status.stateFile", state.file()));
        return String.join("\n", lines);
    }

    private static List<String> active(List<String> ids, String self) {
        return ids.stream().filter(id -> !id.equals(self)).toList();
    }
}
