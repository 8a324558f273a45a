package io.dsh4j.kernel.loader;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Effect;
import io.dsh4j.kernel.Fiber;
import io.dsh4j.kernel.FiberState;
import io.dsh4j.kernel.Plugin;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Mounts a composed entry list as a plugin tree under a context and keeps it in step with later
 * compositions (spec §2.2).
 *
 * <p>{@link #apply} validates the whole composition first — field types, duplicate ids, plugin names,
 * every enabled row's config against its plugin's schema — and changes nothing if anything is wrong.
 * Then it reconciles by id: a new or re-enabled row is mounted; a removed or disabled row is disposed;
 * a change of {@code name}, {@code inject}, {@code group}, {@code isolate}, {@code intercept} or parent
 * replaces the fiber; a change of {@code config} alone updates it in place ({@link Fiber#update}). Rows
 * are mounted at once; activation order follows service availability, not row order. A group row
 * mounts its children while its own fiber is active.
 *
 * <p>{@link #audit} is DSH's startup check; {@link #start} is the whole boot: apply, wait for
 * quiescence, audit, and dispose everything if the audit fails. Methods are called from one thread at a
 * time, off the lifecycle executor.
 */
public final class Loader {

    /** One mounted row. */
    private record Mounted(EntryRow row, Fiber fiber) {}

    private final Context context;
    private final PluginCatalog catalog;
    private final Map<String, Mounted> mounted = new ConcurrentHashMap<>();
    private volatile Map<String, EntryRow> desired = Map.of();
    private volatile Map<String, Boolean> enabledById = Map.of();

    private Loader(Context context, PluginCatalog catalog) {
        this.context = Objects.requireNonNull(context, "context");
        this.catalog = Objects.requireNonNull(catalog, "catalog");
    }

    /** A loader that mounts under {@code context}; nothing is mounted yet. */
    public static Loader create(Context context, PluginCatalog catalog) {
        return new Loader(context, catalog);
    }

    /**
     * Boots {@code composition}: applies it, waits until the kernel is idle, audits, and on any failure
     * disposes what it mounted and throws.
     */
    public static Loader start(Context context, PluginCatalog catalog, Composition composition) {
        Loader loader = create(context, catalog);
        try {
            loader.apply(composition);
            context.kernel().awaitIdle();
            loader.audit();
            return loader;
        } catch (RuntimeException e) {
            loader.dispose().join();
            throw e;
        }
    }

    /**
     * Reconciles the mounted tree with {@code composition}.
     *
     * @throws LoaderException listing every problem, before anything changed
     */
    public void apply(Composition composition) {
        List<EntryRow> top = Entries.read(composition, catalog);
        Map<String, EntryRow> next = new LinkedHashMap<>();
        Map<String, Boolean> enabled = new LinkedHashMap<>();
        flatten(top, true, next, enabled);

        // removals, replacements and config updates
        for (Mounted m : List.copyOf(mounted.values())) {
            EntryRow row = next.get(m.row().id());
            if (!mounted.containsKey(m.row().id())) {
                continue; // went with its group
            }
            if (row == null || !enabled.get(row.id()) || row.replaces(m.row())) {
                unmount(m.row().id());
            } else if (!row.group() && !row.config().equals(m.row().config())) {
                m.fiber().update(row.config());
                mounted.put(row.id(), new Mounted(row, m.fiber()));
            } else {
                mounted.put(row.id(), new Mounted(row, m.fiber()));
            }
        }
        desired = next;
        enabledById = enabled;
        // additions, parents first
        for (EntryRow row : next.values()) {
            if (!enabled.get(row.id()) || mounted.containsKey(row.id())) {
                continue;
            }
            if (row.parent() == null) {
                mount(row, context);
            } else {
                Mounted group = mounted.get(row.parent());
                if (group != null && group.fiber().state() == FiberState.ACTIVE && !group.fiber().isDisposed()) {
                    mount(row, group.fiber().context());
                }
            }
        }
    }

    private static void flatten(List<EntryRow> rows, boolean parentEnabled, Map<String, EntryRow> into,
                                Map<String, Boolean> enabled) {
        for (EntryRow row : rows) {
            boolean on = parentEnabled && !row.disabled();
            into.put(row.id(), row);
            // A group row is itself always mounted (while its parent is); its children inherit its flag.
            enabled.put(row.id(), row.group() ? parentEnabled : on);
            flatten(row.children(), on, into, enabled);
        }
    }

    private void mount(EntryRow row, Context parent) {
        Context ctx = parent;
        for (Map.Entry<String, String> e : row.isolate().entrySet()) {
            ctx = e.getValue() == null ? ctx.isolate(e.getKey()) : ctx.isolate(e.getKey(), e.getValue());
        }
        for (Map.Entry<String, JsonNode> e : row.intercept().entrySet()) {
            ctx = ctx.intercept(e.getKey(), e.getValue());
        }
        Plugin<?> plugin = row.group() ? groupPlugin(row.id())
                : catalog.resolve(row.name()).orElseThrow(() -> new LoaderException(
                        new Problem(row.source(), row.id(), "name", "unknown plugin \"" + row.name() + "\"")));
        Fiber fiber = context.kernel().host().mount(ctx, plugin, row.group() ? null : row.config(), row.inject());
        mounted.put(row.id(), new Mounted(row, fiber));
    }

    /** The built-in group: while active, it mounts the enabled children of its row. */
    private Plugin<JsonNode> groupPlugin(String id) {
        return Plugin.named("group").apply((ctx, config) -> {
            List<String> children = new ArrayList<>();
            for (EntryRow row : desired.values()) {
                if (id.equals(row.parent()) && enabledById.getOrDefault(row.id(), false)
                        && !mounted.containsKey(row.id())) {
                    mount(row, ctx);
                    children.add(row.id());
                }
            }
            return Effect.of(() -> children.forEach(this::forget));
        });
    }

    private void unmount(String id) {
        Mounted m = mounted.get(id);
        if (m != null) {
            forget(id);
            m.fiber().dispose();
        }
    }

    /** Drops {@code id} and its descendants from the bookkeeping (their fibers go with the group's). */
    private void forget(String id) {
        mounted.remove(id);
        for (EntryRow row : desired.values()) {
            if (id.equals(row.parent())) {
                forget(row.id());
            }
        }
    }

    /**
     * DSH's startup audit: every enabled row that should be running must be {@link FiberState#ACTIVE}.
     *
     * @throws LoaderException listing each failed row with its error and each pending row with the
     *     services it waits for
     */
    public void audit() {
        List<Problem> failures = new ArrayList<>();
        for (Mounted m : mounted.values()) {
            Fiber fiber = m.fiber();
            EntryRow row = m.row();
            switch (fiber.state()) {
                case ACTIVE -> { }
                case FAILED -> failures.add(new Problem(row.source(), row.id(), null,
                        row.name() + " failed: " + fiber.error().map(Throwable::getMessage).orElse("unknown error")));
                case PENDING -> {
                    List<String> missing = fiber.waitingFor();
                    failures.add(new Problem(row.source(), row.id(), missing.isEmpty() ? null : "inject",
                            row.name() + ": pending (waiting for " + (missing.size() == 1 ? "service" : "services")
                                    + ": " + (missing.isEmpty() ? "unknown" : String.join(", ", missing)) + ")"));
                }
                default -> failures.add(new Problem(row.source(), row.id(), null,
                        row.name() + ": fiber state " + fiber.state()));
            }
        }
        if (!failures.isEmpty()) {
            int n = failures.size();
            throw new LoaderException(n + (n == 1 ? " entry" : " entries") + " did not activate", failures);
        }
    }

    /** The fiber of row {@code id}, if it is mounted. */
    public Optional<Fiber> fiber(String id) {
        Mounted m = mounted.get(id);
        return m == null ? Optional.empty() : Optional.of(m.fiber());
    }

    /** The ids of the mounted rows. */
    public List<String> mountedIds() {
        return List.copyOf(mounted.keySet());
    }

    /** Disposes every mounted row; completes when they have unloaded. */
    public CompletableFuture<Void> dispose() {
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        for (Mounted m : List.copyOf(mounted.values())) {
            if (m.row().parent() == null) {
                pending.add(m.fiber().dispose());
            }
        }
        mounted.clear();
        desired = Map.of();
        enabledById = Map.of();
        return CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new));
    }
}
