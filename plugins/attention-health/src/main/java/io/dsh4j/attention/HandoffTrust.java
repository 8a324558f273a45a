package io.dsh4j.attention;

import java.net.URI;
import java.util.Locale;
import java.util.Set;

/**
 * {@code isTrustedHandoffRequest} (spec §1.7): the handoff route's own fence, every layer required,
 * any missing value failing closed — a Host that is present and loopback ({@code 127.0.0.1},
 * {@code localhost}, {@code [::1]}, with or without a port), no {@code Sec-Fetch-Site: cross-site},
 * an {@code Origin} (when present) that parses and names the Host, and a loopback peer address.
 * No token is checked (DSH's own fence checks none either); the peer address is the layer a client
 * cannot forge. Stateless, no name lookups.
 */
public final class HandoffTrust {

    private static final Set<String> LOOPBACK_HOSTS = Set.of("127.0.0.1", "localhost", "[::1]");

    private HandoffTrust() {}

    /** Whether a request with these headers from {@code remoteAddress} may read a handoff ({@code null} = absent). */
    public static boolean trusted(String host, String secFetchSite, String origin, String remoteAddress) {
        String h = host == null ? "" : host.toLowerCase(Locale.ROOT);
        if (h.isEmpty()) return false;
        if (!LOOPBACK_HOSTS.contains(h.replaceFirst(":[0-9]+$", ""))) return false;
        if (secFetchSite != null && secFetchSite.toLowerCase(Locale.ROOT).equals("cross-site")) return false;
        if (origin != null && !origin.isEmpty() && !h.equals(originHost(origin))) return false;
        return loopbackPeer(remoteAddress);
    }

    /** {@code new URL(origin).host}: lower-cased host, and the port unless it is the scheme's default; {@code null} when unparsable. */
    static String originHost(String origin) {
        try {
            URI u = new URI(origin.trim());
            if (u.getScheme() == null || u.getHost() == null) return null;
            String scheme = u.getScheme().toLowerCase(Locale.ROOT);
            int port = u.getPort();
            boolean defaultPort = port == -1 || (port == 80 && (scheme.equals("http") || scheme.equals("ws")))
                    || (port == 443 && (scheme.equals("https") || scheme.equals("wss")));
            return u.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
        } catch (java.net.URISyntaxException e) {
            return null;
        }
    }

    /** {@code 127.*}, {@code ::1} or {@code ::ffff:127.0.0.1} (and the JDK's spelled-out and bracketed forms of them). */
    static boolean loopbackPeer(String remoteAddress) {
        if (remoteAddress == null) return false;
        String a = remoteAddress.trim().toLowerCase(Locale.ROOT);
        if (a.startsWith("[") && a.endsWith("]")) a = a.substring(1, a.length() - 1);
        return a.startsWith("127.") || a.equals("::1") || a.equals("0:0:0:0:0:0:0:1") || a.equals("::ffff:127.0.0.1")
                || a.equals("0:0:0:0:0:ffff:7f00:1");
    }
}
