package io.dsh4j.beliefmerge;

import io.dsh4j.beliefmerge.core.BeliefMerge;
import io.dsh4j.beliefmerge.core.CancelSignal;
import io.dsh4j.beliefmerge.core.EventMessages;
import io.dsh4j.beliefmerge.core.Injection;
import io.dsh4j.beliefmerge.core.MergeOutcome;
import io.dsh4j.beliefmerge.core.SourceMessage;
import io.dsh4j.beliefmerge.core.TextModel;
import io.dsh4j.kernel.Signal;
import io.dsh4j.sessionquery.SessionQuery;
import io.dsh4j.sessionquery.SessionQueryException;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * One injection of the live plugin, host side: the sources' surfaces read through
 * {@code ctx.sessionQuery.readSurface} (a failure names the session and the query service's code, e.g.
 * {@code SESSION_QUERY_SESSION_NOT_FOUND}), the engine's pipeline with the model bridge and, when
 * configured, the semantic stage, every gate of {@link Injection#plan}, and the debug summary line of
 * spec §1.9 step 10.
 *
 * <p>Thread-safe; blocks while sessions are read and the model is called.
 */
final class LiveMerge {

    private final BeliefMergeConfig config;
    private final Injection.Settings settings;
    private final SessionQuery query;
    private final Consumer<String> warn;
    private final Consumer<String> debug;

    LiveMerge(BeliefMergeConfig config, SessionQuery query, Consumer<String> warn, Consumer<String> debug) {
        this.config = Objects.requireNonNull(config, "config");
        this.settings = config.settings();
        this.query = Objects.requireNonNull(query, "query");
        this.warn = warn;
        this.debug = debug;
    }

    /** Reads one source's surface as engine messages. */
    List<SourceMessage> read(String id) throws SourceUnreadable {
        try {
            return EventMessages.fromSurface(query.readSurface(id).events());
        } catch (SessionQueryException e) {
            throw new SourceUnreadable(e.code().name() + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new SourceUnreadable(e.getMessage() == null ? e.toString() : e.getMessage(), e);
        }
    }

    /** Plans the injection for {@code step} over {@code sources}; {@code model} is {@code null} for the offline path. */
    Injection.Outcome plan(Injection.Step step, List<String> sources, TextModel model, Signal signal) {
        CancelSignal cancel = signal::aborted;
        BeliefMerge.BranchStage stage = config.semanticAlignment() ? SemanticStage.of(config.homeDir(), warn) : null;
        Injection.Merger merger = surfaces -> {
            MergeOutcome m = BeliefMerge.mergeSurfacesAligned(surfaces, settings.merge(), model, stage, cancel, warn);
            debug.accept(summary(m, surfaces));
            return m;
        };
        try {
            return Injection.plan(step, settings, sources, this::read, merger, warn);
        } catch (RuntimeException e) {
            warn.accept("belief-merge: merge failed entirely: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            return new Injection.Unchanged("merge-failed");
        }
    }

    private static String summary(MergeOutcome m, List<io.dsh4j.beliefmerge.core.Surface> surfaces) {
        var a = m.adjudication();
        var d = m.derivation();
        StringBuilder sb = new StringBuilder("mode=").append(m.mode()).append(" slots=").append(m.slots().size())
                .append(" adjudication=").append(a.mode()).append("(conflicts=").append(a.conflicts())
                .append(" resolved=").append(a.resolved()).append(" orderSensitive=").append(a.orderSensitive()).append(')')
                .append(" derivation=in:").append(d.inCount()).append("/retracted:").append(d.retractedCount())
                .append("/edges:").append(d.derivedCount());
        if (!d.retracted().isEmpty()) sb.append(" [").append(String.join(", ", d.retracted())).append(']');
        sb.append(" perBranch=[");
        for (int i = 0; i < surfaces.size(); i++) {
            if (i > 0) sb.append(' ');
            sb.append(surfaces.get(i).id()).append(':').append(surfaces.get(i).messages().size()).append("msg");
        }
        return sb.append(']').toString();
    }

    /** A source that cannot be read; the message names the query service's code. */
    static final class SourceUnreadable extends Exception {
        SourceUnreadable(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
