package io.dsh4j.attention.core;

import java.util.List;
import java.util.Optional;

/**
 * A price table: CNY per million tokens by model prefix and tier, plus the China statutory
 * holidays that are off-peak all day (spec §4.10). {@link #DEFAULTS} is the built-in table; a user
 * may override it with {@code $DSH_HOME/attention-health/prices.json} ({@link PriceFile}).
 *
 * @param source            where the prices come from (shown in labels)
 * @param fetchedAt         the date the prices were checked ({@code YYYY-MM-DD})
 * @param holidaysSource    where the holidays come from
 * @param holidaysFetchedAt the date the holiday list was checked
 * @param holidays          Beijing dates ({@code YYYY-MM-DD}) that are off-peak all day
 * @param models            price rows, matched by prefix in order; never empty
 * @param fromFile          whether the table came from {@code prices.json}
 */
public record PriceTable(String source, String fetchedAt, String holidaysSource, String holidaysFetchedAt,
        List<String> holidays, List<ModelPrice> models, boolean fromFile) {

    /** Prices of one tier, CNY per million tokens. */
    public record TierPrice(double hit, double miss, double out) {}

    /**
     * The prices of the models whose name starts with {@code prefix}.
     *
     * @param peak the peak-hour prices, or {@code null} to use the off-peak ones at all hours
     */
    public record ModelPrice(String prefix, TierPrice offPeak, TierPrice peak) {
        /** The prices of a tier (off-peak when the row has no peak prices). */
        public TierPrice at(PriceTier tier) {
            return tier == PriceTier.PEAK && peak != null ? peak : offPeak;
        }
    }

    private static final TierPrice FLASH_OFF = new TierPrice(0.02, 1, 4);
    private static final TierPrice FLASH_PEAK = new TierPrice(0.04, 2, 8);
    private static final TierPrice PRO_OFF = new TierPrice(0.15, 4.5, 13.5);
    private static final TierPrice PRO_PEAK = new TierPrice(0.3, 9, 27);

    /** The built-in table, checked against the official pricing page on 2026-09-20. */
    public static final PriceTable DEFAULTS = new PriceTable(
            "https://api-docs.deepseek.com/quick_start/pricing",
            "2026-09-20",
            "https://www.gov.cn/zhengce/zhengceku/202511/content_7047091.htm",
            "2026-09-20",
            List.of("2026-01-01", "2026-01-02", "2026-01-03",
                    "2026-02-15", "2026-02-16", "2026-02-17", "2026-02-18", "2026-02-19", "2026-02-20",
                    "2026-02-21", "2026-02-22", "2026-02-23",
                    "2026-04-04", "2026-04-05", "2026-04-06",
                    "2026-05-01", "2026-05-02", "2026-05-03", "2026-05-04", "2026-05-05",
                    "2026-06-19", "2026-06-20", "2026-06-21",
                    "2026-09-25", "2026-09-26", "2026-09-27",
                    "2026-10-01", "2026-10-02", "2026-10-03", "2026-10-04", "2026-10-05", "2026-10-06", "2026-10-07",
                    "2027-01-01"),
            List.of(new ModelPrice("deepseek-flash", FLASH_OFF, FLASH_PEAK),
                    new ModelPrice("deepseek-v4.1-flash", FLASH_OFF, FLASH_PEAK),
                    new ModelPrice("deepseek-v4-flash", FLASH_OFF, FLASH_PEAK),
                    new ModelPrice("deepseek-v4.1-pro", PRO_OFF, PRO_PEAK),
                    new ModelPrice("deepseek-v4-pro", PRO_OFF, PRO_PEAK)),
            false);

    public PriceTable {
        holidays = List.copyOf(holidays);
        models = List.copyOf(models);
        if (models.isEmpty()) throw new IllegalArgumentException("a price table needs at least one model row");
    }

    /** This table with another holiday list (the caller-supplied list of spec §11 item 40). */
    public PriceTable withHolidays(List<String> newHolidays) {
        return new PriceTable(source, fetchedAt, holidaysSource, holidaysFetchedAt, newHolidays, models, fromFile);
    }

    /** The first row whose prefix starts {@code model}. */
    public Optional<ModelPrice> match(String model) {
        if (model == null || model.isEmpty()) return Optional.empty();
        return models.stream().filter(m -> model.startsWith(m.prefix())).findFirst();
    }
}
