package io.dsh4j.app.serve;

import java.time.Duration;

/**
 * The console server's caps, all in one place.
 *
 * @param maxBodyBytes       largest request body read (larger: 413 before the body is read)
 * @param maxHeaderBytes     largest request line plus headers (Jetty answers 431 beyond it)
 * @param idleTimeout        a connection that sends or accepts nothing for this long is closed (slow clients)
 * @param minRequestDataRate a request body that arrives slower than this many bytes per second is cut
 */
public record ServerLimits(long maxBodyBytes, int maxHeaderBytes, Duration idleTimeout, long minRequestDataRate) {

    /**
     * The defaults: the console's requests are small JSON envelopes (a merge preview names a few
     * sessions), so 1 MiB is generous; 16 KiB of headers; 30 s idle; 1 KiB/s.
     */
    public static final ServerLimits DEFAULTS = new ServerLimits(1L << 20, 16 * 1024, Duration.ofSeconds(30), 1024);

    public ServerLimits {
        if (maxBodyBytes <= 0 || maxHeaderBytes <= 0 || idleTimeout.isNegative() || idleTimeout.isZero() || minRequestDataRate < 0) {
            throw new IllegalArgumentException("server limits must be positive");
        }
    }

    /** These limits with another idle timeout. */
    public ServerLimits withIdleTimeout(Duration d) {
        return new ServerLimits(maxBodyBytes, maxHeaderBytes, d, minRequestDataRate);
    }

    /** These limits with another body cap. */
    public ServerLimits withMaxBodyBytes(long n) {
        return new ServerLimits(n, maxHeaderBytes, idleTimeout, minRequestDataRate);
    }
}
