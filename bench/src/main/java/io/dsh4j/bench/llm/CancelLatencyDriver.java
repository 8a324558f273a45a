package io.dsh4j.bench.llm;

import io.dsh4j.llm.CancelSource;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.llm.deepseek.DeepSeekAdapter;
import io.dsh4j.llm.deepseek.DeepSeekConfig;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;

/**
 * Signal-to-socket-closed latency of a cancelled model stream: a loopback server streams one delta and
 * then holds the connection; the client cancels as soon as the delta arrives; the time from
 * {@code cancel()} to the server's read returning end-of-stream (the socket closed by the client) is
 * one sample. Prints p50 / p90 / p99 / max over N calls (default 500, after 50 warm-up calls).
 *
 * <pre>java -cp bench/target/benchmarks.jar io.dsh4j.bench.llm.CancelLatencyDriver [N]</pre>
 */
public final class CancelLatencyDriver {

    private static final byte[] RESPONSE = ("HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n"
            + chunk("data: {\"choices\":[{\"delta\":{\"content\":\"partial\"}}]}\n\n")).getBytes(StandardCharsets.US_ASCII);

    private static String chunk(String s) {
        return Integer.toHexString(s.getBytes(StandardCharsets.UTF_8).length) + "\r\n" + s + "\r\n";
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        int warmup = 50;
        SynchronousQueue<Long> closedAt = new SynchronousQueue<>();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread.ofPlatform().daemon().start(() -> serve(server, closedAt));
            DeepSeekConfig config = DeepSeekConfig.deepSeek().withBaseUrl("http://127.0.0.1:" + server.getLocalPort());
            Message.UserMessage user = new Message.UserMessage("u", List.of(new ContentBlock.Text("hi")),
                    new MessageSource.User(null, null, JsJson.nodes().objectNode().put("kind", "user")));
            ModelCall call = ModelCall.of("deepseek-official", "deepseek-v4-flash", List.of(user));
            long[] samples = new long[n];
            try (DeepSeekAdapter adapter = new DeepSeekAdapter(config, Map.of("DEEPSEEK_API_KEY", "sk-bench")::get, Clock.systemUTC())) {
                for (int i = 0; i < warmup + n; i++) {
                    CancelSource cancel = new CancelSource();
                    CountDownLatch delta = new CountDownLatch(1);
                    Thread t = Thread.ofVirtual().start(() -> adapter.stream(call, cancel, c -> {
                        if (c instanceof StreamChunk.TextDelta) delta.countDown();
                    }));
                    if (!delta.await(10, TimeUnit.SECONDS)) throw new IllegalStateException("no delta in call " + i);
                    long t0 = System.nanoTime();
                    cancel.cancel();
                    Long t1 = closedAt.poll(10, TimeUnit.SECONDS);
                    if (t1 == null) throw new IllegalStateException("server never saw the close in call " + i);
                    t.join();
                    if (i >= warmup) samples[i - warmup] = t1 - t0;
                }
            }
            Arrays.sort(samples);
            System.out.printf("signal-to-socket-closed over %d cancels: p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms%n",
                    n, ms(samples, 0.50), ms(samples, 0.90), ms(samples, 0.99), samples[n - 1] / 1e6);
        }
    }

    private static double ms(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)] / 1e6;
    }

    private static void serve(ServerSocket server, SynchronousQueue<Long> closedAt) {
        while (!server.isClosed()) {
            try (Socket s = server.accept()) {
                s.setTcpNoDelay(true);
                InputStream in = s.getInputStream();
                skipRequest(in);
                OutputStream out = s.getOutputStream();
                out.write(RESPONSE);
                out.flush();
                while (in.read() >= 0) {
                    // the client sends nothing more: the read returns when it closes the connection
                }
                closedAt.put(System.nanoTime());
            } catch (IOException e) {
                try {
                    closedAt.put(System.nanoTime());
                } catch (InterruptedException ie) {
                    return;
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static void skipRequest(InputStream in) throws IOException {
        long contentLength = 0;
        StringBuilder line = new StringBuilder();
        while (true) {
            int b = in.read();
            if (b < 0) throw new IOException("request cut");
            if (b == '\n') {
                String l = line.toString().trim();
                if (l.isEmpty()) break;
                if (l.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) contentLength = Long.parseLong(l.substring(15).trim());
                line.setLength(0);
            } else {
                line.append((char) b);
            }
        }
        in.readNBytes((int) contentLength);
    }
}
