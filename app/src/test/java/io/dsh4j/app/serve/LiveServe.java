package io.dsh4j.app.serve;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import picocli.CommandLine;

/**
 * {@code dsh4j serve} run in this process on a free loopback port (its own thread), with the
 * environment given, and an HTTP client for its RPC methods and its event stream.
 */
final class LiveServe implements AutoCloseable {

    final ServeCommand command = new ServeCommand();
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();
    final URI url;
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
    private final Thread thread;
    private volatile int exitCode = -1;

    LiveServe(Map<String, String> env, String... args) throws Exception {
        command.env = env::get;
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        List<String> all = new ArrayList<>(List.of("--port", "0"));
        all.addAll(List.of(args));
        thread = Thread.ofPlatform().name("serve-under-test").start(() -> {
            exitCode = cli.execute(all.toArray(String[]::new));
            command.started.completeExceptionally(new IllegalStateException("serve exited " + exitCode + ": " + err));
        });
        url = command.started.get(120, TimeUnit.SECONDS);
    }

    /** An RPC call; the whole response envelope's {@code result}. */
    JsonNode rpc(String method, String payloadJson) throws IOException, InterruptedException {
        HttpRequest r = HttpRequest.newBuilder(url.resolve("/api/" + method)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"type\":\"client-request\",\"rpcId\":1,\"method\":\"" + method
                        + "\",\"payload\":" + payloadJson + "}")).build();
        HttpResponse<String> res = http.send(r, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (res.statusCode() != 200) throw new IOException(method + ": HTTP " + res.statusCode() + " " + res.body());
        return JsJson.parse(res.body()).get("result");
    }

    /** The value of a successful call. */
    JsonNode value(String method, String payloadJson) throws IOException, InterruptedException {
        JsonNode result = rpc(method, payloadJson);
        if (!result.path("ok").asBoolean()) throw new IOException(method + " failed: " + result);
        return result.get("value");
    }

    /** An event-stream client reading on its own thread: its frames as they come. */
    final class Stream implements AutoCloseable {
        /** Each frame: {@code event} name, {@code id} ({@code null} when none), {@code data}. */
        record Frame(String event, String id, String data) {
            JsonNode json() {
                return JsJson.parse(data);
            }
        }

        final List<Frame> frames = new CopyOnWriteArrayList<>();
        final int status;
        private final java.util.stream.Stream<String> lines;
        private final Thread reader;

        Stream(String query, String lastEventId) throws IOException, InterruptedException {
            HttpRequest.Builder b = HttpRequest.newBuilder(url.resolve("/api/events?" + query)).GET();
            if (lastEventId != null) b.header("Last-Event-ID", lastEventId);
            HttpResponse<java.util.stream.Stream<String>> res = http.send(b.build(), HttpResponse.BodyHandlers.ofLines());
            status = res.statusCode();
            lines = res.body();
            reader = Thread.ofVirtual().start(() -> {
                String event = null;
                String id = null;
                StringBuilder data = new StringBuilder();
                try {
                    for (String line : (Iterable<String>) lines::iterator) {
                        if (line.isEmpty()) {
                            if (event != null || data.length() > 0) frames.add(new Frame(event == null ? "message" : event, id, data.toString()));
                            event = null;
                            id = null;
                            data.setLength(0);
                        } else if (line.startsWith("event: ")) {
                            event = line.substring(7);
                        } else if (line.startsWith("id: ")) {
                            id = line.substring(4);
                        } else if (line.startsWith("data: ")) {
                            data.append(line.substring(6));
                        }
                    }
                } catch (RuntimeException closed) {
                    // the stream was closed
                }
            });
        }

        /** Waits (up to a minute) until a frame satisfies {@code p}; returns it. */
        Frame await(Predicate<Frame> p) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (true) {
                for (Frame f : frames) if (p.test(f)) return f;
                if (System.nanoTime() > deadline) throw new AssertionError("no such frame; frames so far: " + frames);
                LockSupport.parkNanos(2_000_000);
            }
        }

        /** The session events received, in order. */
        List<JsonNode> events() {
            return frames.stream().filter(f -> f.event().equals("session/event")).map(Frame::json).toList();
        }

        @Override
        public void close() {
            lines.close();
            reader.interrupt();
        }
    }

    Stream stream(String query, String lastEventId) throws IOException, InterruptedException {
        return new Stream(query, lastEventId);
    }

    static boolean isType(Stream.Frame f, String type) {
        return f.event().equals("session/event") && f.json().path("event").path("type").asText().equals(type);
    }

    static boolean isChunk(Stream.Frame f, String chunkType) {
        return isType(f, "assistant/chunk") && f.json().path("event").path("data").path("chunk").path("type").asText().equals(chunkType);
    }

    /** Stops the server and waits for the command to return; its exit code. */
    int stop() throws InterruptedException {
        command.stop.countDown();
        thread.join(TimeUnit.SECONDS.toMillis(120));
        return exitCode;
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
