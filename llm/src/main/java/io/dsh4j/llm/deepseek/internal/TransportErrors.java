package io.dsh4j.llm.deepseek.internal;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.util.LinkedHashSet;
import java.util.Set;

/** Turns a transport exception chain into words for a failure message (no class names, no stack). */
public final class TransportErrors {

    private static final int MAX_LENGTH = 400;

    private TransportErrors() { }

    /** The distinct descriptions of {@code t} and its causes, joined with {@code ": "}. */
    public static String describe(Throwable t) {
        Set<String> parts = new LinkedHashSet<>();
        for (Throwable c = t; c != null && parts.size() < 5; c = c.getCause() == c ? null : c.getCause()) {
            parts.add(words(c));
        }
        String s = String.join(": ", parts);
        return s.length() > MAX_LENGTH ? s.substring(0, MAX_LENGTH) + "…" : s;
    }

    private static String words(Throwable c) {
        String m = c.getMessage();
        return switch (c) {
            case HttpConnectTimeoutException e -> "connection timed out";
            case HttpTimeoutException e -> "request timed out";
            case ConnectException e -> m == null || m.isBlank() ? "connection refused" : m;
            case UnknownHostException e -> "unknown host " + (m == null ? "" : m);
            case ClosedChannelException e -> "connection closed";
            default -> m != null && !m.isBlank() ? m
                    : c.getClass().getSimpleName().replaceAll("Exception$", "").replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT);
        };
    }
}
