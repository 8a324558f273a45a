package io.dsh4j.beliefmerge.core;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsStrings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The pre-step injection of spec §1.9 without its host: given the decision the later listeners made,
 * decide whether to merge, merge, check trust and render, and return the one plugin-sourced user
 * message to append — or say why nothing is appended. The plugin registers the listener (with
 * {@code prepend}), calls {@code next()} first, and appends what this returns.
 *
 * <p>Deviation (spec §13.4 Q13): the relevance query is the latest text of a user message that no
 * plugin injected; the original also took another plugin's injected user message.
 *
 * <p>Thread-safe; blocking while the model is called.
 */
public final class Injection {

    /** The plugin name written in the appended message's source. */
    public static final String PLUGIN = "belief-merge";

    /** Reads a source session's messages; throws when the session cannot be read. */
    @FunctionalInterface
    public interface SurfaceReader {
        List<SourceMessage> read(String sessionId) throws Exception;
    }

    /**
     * The step as the listener sees it after {@code next()}.
     *
     * @param rejected  whether the later listeners rejected the step
     * @param aborted   whether the step's signal is raised
     * @param step      the step number within the turn (1-based)
     * @param messages  the messages entering the step
     * @param sessionId the current session's id, or {@code null}
     */
    public record Step(boolean rejected, boolean aborted, int step, List<Message> messages, String sessionId) {
        public Step {
            messages = List.copyOf(messages);
        }
    }

    /**
     * The plugin settings the injection uses (spec §1.4), defaults in {@link #defaults()}.
     *
     * @param merge          the engine options
     * @param render         the render options (budget, algorithm, language)
     * @param sourceTrust    trust stamped on every claim read from a source not named in {@code trustBySource}
     * @param oncePerTurn    inject only on step 1
     * @param packForQuery   weight slots by the latest user text
     * @param trustBySource  per-session trust that overrides {@code sourceTrust} (beyond the original, which
     *                       had one level for every source); empty by default
     */
    public record Settings(MergeOptions merge, Renderer.Options render, Trust sourceTrust, boolean oncePerTurn,
                           boolean packForQuery, Map<String, Trust> trustBySource) {
        public Settings {
            trustBySource = Map.copyOf(trustBySource);
        }

        /** One trust level for every source. */
        public Settings(MergeOptions merge, Renderer.Options render, Trust sourceTrust, boolean oncePerTurn,
                        boolean packForQuery) {
            this(merge, render, sourceTrust, oncePerTurn, packForQuery, Map.of());
        }

        public static Settings defaults() {
            return new Settings(MergeOptions.defaults(), Renderer.Options.defaults(), Trust.EXTERNAL, true, true);
        }

        /** The trust stamped on the claims of session {@code id}: its override, else {@code sourceTrust}. */
        public Trust trustOf(String id) {
            return trustBySource.getOrDefault(id, sourceTrust);
        }
    }

    /** What the listener does. */
    public sealed interface Outcome permits Unchanged, Append {}

    /** Return the decision as it is; {@code reason} says why (for the debug line). */
    public record Unchanged(String reason) implements Outcome {}

    /** Append {@code message}, whose one text block is {@code rendered.text()}. */
    public record Append(Message message, MergeOutcome merged, Renderer.Rendered rendered) implements Outcome {}

    private Injection() {}

    /**
     * Decides and builds the injection: untouched when rejected, aborted or not step 1 (with
     * oncePerTurn), when no source other than the current session is selected, when no source can be
     * read (each unreadable one warns once and is skipped), when the trust check fails (fail closed,
     * with a warning), and when nothing would be shown.
     *
     * @param sources the selected session ids (the current one is skipped; each id is read once, even when
     *                a hand-edited state file lists it twice)
     * @param model   the model for alignment and adjudication, or {@code null} for the offline path
     */
    public static Outcome plan(Step step, Settings settings, List<String> sources, SurfaceReader reader, TextModel model,
                               CancelSignal cancel, Consumer<String> onWarn) {
        return plan(step, settings, sources, reader,
                surfaces -> BeliefMerge.mergeSurfacesAligned(surfaces, settings.merge(), model, cancel, onWarn), onWarn);
    }

    /** The merge an injection runs over the surfaces it read (the default is {@link BeliefMerge#mergeSurfacesAligned}). */
    @FunctionalInterface
    public interface Merger {
        MergeOutcome merge(List<Surface> surfaces);
    }

    /**
     * As {@link #plan(Step, Settings, List, SurfaceReader, TextModel, CancelSignal, Consumer)}, with the
     * merge itself given — how a host puts another extraction stage (the offline semantic alignment) into
     * the pipeline while every gate of the injection stays the same.
     */
    public static Outcome plan(Step step, Settings settings, List<String> sources, SurfaceReader reader, Merger merger,
                               Consumer<String> onWarn) {
        Objects.requireNonNull(step, "step");
        Texts texts = Texts.of(settings.merge().locale());
        if (step.rejected()) return new Unchanged("rejected");
        if (step.aborted()) return new Unchanged("aborted");
        if (settings.oncePerTurn() && step.step() != 1) return new Unchanged("not-first-step");
        List<String> ids = sources.stream().filter(id -> !id.equals(step.sessionId())).distinct().toList();
        if (ids.isEmpty()) return new Unchanged("no-sources");
        List<Surface> surfaces = new ArrayList<>();
        for (String id : ids) {
            try {
                surfaces.add(new Surface(id, reader.read(id), settings.trustOf(id)));
            } catch (Exception e) {
                onWarn.accept(texts.format("warn.unreadable", id, e.getMessage() == null ? e.toString() : e.getMessage()));
            }
        }
        if (surfaces.isEmpty()) return new Unchanged("no-readable-source");
        MergeOutcome merged = merger.merge(surfaces);
        if (merged.redacted() > 0) onWarn.accept(texts.format("warn.withheld", merged.redacted()));
        TrustCheck.Report trust = TrustCheck.check(merged.slots());
        if (!trust.ok()) {
            String list = String.join(", ", trust.violations().stream().map(v -> v.key() + "/" + v.rule()).toList());
            onWarn.accept(texts.format("warn.trustRefused", trust.violations().size(), list));
            return new Unchanged("trust-violation");
        }
        String query = settings.packForQuery() ? latestUserText(step.messages()) : null;
        Renderer.Rendered rendered = merged.render(settings.render().withQuery(query));
        if (merged.slots().isEmpty() || rendered.included() == 0) return new Unchanged("nothing-to-inject");
        return new Append(message(rendered.text()), merged, rendered);
    }

    /** The appended message: role user, one text block, source {@code plugin belief-merge, snapshot} with one section. */
    static Message message(String text) {
        ObjectNode json = JsJson.nodes().objectNode();
        json.put("kind", "plugin").put("plugin", PLUGIN).put("form", "snapshot");
        json.putArray("sections").addObject().put("name", PLUGIN).put("text", text);
        MessageSource.Plugin source = new MessageSource.Plugin(PLUGIN, "snapshot", List.of(new MessageSource.Section(PLUGIN, text)), null, json);
        return new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text(text)), source);
    }

    /**
     * The latest user text: scanning from the last message back, the first user message that no plugin
     * injected and whose text blocks, space-joined, are not blank; {@code null} when there is none.
     */
    public static String latestUserText(List<Message> messages) {
        if (messages == null) return null;
        for (int i = messages.size() - 1; i >= 0; i--) {
            Message m = messages.get(i);
            if (!(m instanceof Message.UserMessage u) || u.source() instanceof MessageSource.Plugin) continue;
            List<String> parts = new ArrayList<>();
            for (ContentBlock b : u.content()) {
                if (b instanceof ContentBlock.Text t) parts.add(t.text());
            }
            String joined = String.join(" ", parts);
            if (!parts.isEmpty() && !JsStrings.isBlank(joined)) return joined;
        }
        return null;
    }
}
