package io.dsh4j.message.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Differential check against a real JavaScript engine: when {@code node} is installed, random
 * numbers, strings and objects are stringified by V8 and by {@link JsJson} and must agree byte for
 * byte. (Skipped when no {@code node} is on the PATH; {@link JsJsonProperties} checks the same
 * laws against reference algorithms everywhere.) Inputs travel as raw bits / UTF-16 code units so
 * that no JSON encoder of ours is involved on the way in.
 */
class NodeDifferentialTest {

    private static final String SCRIPT = """
            const lines = require('fs').readFileSync(process.argv[2], 'utf8').split('\\n').filter(l => l.length > 0);
            const out = [];
            for (const line of lines) {
              const [kind, payload] = [line[0], line.slice(2)];
              if (kind === 'n') {
                const view = new DataView(new ArrayBuffer(8));
                view.setBigUint64(0, BigInt('0x' + payload));
                out.push(JSON.stringify(view.getFloat64(0)));
              } else if (kind === 's') {
                const units = payload.length === 0 ? [] : payload.split(',').map(Number);
                out.push(JSON.stringify(String.fromCharCode(...units)));
              } else {
                out.push(JSON.stringify(JSON.parse(payload)));
              }
            }
            process.stdout.write(out.join('\\n') + '\\n');
            """;

    @Test
    void json_stringify_in_node_agrees_on_random_numbers_strings_and_objects(@TempDir Path dir) throws Exception {
        assumeTrue(nodeAvailable(), "node is not installed");
        Random random = new Random(20261130L);
        List<String> inputs = new ArrayList<>();
        List<String> expectedOurs = new ArrayList<>();
        for (int i = 0; i < 4000; i++) {
            double d = switch (i % 4) {
                case 0 -> Double.longBitsToDouble(random.nextLong());
                case 1 -> random.nextDouble() * Math.pow(10, random.nextInt(60) - 30);
                case 2 -> (double) (random.nextLong() >> random.nextInt(64));
                default -> Math.round(random.nextGaussian() * 1e6) / Math.pow(10, random.nextInt(12));
            };
            if (!Double.isFinite(d) || (d == 0 && Double.doubleToRawLongBits(d) != 0)) continue;
            inputs.add("n " + Long.toHexString(Double.doubleToRawLongBits(d)));
            expectedOurs.add(JsNumberFormat.format(d));
        }
        for (int i = 0; i < 2000; i++) {
            int len = random.nextInt(20);
            StringBuilder units = new StringBuilder();
            StringBuilder s = new StringBuilder();
            for (int k = 0; k < len; k++) {
                int bucket = random.nextInt(10);
                char c = (char) (bucket < 4 ? random.nextInt(0x80) : bucket < 6 ? 0xD800 + random.nextInt(0x800)
                        : bucket < 7 ? 0x2028 + random.nextInt(2) : random.nextInt(0x10000));
                if (k > 0) units.append(',');
                units.append((int) c);
                s.append(c);
            }
            inputs.add("s " + units);
            expectedOurs.add(JsJson.quote(s.toString()));
        }
        String[] keys = {"a", "b", "0", "1", "10", "01", "-1", "4294967294", "4294967295", "z"};
        for (int i = 0; i < 500; i++) {
            StringBuilder obj = new StringBuilder("{");
            int n = 1 + random.nextInt(6);
            for (int k = 0; k < n; k++) {
                if (k > 0) obj.append(',');
                obj.append('"').append(keys[random.nextInt(keys.length)]).append("\":").append(random.nextInt(100));
            }
            obj.append('}');
            inputs.add("o " + obj);
            expectedOurs.add(JsJson.stringify(JsJson.parse(obj.toString())));
        }
        Path input = dir.resolve("inputs.txt");
        Path script = dir.resolve("stringify.js");
        Files.writeString(input, String.join("\n", inputs) + "\n", StandardCharsets.UTF_8);
        Files.writeString(script, SCRIPT, StandardCharsets.UTF_8);
        Path output = dir.resolve("outputs.txt");
        Process p = new ProcessBuilder("node", script.toString(), input.toString()).redirectErrorStream(true)
                .redirectOutput(output.toFile()).start();
        boolean finished = p.waitFor(120, TimeUnit.SECONDS);
        if (!finished) p.destroyForcibly();
        assertThat(finished).as("node finished").isTrue();
        List<String> node = List.of(Files.readString(output, StandardCharsets.UTF_8).split("\n"));
        assertThat(node).hasSize(expectedOurs.size());
        for (int i = 0; i < node.size(); i++) {
            assertThat(expectedOurs.get(i)).as("input %s", inputs.get(i)).isEqualTo(node.get(i));
        }
    }

    private static boolean nodeAvailable() {
        try {
            Process p = new ProcessBuilder("node", "--version").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
