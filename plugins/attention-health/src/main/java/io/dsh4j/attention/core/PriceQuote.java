package io.dsh4j.attention.core;

/**
 * The prices that apply to a model at an instant (spec §4.10 {@code resolvePrice}).
 *
 * @param known             whether the prices may decide anything: false only for a model name
 *                          that no row matches (the cost channel is then skipped)
 * @param modelMatched      whether a row matched the model name
 * @param model             the model name, or {@code null} when the session names none
 * @param tier              the tier at the instant
 * @param onHoliday         whether the Beijing date is a listed holiday
 * @param fromFile          whether the table came from {@code prices.json}
 * @param date              the table's check date
 * @param holidaysFetchedAt the holiday list's check date
 * @param price             the prices of the matched row (the first row when none matched)
 */
public record PriceQuote(boolean known, boolean modelMatched, String model, PriceTier tier, boolean onHoliday,
        boolean fromFile, String date, String holidaysFetchedAt, PriceTable.TierPrice price) {

    /** The price source as the original labels it ({@code prices.json} or {@code 内置核对值}). */
    public String source(Texts texts) {
        return fromFile ? "prices.json" : texts.get("price.builtin");
    }

    /** The one-line price provenance of spec §4.7 {@code priceLabel}. */
    public String label(Texts texts) {
        if (!known) return texts.get("price.unknownModel", model == null ? "?" : model);
        String when = onHoliday ? texts.get("price.holiday", holidaysFetchedAt == null ? "—" : holidaysFetchedAt)
                : tier == PriceTier.PEAK ? texts.get("price.peak") : texts.get("price.offPeak");
        return texts.get("price.label", source(texts), date, when)
                + (modelMatched ? "" : texts.get("price.modelMissing"));
    }
}
