package io.dsh4j.app.health;

import io.dsh4j.attention.core.Figures;
import io.dsh4j.attention.core.PriceFile;
import io.dsh4j.attention.core.PriceTable;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.attention.sessions.SessionSelection;
import io.dsh4j.attention.core.Texts;
import io.dsh4j.session.SessionHome;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;

/**
 * What the attention-health commands share: the home and its folders, the language, the clock
 * instant and the effective price table. Immutable.
 *
 * @param home         the DSH home
 * @param texts        the output language
 * @param now          the instant that decides the price tier and the document's time
 * @param prices       the price table ({@code prices.json} over the built-in one)
 */
record CliContext(Path home, Texts texts, Instant now, PriceTable prices) {

    /**
     * The range of a JavaScript date (±8.64e15 ms), whose clock the original read: outside it the
     * document's time and the history row's {@code at} have no value (and beyond ±2^63 ms the
     * epoch milliseconds overflow).
     */
    static final Instant EARLIEST = Instant.ofEpochMilli(-8_640_000_000_000_000L);
    static final Instant LATEST = Instant.ofEpochMilli(8_640_000_000_000_000L);

    /** The plugin's data folder, {@code <home>/attention-health}. */
    Path attentionDir() {
        return home.resolve("attention-health");
    }

    /** The sessions root, {@code <home>/sessions}. */
    Path sessionsRoot() {
        return home.resolve("sessions");
    }

    /** The zone of local times in documents. */
    ZoneId zone() {
        return ZoneId.systemDefault();
    }

    /**
     * The context from the command-line options.
     *
     * @throws IllegalArgumentException naming a bad {@code --lang}, or a {@code --now} that is not an
     *     instant or lies outside the range of a JavaScript date
     */
    static CliContext of(String home, String lang, String now) {
        Path dir = SessionHome.resolve(home).dir();
        Texts texts = Texts.forTag(lang);
        Instant instant;
        try {
            instant = now == null ? Instant.now() : instant(now, ZoneId.systemDefault());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(texts.get("cli.badNow", now));
        }
        if (instant.isBefore(EARLIEST) || instant.isAfter(LATEST)) {
            throw new IllegalArgumentException(texts.get("cli.nowOutOfRange", now));
        }
        return new CliContext(dir, texts, instant, PriceFile.load(dir.resolve("attention-health")));
    }

    /**
     * The instant of an ISO-8601 {@code --now}, read as JavaScript's {@code Date.parse} reads the ISO
     * forms: with {@code Z} or an offset it is that instant; a date alone is midnight UTC; a date and
     * time without an offset is a local time of {@code zone}.
     *
     * @throws DateTimeParseException when the text is none of these
     */
    static Instant instant(String text, ZoneId zone) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException notAnInstant) {
            if (text.length() == 10) return java.time.LocalDate.parse(text).atStartOfDay(java.time.ZoneOffset.UTC).toInstant();
            return java.time.LocalDateTime.parse(text).atZone(zone).toInstant();
        }
    }

    /** en-US grouping, as the original printed numbers. */
    static String grouped(double v) {
        return Figures.grouped(v);
    }

    /** One decimal, half away from zero on the exact value ({@code toFixed(1)}). */
    static String fixed1(double v) {
        return Figures.fixed(v, 1);
    }

    /**
     * A size as the original command line printed one: {@code 512B}, {@code 11.9KB}, {@code 3.2MB}
     * (1024-based, one decimal rounded as JavaScript's {@code toFixed}).
     */
    static String humanSize(long size) {
        if (size < 1024) return size + "B";
        if (size < 1024 * 1024) return fixed1(size / 1024.0) + "KB";
        return fixed1(size / 1024.0 / 1024.0) + "MB";
    }

    /** JavaScript's {@code String(n)}. */
    static String js(double v) {
        return Figures.js(v);
    }

    /**
     * What went wrong with a file, in these texts: the JDK's file exceptions carry only the path as
     * their message ({@code /a/b}), which names the place but not the problem.
     */
    static String describe(Texts texts, IOException e) {
        return SessionSelection.describe(texts, e);
    }

    /** The exit code of a failed selection: 3 when nothing fits, 2 when an id fragment fits several sessions. */
    static int exitCode(SessionSelection.Failure f) {
        return f.kind() == SessionSelection.FailureKind.AMBIGUOUS ? ExitCodes.USAGE : ExitCodes.INPUT_UNAVAILABLE;
    }
}
