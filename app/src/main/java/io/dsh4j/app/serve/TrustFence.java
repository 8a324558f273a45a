package io.dsh4j.app.serve;

import java.util.Optional;

/**
 * DSH's trust fence (spec §6.2, {@code isTrustedApiRequest}): a reachability policy, not
 * authentication. It stops a web page from using the user's browser as a confused deputy — by
 * rebinding its DNS name to 127.0.0.1 or by firing cross-site requests — while command-line clients
 * on loopback pass. Checks, in order: a {@code Host} that parses; the Host fence (loopback or a
 * trusted host); the cross-site fence ({@code Sec-Fetch-Site: cross-site}); the Origin fence (an
 * {@code Origin}, when present, must parse and name the Host's authority; {@code null} fails).
 * Stateless and thread-safe.
 */
public final class TrustFence {

    /** The outcome of the fence: pass, or the check that refused. */
    public enum Verdict {
        PASS, NO_HOST, GARBLED_HOST, UNTRUSTED_HOST, CROSS_SITE, FOREIGN_ORIGIN;

        /** Whether the request may be dispatched. */
        public boolean passed() {
            return this == PASS;
        }
    }

    private TrustFence() {}

    /**
     * The verdict for a request with these headers ({@code null} when absent).
     *
     * @param trusted the trusted hosts; {@link TrustedHosts#NONE} re-checks a privileged route (loopback only)
     */
    public static Verdict check(String host, String secFetchSite, String origin, TrustedHosts trusted) {
        if (host == null) return Verdict.NO_HOST;
        Optional<HostAuthority> authority = HostAuthority.parse(host);
        if (authority.isEmpty()) return Verdict.GARBLED_HOST;
        HostAuthority a = authority.get();
        if (!a.isLoopback() && !trusted.matches(a)) return Verdict.UNTRUSTED_HOST;
        if (secFetchSite != null && secFetchSite.trim().equalsIgnoreCase("cross-site")) return Verdict.CROSS_SITE;
        if (origin != null) {
            Optional<HostAuthority> o = HostAuthority.parseOrigin(origin.trim());
            if (o.isEmpty() || !o.get().serialized().equals(a.serialized())) return Verdict.FOREIGN_ORIGIN;
        }
        return Verdict.PASS;
    }
}
