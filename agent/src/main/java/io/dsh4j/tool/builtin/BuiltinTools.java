package io.dsh4j.tool.builtin;

import io.dsh4j.kernel.Plugin;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolEvents;
import io.dsh4j.tool.ToolExecution;
import io.dsh4j.tool.ToolRuntime;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The built-in tools, registered by {@link #PLUGIN} in the global layer: {@code read}, {@code write},
 * {@code edit}, {@code glob}, {@code grep}, {@code bash}, {@code todo_write}, with DSH's names and
 * argument schemas. Each call works in its agent's working directory ({@code header.cwd}), else in
 * {@link BuiltinConfig#cwd()}, else in the process's; files outside it are refused. The plugin also
 * mounts the approval gate: {@link #NEEDS_APPROVAL} calls ask the {@link io.dsh4j.tool.ApprovalPolicy}.
 */
public final class BuiltinTools {

    /** The names, in registration order. */
    public static final List<String> NAMES = List.of(ReadTool.NAME, WriteTool.NAME, EditTool.NAME, GlobTool.NAME,
            GrepTool.NAME, BashTool.NAME, TodoWriteTool.NAME);

    /** Tools that change the machine: commands and file writes. */
    public static final Set<String> NEEDS_APPROVAL = Set.of(BashTool.NAME, WriteTool.NAME, EditTool.NAME);

    public static final Plugin<BuiltinConfig> PLUGIN = plugin(CommandLauncher.START);

    private final BuiltinConfig config;
    private final CommandLauncher launcher;
    private final Observations observations = new Observations();

    public BuiltinTools(BuiltinConfig config) {
        this(config, CommandLauncher.START);
    }

    /** The tools with {@code bash} starting its processes through {@code launcher}. */
    public BuiltinTools(BuiltinConfig config, CommandLauncher launcher) {
        this.config = java.util.Objects.requireNonNull(config, "config");
        this.launcher = java.util.Objects.requireNonNull(launcher, "launcher");
    }

    /** {@link #PLUGIN} with {@code bash} starting its processes through {@code launcher} (a sandbox, a test). */
    public static Plugin<BuiltinConfig> plugin(CommandLauncher launcher) {
        java.util.Objects.requireNonNull(launcher, "launcher");
        return Plugin.named("builtin-tools", BuiltinConfig.SCHEMA)
                .inject(ToolRuntime.KEY)
                .setup((ctx, config) -> {
                    BuiltinTools builtin = new BuiltinTools(config, launcher);
                    ToolRuntime tools = ctx.require(ToolRuntime.KEY);
                    for (ToolDefinition tool : builtin.definitions()) {
                        tools.register(tool);
                    }
                    ctx.events().on(ToolEvents.PRE_EXECUTE, new ApprovalGate(NEEDS_APPROVAL));
                });
    }

    /** The seven definitions; they share this instance's observation record. */
    public List<ToolDefinition> definitions() {
        return List.of(ReadTool.define(this), WriteTool.define(this), EditTool.define(this), GlobTool.define(this),
                GrepTool.define(this), BashTool.define(this), TodoWriteTool.define());
    }

    BuiltinConfig config() {
        return config;
    }

    CommandLauncher launcher() {
        return launcher;
    }

    Observations observations() {
        return observations;
    }

    /** The working directory of {@code exec}. */
    Workspace workspace(ToolExecution exec) {
        Path dir = exec.agent() != null ? exec.agent().workingDirectory().orElse(null) : null;
        if (dir == null) {
            dir = Path.of(config.cwd().isEmpty() ? System.getProperty("user.dir") : config.cwd());
        }
        try {
            return new Workspace(dir);
        } catch (IllegalArgumentException e) {
            throw FsErrors.of(FsErrors.NOT_FOUND, e.getMessage());
        }
    }
}
