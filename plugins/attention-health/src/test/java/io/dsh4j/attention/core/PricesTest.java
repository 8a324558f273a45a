package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Spec §11 items 40–41 (§4.10): peak calendar in Beijing time, model prefixes, prices.json. */
class PricesTest {

    @TempDir
    Path dir;

    @AfterEach
    void forget() {
        PriceFile.resetCache();
    }

    private static boolean peak(String beijingLocal) {
        return Prices.isPeak(Instant.parse(beijingLocal + "Z").minusSeconds(8 * 3600), PriceTable.DEFAULTS.holidays());
    }

    @Test
    void weekday_peak_hours_are_beijing_9_to_12_and_14_to_18() {
        assertThat(peak("2026-09-18T10:00:00")).isTrue();
        assertThat(peak("2026-09-18T15:00:00")).isTrue();
        assertThat(peak("2026-09-18T13:00:00")).isFalse();
        assertThat(peak("2026-09-18T20:00:00")).isFalse();
        assertThat(peak("2026-09-19T10:00:00")).as("Saturday").isFalse();
        assertThat(peak("2026-09-21T10:00:00")).as("Monday").isTrue();
    }

    @Test
    void holidays_and_make_up_weekends_are_off_peak_and_a_caller_list_overrides() {
        assertThat(peak("2026-10-01T10:00:00")).isFalse();
        assertThat(peak("2026-02-17T10:00:00")).isFalse();
        assertThat(peak("2026-04-06T10:00:00")).isFalse();
        assertThat(peak("2027-01-01T10:00:00")).isFalse();
        assertThat(peak("2026-01-04T10:00:00")).as("make-up Sunday").isFalse();
        assertThat(peak("2026-10-10T10:00:00")).as("make-up Saturday").isFalse();
        Instant monday = Instant.parse("2026-09-21T02:00:00Z");
        assertThat(Prices.isPeak(monday, List.of("2026-09-21"))).isFalse();
        PriceQuote q = Prices.resolve("deepseek-flash", monday, PriceTable.DEFAULTS.withHolidays(List.of("2026-09-21")));
        assertThat(q.onHoliday()).isTrue();
        assertThat(q.label(Texts.chinese())).contains("法定节假日");
    }

    @Test
    void model_prefixes_resolve_pro_flash_and_old_names() {
        Instant peakTime = Instant.parse("2026-09-18T02:00:00Z");
        Instant offPeak = Instant.parse("2026-09-19T02:00:00Z");
        assertThat(Prices.resolve("deepseek-v4-pro-expires-on-0910", peakTime, PriceTable.DEFAULTS).price().miss()).isEqualTo(9);
        PriceQuote flash = Prices.resolve("deepseek-flash", offPeak, PriceTable.DEFAULTS);
        assertThat(flash.price()).isEqualTo(new PriceTable.TierPrice(0.02, 1, 4));
        assertThat(Prices.resolve("deepseek-v4-flash", offPeak, PriceTable.DEFAULTS).modelMatched()).isTrue();
        assertThat(Prices.resolve("deepseek-v4.1-flash-expires-on-0910", offPeak, PriceTable.DEFAULTS).modelMatched()).isTrue();
        assertThat(Prices.resolve("deepseek-v4.1-pro", offPeak, PriceTable.DEFAULTS).price().miss()).isEqualTo(4.5);
        PriceQuote missing = Prices.resolve(null, offPeak, PriceTable.DEFAULTS);
        assertThat(missing.known()).isTrue();
        assertThat(missing.label(Texts.chinese())).contains("模型未知");
        assertThat(flash.label(Texts.chinese())).isEqualTo("价格：内置核对值 2026-09-20 · 空闲价");
        PriceQuote peakFlash = Prices.resolve("deepseek-flash", peakTime, PriceTable.DEFAULTS);
        assertThat(peakFlash.price().miss()).isEqualTo(2 * flash.price().miss());
        assertThat(peakFlash.label(Texts.chinese())).contains("高峰价");
    }

    @Test
    void a_valid_prices_json_overrides_and_a_broken_one_falls_back() throws IOException {
        Files.writeString(dir.resolve("prices.json"), """
                {"source":"mine","fetchedAt":"2027-01-02","models":[{"prefix":"deepseek-flash",
                 "offPeak":{"hit":0.01,"miss":0.5,"out":2},"peak":{"hit":0.02,"miss":1,"out":4}}]}""");
        PriceTable t = PriceFile.load(dir);
        assertThat(t.fromFile()).isTrue();
        assertThat(t.fetchedAt()).isEqualTo("2027-01-02");
        assertThat(Prices.resolve("deepseek-flash", Instant.parse("2026-09-19T02:00:00Z"), t).price().miss()).isEqualTo(0.5);
        assertThat(Prices.resolve("deepseek-v4-pro", Instant.parse("2026-09-19T02:00:00Z"), t).known()).isFalse();
        PriceFile.resetCache();
        Files.writeString(dir.resolve("prices.json"), "{ not json");
        assertThat(PriceFile.load(dir)).isSameAs(PriceTable.DEFAULTS);
        Files.writeString(dir.resolve("prices.json"), "{\"models\":[]}");
        assertThat(PriceFile.load(dir)).isSameAs(PriceTable.DEFAULTS);
        assertThat(PriceFile.load(dir.resolve("missing"))).isSameAs(PriceTable.DEFAULTS);
    }
}
