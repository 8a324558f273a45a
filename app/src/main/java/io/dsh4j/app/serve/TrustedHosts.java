package io.dsh4j.app.serve;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code --trusted-host} list of spec §6.2: canonical bare {@code host[:port]} entries. An entry
 * with a port matches that host and port exactly; a port-less entry matches the host on any port.
 * Immutable.
 */
public record TrustedHosts(List<HostAuthority> entries) {

    /** No trusted hosts: loopback only. */
    public static final TrustedHosts NONE = new TrustedHosts(List.of());

    public TrustedHosts {
        entries = List.copyOf(entries);
    }

    /**
     * The list from its textual entries.
     *
     * @throws IllegalArgumentException naming the first entry that is not a canonical bare
     *     {@code host[:port]} (anything the URL parser would rewrite: upper case, a default or
     *     zero-padded port, a path, user info, a non-canonical IPv4 form)
     */
    public static TrustedHosts of(List<String> texts) {
        List<HostAuthority> out = new ArrayList<>();
        for (String text : texts) {
            Optional<HostAuthority> a = HostAuthority.parse(text);
            if (a.isEmpty() || !a.get().serialized().equals(text)) {
                throw new IllegalArgumentException(text);
            }
            out.add(a.get());
        }
        return new TrustedHosts(out);
    }

    /** Whether {@code authority} is listed. */
    public boolean matches(HostAuthority authority) {
        for (HostAuthority e : entries) {
            if (!e.host().equals(authority.host())) continue;
            if (e.port() < 0 || e.port() == authority.port()) return true;
        }
        return false;
    }

    /** Whether {@code host} (a serialised host, no port) is listed, with or without a port. */
    public boolean listsHost(String host) {
        return entries.stream().anyMatch(e -> e.host().equals(host));
    }
}
