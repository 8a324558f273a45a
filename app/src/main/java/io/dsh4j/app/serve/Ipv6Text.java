package io.dsh4j.app.serve;

/** The WHATWG serialisation of an IPv6 address: lower-case hex pieces, the first longest run of two or more zero pieces as {@code ::}. */
final class Ipv6Text {

    private Ipv6Text() {}

    static String compress(byte[] sixteen) {
        int[] pieces = new int[8];
        for (int i = 0; i < 8; i++) pieces[i] = ((sixteen[2 * i] & 255) << 8) | (sixteen[2 * i + 1] & 255);
        int bestStart = -1;
        int bestLen = 1;
        for (int i = 0; i < 8; ) {
            if (pieces[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && pieces[j] == 0) j++;
            if (j - i > bestLen) {
                bestStart = i;
                bestLen = j - i;
            }
            i = j;
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                b.append(i == 0 ? "::" : ":");
                i += bestLen - 1;
                continue;
            }
            b.append(Integer.toHexString(pieces[i]));
            if (i < 7) b.append(':');
        }
        return b.toString();
    }
}
