package io.dsh4j.beliefmerge.controls;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.beliefmerge.core.Texts;
import io.dsh4j.message.json.JsJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Which sessions are merged (spec §1.5): a runtime layer kept in a JSON file wins over the config
 * layer. {@code set([])} is an explicit "merge nothing"; {@link #clear()} drops the runtime layer.
 * The file is {@code {"version": 1, "sources": [...]}} (or {@code null} after a clear), pretty-printed
 * with two spaces and a trailing newline. Failures never throw: an unreadable file falls back to the
 * config layer with one warning, a failed write returns {@code false} with one warning.
 *
 * <p>Deviation (spec §13.4 Q4): the original read the file only at start, so hand edits needed a
 * restart although its README calls the file hand-editable; here {@link #get()} re-reads the file
 * whenever its modification time or size changed.
 *
 * <p>Thread-safe (synchronised).
 */
public final class SourceState {

    private final Path file;
    private final List<String> defaults;
    private final Consumer<String> onWarn;
    private final Texts texts;
    private List<String> override;
    private FileTime seenTime;
    private long seenSize = -1;

    /**
     * Reads {@code file} once now (and again whenever it changes).
     *
     * @param defaults the config layer's ids (null entries and blanks ignored)
     * @param onWarn   receives each warning; must not throw
     */
    public SourceState(Path file, List<String> defaults, Consumer<String> onWarn, Texts texts) {
        this.file = Objects.requireNonNull(file, "file");
        this.defaults = clean(defaults == null ? List.of() : defaults, false);
        this.onWarn = Objects.requireNonNull(onWarn, "onWarn");
        this.texts = Objects.requireNonNull(texts, "texts");
        reload();
    }

    /** The effective ids: the runtime override if there is one, else the config defaults. */
    public synchronized List<String> get() {
        if (changedOnDisk()) reload();
        return List.copyOf(override != null ? override : defaults);
    }

    /** {@code runtime} when an override exists, else {@code config}. */
    public synchronized String source() {
        if (changedOnDisk()) reload();
        return override != null ? "runtime" : "config";
    }

    /** The runtime override, or {@code null}. */
    public synchronized List<String> override() {
        if (changedOnDisk()) reload();
        return override == null ? null : List.copyOf(override);
    }

    /** The config layer's ids. */
    public List<String> defaults() {
        return defaults;
    }

    /** The state file. */
    public Path file() {
        return file;
    }

    /** Replaces the override with {@code ids} (de-duplicated, non-empty) and persists; false when the write failed. */
    public synchronized boolean set(List<String> ids) {
        override = clean(ids, true);
        return persist();
    }

    /** Drops the override (the config layer applies again) and persists; false when the write failed. */
    public synchronized boolean clear() {
        override = null;
        return persist();
    }

    /** Re-reads the file and returns the override (or {@code null}). */
    public synchronized List<String> reload() {
        override = null;
        remember();
        if (!Files.exists(file)) return null;
        try {
            JsonNode parsed = JsJson.parse(Files.readString(file, StandardCharsets.UTF_8));
            JsonNode sources = parsed == null ? null : parsed.get("sources");
            if (sources != null && sources.isArray()) {
                List<String> ids = new ArrayList<>();
                sources.forEach(n -> {
                    if (n.isTextual() && !n.textValue().isEmpty()) ids.add(n.textValue());
                });
                override = ids;
            }
        } catch (IOException | RuntimeException e) {
            onWarn.accept(texts.format("state.unreadable", file, e.getMessage()));
        }
        return override == null ? null : List.copyOf(override);
    }

    private boolean persist() {
        StringBuilder sb = new StringBuilder("{\n  \"version\": 1,\n  \"sources\": ");
        if (override == null) {
            sb.append("null");
        } else if (override.isEmpty()) {
            sb.append("[]");
        } else {
            sb.append("[\n");
            for (int i = 0; i < override.size(); i++) {
                sb.append("    ").append(JsJson.quote(override.get(i))).append(i + 1 < override.size() ? ",\n" : "\n");
            }
            sb.append("  ]");
        }
        sb.append("\n}\n");
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
            remember();
            return true;
        } catch (IOException | RuntimeException e) {
            onWarn.accept(texts.format("state.unwritable", file, e.getMessage()));
            return false;
        }
    }

    private boolean changedOnDisk() {
        try {
            if (!Files.exists(file)) return seenSize != -1;
            return !Files.getLastModifiedTime(file).equals(seenTime) || Files.size(file) != seenSize;
        } catch (IOException e) {
            return false;
        }
    }

    private void remember() {
        try {
            if (Files.exists(file)) {
                seenTime = Files.getLastModifiedTime(file);
                seenSize = Files.size(file);
                return;
            }
        } catch (IOException ignored) {
            // the next get() simply tries again
        }
        seenTime = null;
        seenSize = -1;
    }

    private static List<String> clean(List<String> ids, boolean dedupe) {
        List<String> out = new ArrayList<>();
        for (String id : ids) {
            if (id != null && !id.isEmpty()) out.add(id);
        }
        return dedupe ? List.copyOf(new LinkedHashSet<>(out)) : List.copyOf(out);
    }
}
