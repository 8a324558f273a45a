package io.dsh4j.attention.core;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Price resolution and the peak/off-peak calendar (spec §4.10). The tier is read in Beijing time
 * (UTC+8, no daylight saving) whatever the host's zone: Monday–Friday 9–12 and 14–18 are peak,
 * weekends and listed holidays are off-peak all day, make-up working weekends stay off-peak.
 * Stateless and thread-safe; the instant is always passed in (tests and {@code --now} inject it).
 */
public final class Prices {

    private static final ZoneOffset BEIJING = ZoneOffset.ofHours(8);
    private static final double MORNING_FROM = 9;
    private static final double MORNING_TO = 12;
    private static final double AFTERNOON_FROM = 14;
    private static final double AFTERNOON_TO = 18;

    private Prices() {}

    /** Whether {@code now} falls in peak hours, given the holiday list. */
    public static boolean isPeak(Instant now, List<String> holidays) {
        LocalDateTime bj = LocalDateTime.ofInstant(now, BEIJING);
        DayOfWeek day = bj.getDayOfWeek();
        if (day == DayOfWeek.SATURDAY || day == DayOfWeek.SUNDAY) return false;
        if (isHoliday(now, holidays)) return false;
        double h = bj.getHour() + bj.getMinute() / 60.0;
        return (h >= MORNING_FROM && h < MORNING_TO) || (h >= AFTERNOON_FROM && h < AFTERNOON_TO);
    }

    /** Whether the Beijing date of {@code now} is in the holiday list. */
    public static boolean isHoliday(Instant now, List<String> holidays) {
        return holidays != null && holidays.contains(LocalDateTime.ofInstant(now, BEIJING).toLocalDate().toString());
    }

    /**
     * The prices for a model at an instant: a matching row is {@code known}; a missing name is
     * {@code known} at the first row's prices (labelled "model unknown"); an unmatched name is not
     * {@code known} (its figures are shown but decide nothing).
     */
    public static PriceQuote resolve(String model, Instant now, PriceTable table) {
        boolean onHoliday = isHoliday(now, table.holidays());
        PriceTier tier = isPeak(now, table.holidays()) ? PriceTier.PEAK : PriceTier.OFF_PEAK;
        String name = model == null ? "" : model;
        PriceTable.ModelPrice entry = table.match(name).orElse(null);
        PriceTable.ModelPrice use = entry != null ? entry : table.models().get(0);
        boolean known = name.isEmpty() || entry != null;
        return new PriceQuote(known, entry != null, name.isEmpty() ? null : name, tier, onHoliday, table.fromFile(),
                table.fetchedAt(), table.holidaysFetchedAt(), use.at(tier));
    }
}
