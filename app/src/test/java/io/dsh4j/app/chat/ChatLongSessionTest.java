package io.dsh4j.app.chat;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.app.ExitCodes;
import io.dsh4j.testkit.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, "a 200-turn session that stays responsive (the screen redraw cost does not grow with the
 * history)": 200 turns against a scripted model, every one answered, the output each turn writes the
 * same size at turn 200 as at turn 2, the prompt history kept to its size. The time per turn is
 * measured by {@code io.dsh4j.bench.chat.ChatTurnsDriver}, not here.
 */
class ChatLongSessionTest {

    static final int TURNS = 200;
    static final int HISTORY = 50;
    /** Written as the line editor starts reading a prompt: the turn is over. */
    static final String BRACKETED_PASTE_ON = "\u001b[?2004h";

    static {
        System.setProperty("dsh4j.run.signals", "false");
    }

    @TempDir
    Path home;

    @TempDir
    Path work;

    static String answer(int i) {
        return String.format("answer %03d with **some** Markdown and `code`\n- an item\n", i);
    }

    @Test
    void two_hundred_turns_are_all_answered_with_constant_output_per_turn_and_a_bounded_history() throws Exception {
        List<ScriptedModel.Script> scripts = new ArrayList<>();
        for (int i = 1; i <= TURNS; i++) scripts.add(ChatRenderingTest.streamed(null, answer(i)));
        ScriptedModel model = ScriptedModel.of(scripts.toArray(ScriptedModel.Script[]::new));
        List<Integer> bytesPerTurn = new ArrayList<>();
        try (ChatDriver chat = ChatDriver.start(100, ChatCommandTest.scripted(model), cmd -> cmd.historySize = HISTORY,
                "--home", home.toString(), "--cwd", work.toString(), "--base-url", "http://127.0.0.1:9/v1",
                "--no-plugin", "attention-health")) {
            chat.awaitScreen("> ");
            for (int i = 1; i <= TURNS; i++) {
                int mark = chat.mark();
                chat.type(String.format("prompt %03d\r", i));
                chat.awaitRawSince(mark, String.format("answer %03d", i));
                chat.awaitRawSince(mark, "context 1230 tokens" + ChatScreen.RESET + "\r\n");
                chat.awaitRawSince(mark, BRACKETED_PASTE_ON);
                bytesPerTurn.add(chat.mark() - mark);
            }
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
            String screen = chat.screen();
            for (int i = 1; i <= TURNS; i++) {
                assertThat(screen).contains(String.format("answer %03d with some Markdown and code", i));
            }
        }
        assertThat(model.calls()).hasSize(TURNS);
        assertThat(model.calls().getLast().messages().toString()).contains("prompt 001").contains("answer 199");
        // the redraw cost: what a turn writes does not grow with the turns before it
        assertThat(bytesPerTurn.getLast()).isLessThanOrEqualTo(bytesPerTurn.get(1) + 16);
        assertThat(bytesPerTurn.subList(1, TURNS)).allSatisfy(b -> assertThat(b).isBetween(bytesPerTurn.get(1) - 16, bytesPerTurn.get(1) + 16));
        List<String> history = Files.readAllLines(home.resolve(ChatLoop.HISTORY));
        // JLine trims the file back to the size once it holds a quarter more
        assertThat(history).hasSizeLessThanOrEqualTo(HISTORY + HISTORY / 4);
        assertThat(history.getLast()).endsWith("prompt 200");
        assertThat(String.join("\n", history)).doesNotContain("prompt 001").contains(String.format("prompt %03d", TURNS - HISTORY + 1));
    }
}
