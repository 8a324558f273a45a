package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.attention.core.internal.Json;
import io.dsh4j.message.json.Js;
import io.dsh4j.message.json.JsNumbers;
import io.dsh4j.message.json.NodeUtf8;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The user's price override {@code $DSH_HOME/attention-health/prices.json} (spec §4.10): a shallow
 * merge over the built-in table — a file that lists {@code models} replaces the whole model list,
 * {@code holidays} (when present) the holiday list. A missing, broken or unreadable file, or one
 * with an empty or malformed model list, or one larger than {@link #MAX_BYTES}, yields the built-in
 * table; loading never throws.
 * Thread-safe; results are cached by the file's modification time.
 */
public final class PriceFile {

    /** The file name. */
    public static final String FILE = "prices.json";
    /**
     * The largest file that is read (1 MiB; the built-in table is under 2 KB): a larger one is
     * treated as unusable, so a hostile file cannot exhaust the heap.
     */
    public static final long MAX_BYTES = 1 << 20;

    private static volatile Cached cache;

    private record Cached(Path file, long mtime, PriceTable table) {}

    private PriceFile() {}

    /** The effective table for an attention-health directory. */
    public static PriceTable load(Path attentionDir) {
        Path file = attentionDir.resolve(FILE);
        try {
            long mtime = Files.getLastModifiedTime(file).toMillis();
            Cached c = cache;
            if (c != null && c.file.equals(file) && c.mtime == mtime) return c.table;
            if (Files.size(file) > MAX_BYTES) return PriceTable.DEFAULTS;
            // decoded as the original's readFileSync(…, 'utf8') did: a byte that is not UTF-8 is U+FFFD, not a broken file
            PriceTable table = parse(NodeUtf8.decode(Files.readAllBytes(file)));
            if (table == null) return PriceTable.DEFAULTS;
            cache = new Cached(file, mtime, table);
            return table;
        } catch (IOException | RuntimeException e) {
            return PriceTable.DEFAULTS;
        }
    }

    /** Forgets the cache (tests). */
    public static void resetCache() {
        cache = null;
    }

    /** The table a file text describes, or {@code null} when it is not a usable price file. */
    static PriceTable parse(String text) {
        JsonNode root = Json.parseOrNull(text);
        JsonNode models = Js.get(root, "models");
        if (models == null || !models.isArray() || models.isEmpty()) return null;
        List<PriceTable.ModelPrice> rows = new ArrayList<>();
        for (JsonNode m : models) {
            String prefix = Js.str(Js.get(m, "prefix"));
            PriceTable.TierPrice off = tier(Js.get(m, "offPeak"));
            if (prefix == null || off == null) return null;
            rows.add(new PriceTable.ModelPrice(prefix, off, tier(Js.get(m, "peak"))));
        }
        PriceTable d = PriceTable.DEFAULTS;
        JsonNode holidays = Js.get(root, "holidays");
        List<String> days = d.holidays();
        if (holidays != null) {
            days = new ArrayList<>();
            if (holidays.isArray()) for (JsonNode h : holidays) if (h.isTextual()) days.add(h.textValue());
        }
        return new PriceTable(or(Js.str(Js.get(root, "source")), d.source()), or(Js.str(Js.get(root, "fetchedAt")),
                d.fetchedAt()), or(Js.str(Js.get(root, "holidaysSource")), d.holidaysSource()),
                or(Js.str(Js.get(root, "holidaysFetchedAt")), d.holidaysFetchedAt()), days, rows, true);
    }

    /**
     * A tier's prices. The original multiplied them, so a numeric string ({@code "0.02"}) worked as its
     * number; anything whose {@code Number()} is not finite makes the row unusable.
     */
    private static PriceTable.TierPrice tier(JsonNode n) {
        double hit = price(Js.get(n, "hit"));
        double miss = price(Js.get(n, "miss"));
        double out = price(Js.get(n, "out"));
        if (!JsNumbers.finite(hit) || !JsNumbers.finite(miss) || !JsNumbers.finite(out)) return null;
        return new PriceTable.TierPrice(hit, miss, out);
    }

    private static double price(JsonNode v) {
        return v != null && (v.isNumber() || v.isTextual()) ? Js.toNumber(v) : Double.NaN;
    }

    private static String or(String v, String fallback) {
        return v == null ? fallback : v;
    }
}
