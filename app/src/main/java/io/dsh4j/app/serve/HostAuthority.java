package io.dsh4j.app.serve;

import java.util.Locale;
import java.util.Optional;

/**
 * A host authority ({@code host[:port]}) as the WHATWG URL parser reads {@code http://<authority>}:
 * the host lower-cased, an IPv4 address in any of the forms that parser accepts ({@code 127.1},
 * {@code 0x7f.0.0.1}, {@code 2130706433}) serialised as a dotted quad, an IPv6 literal kept in
 * brackets, and the scheme's default port dropped. Anything the parser would refuse is refused here
 * too; so are non-ASCII names and percent escapes, which the parser would rewrite (refusing them can
 * only make the fence stricter). Immutable.
 *
 * @param host the serialised host ({@code localhost}, {@code 127.0.0.1}, {@code [::1]})
 * @param port the port, or −1 when absent or the scheme's default
 */
public record HostAuthority(String host, int port) {

    /** A dotted quad in 127/8; a name of this shape always ends in a number, so it was parsed as IPv4. */
    private static final java.util.regex.Pattern LOOPBACK_V4 = java.util.regex.Pattern.compile("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");

    /** The highest TCP port. */
    static final int MAX_PORT = 65535;
    /** The default port of {@code http:}. */
    static final int HTTP_PORT = 80;
    /** The default port of {@code https:}. */
    static final int HTTPS_PORT = 443;

    /** {@code host} or {@code host:port}, as {@code url.host} serialises it. */
    public String serialized() {
        return port < 0 ? host : host + ":" + port;
    }

    /** Whether the host is loopback in DSH's sense: {@code localhost}, {@code [::1]} or any {@code 127.x.y.z}. */
    public boolean isLoopback() {
        return host.equals("localhost") || host.equals("[::1]") || LOOPBACK_V4.matcher(host).matches();
    }

    /** The authority of a {@code Host} header, read as {@code http://<value>}; empty when it does not parse. */
    public static Optional<HostAuthority> parse(String value) {
        return parse(value, HTTP_PORT);
    }

    /**
     * The authority of an {@code Origin} header ({@code scheme://host[:port]}), the default port of its
     * scheme dropped; empty for {@code null}, an opaque origin, or anything that does not parse.
     */
    public static Optional<HostAuthority> parseOrigin(String origin) {
        if (origin == null) return Optional.empty();
        int sep = origin.indexOf("://");
        if (sep <= 0) return Optional.empty();
        String scheme = origin.substring(0, sep).toLowerCase(Locale.ROOT);
        String rest = origin.substring(sep + 3);
        if (rest.endsWith("/")) rest = rest.substring(0, rest.length() - 1);
        int defaultPort = switch (scheme) {
            case "http", "ws" -> HTTP_PORT;
            case "https", "wss" -> HTTPS_PORT;
            default -> -2;
        };
        if (defaultPort == -2) return Optional.empty();
        return parse(rest, defaultPort);
    }

    private static Optional<HostAuthority> parse(String value, int defaultPort) {
        if (value == null || value.isEmpty()) return Optional.empty();
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            // forbidden in an authority or rewritten by the parser: refuse rather than guess
            if (c <= ' ' || c >= 0x7f || "/\\?#@%<>^|\"{}`".indexOf(c) >= 0) return Optional.empty();
        }
        String hostPart;
        String portPart = null;
        if (value.startsWith("[")) {
            int close = value.indexOf(']');
            if (close < 0) return Optional.empty();
            hostPart = value.substring(0, close + 1);
            String after = value.substring(close + 1);
            if (!after.isEmpty()) {
                if (!after.startsWith(":")) return Optional.empty();
                portPart = after.substring(1);
            }
        } else {
            int colon = value.indexOf(':');
            if (colon >= 0) {
                hostPart = value.substring(0, colon);
                portPart = value.substring(colon + 1);
            } else {
                hostPart = value;
            }
        }
        int port = -1;
        if (portPart != null && !portPart.isEmpty()) {
            if (portPart.length() > 5 || !portPart.chars().allMatch(ch -> ch >= '0' && ch <= '9')) return Optional.empty();
            port = Integer.parseInt(portPart);
            if (port > MAX_PORT) return Optional.empty();
            if (port == defaultPort) port = -1;
        }
        Optional<String> host = hostPart.startsWith("[") ? ipv6(hostPart) : domainOrIpv4(hostPart);
        int p = port;
        return host.map(h -> new HostAuthority(h, p));
    }

    private static Optional<String> domainOrIpv4(String raw) {
        if (raw.isEmpty()) return Optional.empty();
        String host = raw.toLowerCase(Locale.ROOT);
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            if (c == '[' || c == ']' || c == ':') return Optional.empty();
        }
        String[] labels = host.split("\\.", -1);
        int n = labels.length;
        String last = labels[n - 1].isEmpty() && n > 1 ? labels[n - 2] : labels[n - 1];
        if (!endsInNumber(last)) return Optional.of(host);
        return Ipv4.parse(host);
    }

    /** WHATWG "ends in a number": the last label is all digits, or a {@code 0x} hex number. */
    private static boolean endsInNumber(String last) {
        if (last.isEmpty()) return false;
        if (last.chars().allMatch(ch -> ch >= '0' && ch <= '9')) return true;
        return last.startsWith("0x") && last.substring(2).chars().allMatch(ch -> Character.digit(ch, 16) >= 0);
    }

    private static Optional<String> ipv6(String bracketed) {
        String inner = bracketed.substring(1, bracketed.length() - 1).toLowerCase(Locale.ROOT);
        if (inner.isEmpty() || !inner.chars().allMatch(ch -> Character.digit(ch, 16) >= 0 || ch == ':' || ch == '.')) {
            return Optional.empty();
        }
        try {
            byte[] bytes = java.net.InetAddress.getByName("[" + inner + "]").getAddress();
            if (bytes.length == 4) {
                // the JDK hands back an IPv4-mapped address (::ffff:a.b.c.d) as IPv4; the URL parser keeps it IPv6
                byte[] mapped = new byte[16];
                mapped[10] = (byte) 0xff;
                mapped[11] = (byte) 0xff;
                System.arraycopy(bytes, 0, mapped, 12, 4);
                bytes = mapped;
            }
            return Optional.of("[" + Ipv6Text.compress(bytes) + "]");
        } catch (java.net.UnknownHostException e) {
            return Optional.empty();
        }
    }
}
