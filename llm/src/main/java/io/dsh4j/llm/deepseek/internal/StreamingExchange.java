package io.dsh4j.llm.deepseek.internal;

import io.dsh4j.llm.CancelSignal;
import io.dsh4j.llm.LlmCodes;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.StreamChunk;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * One streaming HTTP call: sends the request, maps a non-2xx answer, reads the event stream through
 * {@link SseReader} and {@link ChunkTranslator}, and pushes chunks to the sink, ending with exactly one
 * finish. Cancellation and the idle watchdog both abort by closing the response stream (or cancelling
 * the pending exchange before the head arrives), so a blocked read returns at once; the first abort
 * cause wins. Single use, driven by the calling thread; {@link #abort} may be called from any thread.
 */
public final class StreamingExchange {

    private final HttpClient client;
    private final HttpRequest request;
    private final String label;
    private final String apiKey;
    private final Duration idleTimeout;
    private final int maxEventBytes;
    private final long maxResponseBytes;
    private final boolean readPlainReasoning;
    private final Clock clock;

    private final Object lock = new Object();
    private String abortCode;
    private CompletableFuture<HttpResponse<InputStream>> pending;
    private InputStream body;
    private volatile long lastActivity;
    private volatile boolean over;

    public StreamingExchange(HttpClient client, HttpRequest request, String label, String apiKey, Duration idleTimeout,
                             int maxEventBytes, long maxResponseBytes, boolean readPlainReasoning, Clock clock) {
        this.client = client;
        this.request = request;
        this.label = label;
        this.apiKey = apiKey;
        this.idleTimeout = idleTimeout;
        this.maxEventBytes = maxEventBytes;
        this.maxResponseBytes = maxResponseBytes;
        this.readPlainReasoning = readPlainReasoning;
        this.clock = clock;
    }

    /** Thrown through the reader when the sink throws, so that it is rethrown unchanged. */
    private static final class SinkFailure extends RuntimeException {
        SinkFailure(RuntimeException cause) {
            super(null, cause, false, false);
        }
    }

    /** Aborts the exchange with {@code code} ({@code ABORTED} or {@code TIMEOUT}); the first call wins. */
    public void abort(String code) {
        CompletableFuture<HttpResponse<InputStream>> f;
        InputStream b;
        synchronized (lock) {
            if (abortCode != null || over) return;
            abortCode = code;
            f = pending;
            b = body;
        }
        if (f != null) f.cancel(true);
        closeQuietly(b);
    }

    private String abortCode() {
        synchronized (lock) {
            return abortCode;
        }
    }

    /** Runs the exchange; see the class comment. Sink exceptions propagate after the connection is closed. */
    public void run(CancelSignal cancel, Consumer<? super StreamChunk> sink) {
        Consumer<StreamChunk> guarded = chunk -> {
            try {
                sink.accept(chunk);
            } catch (RuntimeException e) {
                throw new SinkFailure(e);
            }
            touch(); // time the consumer spends on a chunk is not the server being idle
        };
        lastActivity = System.nanoTime();
        Thread watchdog = Thread.ofVirtual().name("llm-idle-watchdog").start(this::watch);
        CancelSignal.Registration registration = cancel.onCancel(() -> abort(LlmCodes.ABORTED));
        FinishReason failure;
        try {
            failure = exchange(guarded);
        } catch (SinkFailure e) {
            throw (RuntimeException) e.getCause();
        } finally {
            InputStream b;
            synchronized (lock) {
                over = true;
                b = body;
            }
            closeQuietly(b);
            registration.close();
            LockSupport.unpark(watchdog);
        }
        if (failure != null) sink.accept(new StreamChunk.Finish(failure, null));
    }

    private void watch() {
        long idle = idleTimeout.toNanos();
        while (!over) {
            long remaining = lastActivity + idle - System.nanoTime();
            if (remaining <= 0) {
                abort(LlmCodes.TIMEOUT);
                return;
            }
            LockSupport.parkNanos(remaining);
        }
    }

    /** @return the failure to finish with, or {@code null} when the translator already pushed the finish */
    private FinishReason exchange(Consumer<StreamChunk> sink) {
        HttpResponse<InputStream> response;
        try {
            CompletableFuture<HttpResponse<InputStream>> f = client.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
            synchronized (lock) {
                pending = f;
                if (abortCode != null) f.cancel(true);
            }
            response = f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abort(LlmCodes.ABORTED);
            return aborted();
        } catch (CancellationException | ExecutionException e) {
            if (abortCode() != null) return aborted();
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            return error(label + " request to " + request.uri() + " failed: " + describe(cause), LlmCodes.TRANSPORT);
        }
        InputStream in = new ActivityInputStream(response.body());
        synchronized (lock) {
            body = in;
        }
        if (abortCode() != null) {
            closeQuietly(in);
            return aborted();
        }
        touch();
        int status = response.statusCode();
        try {
            if (status < 200 || status > 299) {
                byte[] buf = in.readNBytes(HttpFailures.MAX_ERROR_BODY_BYTES);
                LlmFailure f = HttpFailures.failure(label, status, buf, buf.length, name -> response.headers().firstValue(name), clock);
                return new FinishReason.Error(redacted(f));
            }
            FinishReason end = new EventStream(label, maxEventBytes, maxResponseBytes, readPlainReasoning).read(in, sink);
            if (end != null && abortCode() != null) return aborted();
            return end == null ? null : redacted(end);
        } catch (IOException e) {
            if (abortCode() != null) return aborted();
            return error(label + " stream from " + request.uri() + " failed: " + describe(e), LlmCodes.TRANSPORT);
        }
    }

    private FinishReason aborted() {
        String code = abortCode();
        if (LlmCodes.TIMEOUT.equals(code))
            return error(label + " stream idle timeout after " + idleTimeout.toMillis() + "ms", LlmCodes.TIMEOUT);
        return new FinishReason.Aborted(LlmFailure.of(label + " request aborted by caller", LlmCodes.ABORTED));
    }

    private FinishReason error(String message, String code) {
        return new FinishReason.Error(LlmFailure.of(ApiKeys.redact(message, apiKey), code));
    }

    private FinishReason redacted(FinishReason r) {
        return r instanceof FinishReason.Error e ? new FinishReason.Error(redacted(e.failure())) : r;
    }

    private LlmFailure redacted(LlmFailure f) {
        return new LlmFailure(ApiKeys.redact(f.message(), apiKey), f.code(), f.status(), f.providerRetryAfterMs(), f.requestId());
    }

    private static String describe(Throwable t) {
        return TransportErrors.describe(t);
    }

    private void touch() {
        lastActivity = System.nanoTime();
    }

    private static void closeQuietly(InputStream in) {
        if (in == null) return;
        try {
            in.close();
        } catch (IOException ignored) {
            // closing is the abort; a failure to close leaves nothing to do
        }
    }

    /** Counts every read that returns bytes as activity for the idle watchdog. */
    private final class ActivityInputStream extends InputStream {
        private final InputStream in;

        ActivityInputStream(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            touch();
            return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int n = in.read(buf, off, len);
            touch();
            return n;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
