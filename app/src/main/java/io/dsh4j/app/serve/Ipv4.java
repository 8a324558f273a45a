package io.dsh4j.app.serve;

import java.math.BigInteger;
import java.util.Optional;

/**
 * The WHATWG IPv4 parser: one to four dot-separated numbers, each decimal, octal (leading
 * {@code 0}) or hexadecimal ({@code 0x}); the last number fills the remaining bytes. Serialised as
 * a dotted quad. Stateless.
 */
final class Ipv4 {

    private static final BigInteger MAX = BigInteger.valueOf(0xFFFF_FFFFL);

    private Ipv4() {}

    /** The dotted quad of {@code host}, or empty when it is not a valid IPv4 address. */
    static Optional<String> parse(String host) {
        String[] parts = host.split("\\.", -1);
        int n = parts.length;
        if (n > 1 && parts[n - 1].isEmpty()) n--;
        if (n > 4 || n == 0) return Optional.empty();
        BigInteger[] numbers = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            BigInteger v = number(parts[i]);
            if (v == null) return Optional.empty();
            numbers[i] = v;
        }
        for (int i = 0; i < n - 1; i++) if (numbers[i].compareTo(BigInteger.valueOf(255)) > 0) return Optional.empty();
        BigInteger limit = BigInteger.valueOf(256).pow(5 - n);
        if (numbers[n - 1].compareTo(limit) >= 0 || numbers[n - 1].compareTo(MAX) > 0) return Optional.empty();
        long address = numbers[n - 1].longValue();
        for (int i = 0; i < n - 1; i++) address += numbers[i].longValue() << (8 * (3 - i));
        return Optional.of(((address >> 24) & 255) + "." + ((address >> 16) & 255) + "." + ((address >> 8) & 255) + "." + (address & 255));
    }

    private static BigInteger number(String part) {
        if (part.isEmpty()) return null;
        int radix = 10;
        String digits = part;
        if (part.startsWith("0x")) {
            radix = 16;
            digits = part.substring(2);
            if (digits.isEmpty()) return BigInteger.ZERO;
        } else if (part.length() > 1 && part.startsWith("0")) {
            radix = 8;
            digits = part.substring(1);
        }
        // a 40-digit number is already far beyond 2^32; refuse before BigInteger does the work
        if (digits.length() > 40) return null;
        for (int i = 0; i < digits.length(); i++) if (Character.digit(digits.charAt(i), radix) < 0) return null;
        return new BigInteger(digits, radix);
    }
}
