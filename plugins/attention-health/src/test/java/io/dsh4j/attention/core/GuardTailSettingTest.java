package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Spec §6.5 / §11 item 54: {@code DSH_ATTENTION_HEALTH_GUARD_TAIL} is read with JavaScript's
 * {@code Number(raw)} — unset or {@code ''} → 500, a finite number ≥ 0 → its floor, anything else →
 * 500. {@code DiskTest} covers the plain forms; these are the ones where Java's
 * {@code Double.parseDouble} and {@code Number()} part: white space only is 0 (privacy mode, no
 * reasoning text stored), hexadecimal/octal/binary integers are numbers, Java's {@code d}/{@code f}
 * suffixes and hex floats are not.
 */
class GuardTailSettingTest {

    @Test
    void white_space_alone_is_zero_so_privacy_mode_as_in_the_original() {
        assertThat(GuardTripLog.tailChars("  ")).isZero();
        assertThat(GuardTripLog.tailChars("\t\n")).isZero();
        assertThat(GuardTripLog.shapeTail("some reasoning", GuardTripLog.tailChars(" ")).get("tail").asText()).isEmpty();
    }

    @Test
    void radix_integers_are_numbers_and_java_only_forms_are_not() {
        assertThat(GuardTripLog.tailChars("0x10")).isEqualTo(16);
        assertThat(GuardTripLog.tailChars("0o17")).isEqualTo(15);
        assertThat(GuardTripLog.tailChars("0b11")).isEqualTo(3);
        assertThat(GuardTripLog.tailChars(" 120 ")).isEqualTo(120);
        assertThat(GuardTripLog.tailChars("1e2")).isEqualTo(100);
        assertThat(GuardTripLog.tailChars("12.9")).isEqualTo(12);
        assertThat(GuardTripLog.tailChars("-0")).isZero();
        assertThat(GuardTripLog.tailChars("12f")).isEqualTo(500);
        assertThat(GuardTripLog.tailChars("12d")).isEqualTo(500);
        assertThat(GuardTripLog.tailChars("0x1p3")).isEqualTo(500);
        assertThat(GuardTripLog.tailChars("Infinity")).isEqualTo(500);
        assertThat(GuardTripLog.tailChars("1e400")).isEqualTo(500);
        assertThat(GuardTripLog.tailChars("NaN")).isEqualTo(500);
    }
}
