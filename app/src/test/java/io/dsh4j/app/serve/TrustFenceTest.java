package io.dsh4j.app.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.app.serve.TrustFence.Verdict;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Spec §6.2, the trust fence's checks in order, on header values alone. */
class TrustFenceTest {

    private static Verdict check(String host, String site, String origin) {
        return TrustFence.check(host, site, origin, TrustedHosts.NONE);
    }

    @Nested
    class HostHeader {
        @Test
        void a_missing_host_is_refused() {
            assertThat(check(null, null, null)).isEqualTo(Verdict.NO_HOST);
        }

        @ParameterizedTest
        @ValueSource(strings = {"", " ", "localhost:99999", "localhost:12a", "local host", "localhost/x", "user@localhost",
            "[::1", "[zz::1]", "localhost:80:80", "localhost?x", "localhost#x", "\u00e9xample", "127.0.0.1%2f", "[::1]x", "127.0.0.256", "1.127.0.0.1"})
        void a_garbled_host_is_refused(String host) {
            assertThat(check(host, null, null)).isEqualTo(Verdict.GARBLED_HOST);
        }
    }

    @Nested
    class HostFence {
        @ParameterizedTest
        @ValueSource(strings = {"localhost", "LOCALHOST:3080", "127.0.0.1", "127.0.0.1:3080", "127.1.2.3", "[::1]", "[::1]:3080",
            "[0:0:0:0:0:0:0:1]", "127.1", "0x7f.0.0.1", "2130706433", "0177.0.0.1", "localhost:80", "127.0.0.1."})
        void loopback_names_pass(String host) {
            assertThat(check(host, null, null)).isEqualTo(Verdict.PASS);
        }

        @ParameterizedTest
        @ValueSource(strings = {"evil.example", "127.0.0.1.nip.io", "localhost.evil.example", "127.evil.example", "10.0.0.8",
            "[::2]", "0.0.0.0", "128.0.0.1", "localhost.", "[::ffff:127.0.0.1]"})
        void rebinding_and_foreign_names_are_refused(String host) {
            assertThat(check(host, null, null)).isEqualTo(Verdict.UNTRUSTED_HOST);
        }

        @Test
        void a_trusted_entry_with_a_port_matches_that_port_only() {
            TrustedHosts t = TrustedHosts.of(List.of("console.lan:3080"));
            assertThat(TrustFence.check("console.lan:3080", null, null, t)).isEqualTo(Verdict.PASS);
            assertThat(TrustFence.check("CONSOLE.lan:3080", null, null, t)).isEqualTo(Verdict.PASS);
            assertThat(TrustFence.check("console.lan:3081", null, null, t)).isEqualTo(Verdict.UNTRUSTED_HOST);
            assertThat(TrustFence.check("console.lan", null, null, t)).isEqualTo(Verdict.UNTRUSTED_HOST);
        }

        @Test
        void a_trusted_entry_without_a_port_matches_every_port() {
            TrustedHosts t = TrustedHosts.of(List.of("192.168.1.5"));
            assertThat(TrustFence.check("192.168.1.5:3080", null, null, t)).isEqualTo(Verdict.PASS);
            assertThat(TrustFence.check("192.168.1.5", null, null, t)).isEqualTo(Verdict.PASS);
            assertThat(TrustFence.check("192.168.1.6", null, null, t)).isEqualTo(Verdict.UNTRUSTED_HOST);
        }

        @ParameterizedTest
        @ValueSource(strings = {"Console.lan", "console.lan:080", "console.lan:80", "http://console.lan", "console.lan/x",
            "user@console.lan", "127.1", "", "[::0:1]"})
        void trusted_entries_must_be_canonical_bare_authorities(String entry) {
            assertThatThrownBy(() -> TrustedHosts.of(List.of(entry))).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Nested
    class CrossSiteFence {
        @Test
        void sec_fetch_site_cross_site_is_refused() {
            assertThat(check("localhost:3080", "cross-site", null)).isEqualTo(Verdict.CROSS_SITE);
        }

        @ParameterizedTest
        @ValueSource(strings = {"same-origin", "same-site", "none"})
        void other_fetch_sites_pass(String site) {
            assertThat(check("localhost:3080", site, null)).isEqualTo(Verdict.PASS);
        }
    }

    @Nested
    class OriginFence {
        @Test
        void an_absent_origin_passes_and_a_matching_one_passes() {
            assertThat(check("localhost:3080", null, null)).isEqualTo(Verdict.PASS);
            assertThat(check("localhost:3080", null, "http://localhost:3080")).isEqualTo(Verdict.PASS);
            assertThat(check("localhost", null, "http://localhost:80")).isEqualTo(Verdict.PASS);
        }

        @ParameterizedTest
        @ValueSource(strings = {"null", "http://evil.example", "http://localhost:3081", "http://127.0.0.1:3080", "file://",
            "garbage", "http://", "chrome-extension://abc", "http://localhost:3080/path/x", "https://localhost"})
        void foreign_null_and_garbled_origins_are_refused(String origin) {
            assertThat(check("localhost:3080", null, origin)).isEqualTo(Verdict.FOREIGN_ORIGIN);
        }
    }

    @Property
    void every_127_slash_8_dotted_quad_is_loopback(@ForAll @IntRange(max = 255) int b, @ForAll @IntRange(max = 255) int c,
            @ForAll @IntRange(max = 255) int d, @ForAll @IntRange(max = 65535) int port) {
        assertThat(check("127." + b + "." + c + "." + d + ":" + port, null, null)).isEqualTo(Verdict.PASS);
    }

    @Property
    void authorities_serialise_to_a_fixed_point(@ForAll @IntRange(max = 255) int a, @ForAll @IntRange(max = 65535) int port) {
        HostAuthority once = HostAuthority.parse("10." + a + ".0.1:" + port).orElseThrow();
        assertThat(HostAuthority.parse(once.serialized())).contains(once);
    }
}
