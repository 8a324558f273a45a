package io.dsh4j.tool.builtin;

import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.config.ConfigSchema;
import io.dsh4j.kernel.config.Schema;
import io.dsh4j.tool.ApprovalOutcome;
import io.dsh4j.tool.ApprovalPolicy;
import io.dsh4j.tool.ToolExecution;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * The headless approval policy of {@code dsh4j run}: with {@code yes} every ask is allowed once;
 * without it nobody can answer, and the denial tells the user how to allow such calls. Mount
 * {@link #PLUGIN} with {@code {yes: true}} for {@code --yes}.
 */
public final class YesApproval implements ApprovalPolicy {

    /** Config: {@code yes} (default {@code false}). */
    public record Config(boolean yes) {
        public static final ConfigSchema<Config> SCHEMA = Schema.object()
                .field("yes", Schema.bool().defaultValue(false))
                .as(Config.class);
    }

    public static final Plugin<Config> PLUGIN = Plugin.named("approval", Config.SCHEMA)
            .setup((ctx, config) -> ctx.provide(ApprovalPolicy.KEY, new YesApproval(config.yes(), Locale.getDefault())));

    private final boolean yes;
    private final Locale locale;

    public YesApproval(boolean yes, Locale locale) {
        this.yes = yes;
        this.locale = java.util.Objects.requireNonNull(locale, "locale");
    }

    @Override
    public ApprovalOutcome request(ToolExecution exec, String reason) {
        return yes ? ApprovalOutcome.ALLOWED_ONCE : ApprovalOutcome.UNAVAILABLE;
    }

    @Override
    public String unavailableHint(ToolExecution exec) {
        return yes ? null : ResourceBundle.getBundle("io.dsh4j.tool.builtin.Messages", locale).getString("approval.rerunWithYes");
    }
}
