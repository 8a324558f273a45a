package io.dsh4j.app.chat;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, "the answer is logged as DSH logs approvals": each question chat asks is an
 * {@code approval/asked} event and exactly one {@code approval/decided} with the same id, between the
 * call's {@code tool/call} and {@code tool/result}, as in DSH's recordings
 * ({@code corpus/dsh/examples/acp-agent/tests/snapshots/hook-cc-pretool-ask}, {@code escalation-approved}).
 */
class ChatApprovalsTest {

    static {
        System.setProperty("dsh4j.run.signals", "false");
    }

    @TempDir
    Path home;

    @TempDir
    Path work;

    String[] args() {
        return new String[] {"--home", home.toString(), "--cwd", work.toString(), "--base-url", "http://127.0.0.1:9/v1"};
    }

    /** The log's events of the types that matter here, in order, as {@code type} or {@code type:detail}. */
    static List<String> approvalTrail(List<JsonNode> events) {
        return events.stream().filter(e -> Set.of("tool/call", "tool/result", "approval/asked", "approval/decided")
                .contains(e.get("type").asText())).map(e -> {
                    JsonNode d = e.get("data");
                    return switch (e.get("type").asText()) {
                        case "tool/call" -> "tool/call:" + d.get("callId").asText();
                        case "tool/result" -> "tool/result:" + d.get("message").get("content").get(0).get("toolCallId").asText();
                        case "approval/asked" -> "approval/asked:" + d.get("toolName").asText() + ":" + d.get("callId").asText();
                        default -> "approval/decided:" + d.get("outcome").asText();
                    };
                }).toList();
    }

    static List<JsonNode> events(Path home) throws Exception {
        return ChatCommandTest.jsonl(ChatCommandTest.logs(home).getFirst()).lines().map(JsJson::parse).toList();
    }

    /** Every asked has exactly one decided with its id, after it; ids are unique. */
    static void assertPaired(List<JsonNode> events) {
        List<String> asked = events.stream().filter(e -> e.get("type").asText().equals("approval/asked"))
                .map(e -> e.get("data").get("id").asText()).toList();
        List<String> decided = events.stream().filter(e -> e.get("type").asText().equals("approval/decided"))
                .map(e -> e.get("data").get("id").asText()).toList();
        assertThat(asked).doesNotHaveDuplicates().containsExactlyElementsOf(decided);
        for (JsonNode e : events) {
            if (e.get("type").asText().startsWith("approval/")) assertThat(e.has("surfaceOp")).isFalse();
        }
    }

    @Test
    void a_denial_is_logged_asked_then_decided_rejected_between_the_call_and_its_result() throws Exception {
        ScriptedModel model = ScriptedModel.of(ChatCommandTest.bash("c1", "touch denied.txt"), ScriptedModel.Script.text("understood"));
        try (ChatDriver chat = ChatDriver.start(100, false, ChatCommandTest.scripted(model), args())) {
            chat.awaitScreen("> ");
            chat.type("make a file\r");
            chat.awaitScreen("[d]eny:");
            chat.type("d\r");
            chat.awaitScreen("understood");
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
        }
        List<JsonNode> events = events(home);
        assertThat(approvalTrail(events)).containsExactly("tool/call:c1", "approval/asked:bash:c1", "approval/decided:rejected",
                "tool/result:c1");
        assertPaired(events);
        JsonNode asked = events.stream().filter(e -> e.get("type").asText().equals("approval/asked")).findFirst().orElseThrow();
        assertThat(asked.get("data").get("reason").asText()).isEqualTo("tool \"bash\" runs a command");
        assertThat(asked.get("data").get("id").asText()).matches("[0-9a-f-]{36}");
        assertThat(CliRun.of("sessions", "verify", ChatCommandTest.logs(home).getFirst().toString()).code()).isEqualTo(ExitCodes.OK);
    }

    @Test
    void always_is_logged_allowed_once_and_the_calls_it_lets_through_log_no_question() throws Exception {
        ScriptedModel model = ScriptedModel.of(ChatCommandTest.bash("c1", "touch one.txt"), ChatCommandTest.bash("c2", "touch two.txt"),
                ScriptedModel.Script.text("both made"));
        try (ChatDriver chat = ChatDriver.start(100, false, ChatCommandTest.scripted(model), args())) {
            chat.awaitScreen("> ");
            chat.type("make two files\r");
            chat.awaitScreen("[d]eny:");
            chat.type("a\r");
            chat.awaitScreen("both made");
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
        }
        List<JsonNode> events = events(home);
        assertThat(approvalTrail(events)).containsExactly("tool/call:c1", "approval/asked:bash:c1", "approval/decided:allowed-once",
                "tool/result:c1", "tool/call:c2", "tool/result:c2");
        assertPaired(events);
    }

    @Test
    void ctrl_c_at_the_question_is_logged_cancelled_and_the_turn_ends_aborted() throws Exception {
        ScriptedModel model = ScriptedModel.of(ChatCommandTest.bash("c1", "touch never.txt"), ScriptedModel.Script.text("next turn"));
        try (ChatDriver chat = ChatDriver.start(100, false, ChatCommandTest.scripted(model), args())) {
            chat.awaitScreen("> ");
            chat.type("make a file\r");
            chat.awaitScreen("[d]eny:");
            chat.type("\u0003");
            chat.awaitScreen("(cancelled)");
            chat.awaitScreen("> ", 2);
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
        }
        assertThat(work.resolve("never.txt")).doesNotExist();
        List<JsonNode> events = events(home);
        assertThat(approvalTrail(events)).startsWith("tool/call:c1", "approval/asked:bash:c1", "approval/decided:cancelled");
        assertPaired(events);
    }

    @Test
    void the_recorded_dsh_sessions_pair_their_approval_events_the_same_way() throws Exception {
        Path dsh = Corpus.rawDir();
        List<Path> withApprovals;
        try (Stream<Path> s = Files.walk(dsh)) {
            withApprovals = s.filter(p -> p.toString().endsWith(".jsonl")).filter(p -> {
                try {
                    return Files.readString(p).contains("\"approval/asked\"");
                } catch (Exception e) {
                    return false;
                }
            }).toList();
        }
        assertThat(withApprovals).isNotEmpty();
        for (Path p : withApprovals) {
            List<JsonNode> events = Files.readAllLines(p).stream().filter(l -> !l.isBlank()).map(JsJson::parse).toList();
            assertPaired(events);
            List<String> trail = approvalTrail(events);
            for (int i = 0; i < trail.size(); i++) {
                if (trail.get(i).startsWith("approval/asked:")) {
                    String callId = trail.get(i).substring(trail.get(i).lastIndexOf(':') + 1);
                    assertThat(trail.get(i - 1)).isEqualTo("tool/call:" + callId);
                    assertThat(trail.get(i + 1)).startsWith("approval/decided:");
                    assertThat(trail.get(i + 2)).isEqualTo("tool/result:" + callId);
                }
            }
        }
    }
}
