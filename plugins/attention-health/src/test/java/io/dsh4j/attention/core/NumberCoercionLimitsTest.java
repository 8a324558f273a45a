package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.message.json.JsNumbers;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * GUIDE "Bad input … no hang" for JavaScript's {@code Number(string)} (spec §0.5), which the fold applies
 * to every event's {@code seq}, to turn numbers and to the request window, and the price file to its
 * prices: a long digit run costs time linear in its length and converts exactly as {@code Number()} does.
 * A run of a million digits ending in a non-digit took hours through a backtracking pattern, and a
 * million hexadecimal digits some twenty seconds through {@code BigInteger}.
 */
class NumberCoercionLimitsTest {

    private static final int LONG = 1_000_000;

    @Test
    void a_long_digit_run_that_is_not_a_number_is_nan() {
        assertThat(JsNumbers.stringToNumber("1".repeat(LONG) + "x")).isNaN();
        assertThat(JsNumbers.stringToNumber("1".repeat(LONG) + ".5e")).isNaN();
        assertThat(JsNumbers.stringToNumber("0x" + "f".repeat(LONG) + "g")).isNaN();
    }

    @Test
    void a_long_digit_run_that_is_a_number_converts_as_number_does() {
        assertThat(JsNumbers.stringToNumber("1".repeat(LONG))).isInfinite();
        assertThat(JsNumbers.stringToNumber("0." + "0".repeat(LONG) + "5")).isZero();
        assertThat(JsNumbers.stringToNumber("0x" + "f".repeat(LONG))).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(JsNumbers.stringToNumber("0b" + "0".repeat(LONG) + "101")).isEqualTo(5);
    }

    @Test
    void radix_integers_become_infinity_exactly_from_two_to_the_1024() {
        assertThat(JsNumbers.stringToNumber("0x1" + "0".repeat(255))).isEqualTo(Math.pow(2, 1020));
        assertThat(JsNumbers.stringToNumber("0x1" + "0".repeat(256))).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(JsNumbers.stringToNumber("0x" + "f".repeat(255)))
                .isEqualTo(new BigInteger("f".repeat(255), 16).doubleValue()).isFinite();
        assertThat(JsNumbers.stringToNumber("0x" + "f".repeat(256))).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(JsNumbers.stringToNumber("0b1" + "0".repeat(1023))).isEqualTo(Math.pow(2, 1023));
        assertThat(JsNumbers.stringToNumber("0o1" + "0".repeat(341))).isEqualTo(Math.pow(2, 1023));
        assertThat(JsNumbers.stringToNumber("0o2" + "0".repeat(341))).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void a_hostile_seq_and_turn_number_fold_to_their_javascript_values() {
        String seq = "1".repeat(LONG) + "x";
        String turn = "0x" + "f".repeat(LONG);
        SessionFacts x = ColdFold.fold(List.of(Events.json(
                "{\"type\":\"turn/start\",\"seq\":\"" + seq + "\",\"data\":{\"turn\":\"" + turn + "\"}}")));
        assertThat(x.turns()).singleElement()
                .satisfies(t -> assertThat(t.turn().number()).isEqualTo(Double.POSITIVE_INFINITY));
    }
}
