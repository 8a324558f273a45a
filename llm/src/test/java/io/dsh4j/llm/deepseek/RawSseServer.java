package io.dsh4j.llm.deepseek;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;

/**
 * A one-connection HTTP/1.1 server on a loopback socket for the tests MockWebServer cannot express:
 * it answers the first request with a chunked event stream, writes {@code prefix}, flushes, then
 * holds the connection open without writing and watches the socket. {@link #closedByClient} counts
 * down when the client closes the connection (a read returns end of stream or fails), which is how
 * the cancel and timeout tests see the socket close on the server side.
 */
final class RawSseServer implements AutoCloseable {

    final CountDownLatch prefixSent = new CountDownLatch(1);
    final CountDownLatch closedByClient = new CountDownLatch(1);
    private final ServerSocket socket;
    private final Thread thread;
    private final String prefix;
    private final boolean headOnly;

    /** @param headOnly send nothing at all (no response head) after reading the request */
    RawSseServer(String prefix, boolean headOnly) throws IOException {
        this.prefix = prefix;
        this.headOnly = headOnly;
        this.socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        this.thread = Thread.ofPlatform().daemon().name("raw-sse-server").start(this::serve);
    }

    String baseUrl() {
        return "http://127.0.0.1:" + socket.getLocalPort();
    }

    private void serve() {
        try (Socket s = socket.accept()) {
            InputStream in = s.getInputStream();
            readRequest(in);
            OutputStream out = s.getOutputStream();
            if (!headOnly) {
                out.write(("HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                byte[] body = prefix.getBytes(StandardCharsets.UTF_8);
                if (body.length > 0) {
                    out.write((Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.write(body);
                    out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                }
                out.flush();
            }
            prefixSent.countDown();
            // the client sends nothing more on this connection: a read returns only when it closes
            while (in.read() >= 0) {
                // discard
            }
        } catch (IOException e) {
            // a reset is also the client going away
        } finally {
            closedByClient.countDown();
        }
    }

    private static void readRequest(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            head.write(b);
            byte[] h = head.toByteArray();
            int n = h.length;
            if (n >= 4 && h[n - 4] == '\r' && h[n - 3] == '\n' && h[n - 2] == '\r' && h[n - 1] == '\n') break;
        }
        String text = head.toString(StandardCharsets.US_ASCII).toLowerCase(java.util.Locale.ROOT);
        int at = text.indexOf("content-length:");
        if (at >= 0) {
            int end = text.indexOf("\r\n", at);
            long length = Long.parseLong(text.substring(at + "content-length:".length(), end).trim());
            in.readNBytes((int) length);
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
        thread.interrupt();
    }
}
