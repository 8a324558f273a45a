package io.dsh4j.attention.core;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;

/** {@code isoLocal}: epoch milliseconds as {@code YYYY-MM-DD HH:mm:ss} in a zone. Stateless and thread-safe. */
public final class LocalTimes {

    private static final double MAX_DATE_MS = 8.64e15;

    private LocalTimes() {}

    /** The local time, or {@code NaN-NaN-NaN NaN:NaN:NaN} for a value no date can hold (as JavaScript prints it). */
    public static String format(double epochMs, ZoneId zone) {
        if (Double.isNaN(epochMs) || Math.abs(epochMs) > MAX_DATE_MS) return "NaN-NaN-NaN NaN:NaN:NaN";
        LocalDateTime d = LocalDateTime.ofInstant(Instant.ofEpochMilli((long) epochMs), zone);
        return d.getYear() + "-" + pad(d.getMonthValue()) + "-" + pad(d.getDayOfMonth()) + " " + pad(d.getHour()) + ":"
                + pad(d.getMinute()) + ":" + pad(d.getSecond());
    }

    private static String pad(int v) {
        return v < 10 ? "0" + v : Integer.toString(v);
    }
}
