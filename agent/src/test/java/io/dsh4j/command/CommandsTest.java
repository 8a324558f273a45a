package io.dsh4j.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.agent.AgentRegistry;
import io.dsh4j.agent.AgentSpecHarness;
import io.dsh4j.kernel.Signal;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Spec kernel-and-agent §7.2 (commands): parsing, scoped registry, command/run and command/done. */
class CommandsTest {

    final AgentSpecHarness h = new AgentSpecHarness();
    final Commands commands;

    CommandsTest() {
        h.root().plugin(Commands.PLUGIN).await();
        commands = h.root().get(Commands.KEY).orElseThrow();
    }

    @AfterEach
    void close() {
        h.close();
    }

    Agent agent() {
        return h.root().get(AgentRegistry.KEY).orElseThrow().create(AgentRegistry.CreateRequest.in("/w", AgentOptions.NONE)).agent();
    }

    static List<SessionEvent> log(Agent a) {
        return a.session().events();
    }

    @Test
    void a_command_line_starts_with_a_slash_and_a_lowercase_name_then_white_space_or_the_end() {
        assertThat(CommandLine.parse("/merge a b")).contains(new CommandLine("merge", " a b"));
        assertThat(CommandLine.parse("/merge")).contains(new CommandLine("merge", ""));
        assertThat(CommandLine.parse(" /merge")).isEmpty();
        assertThat(CommandLine.parse("/Merge")).isEmpty();
        assertThat(CommandLine.parse("/merge!")).isEmpty();
        assertThat(CommandLine.parse("/")).isEmpty();
        assertThat(CommandLine.parse("hello /merge")).isEmpty();
    }

    @Test
    void run_logs_command_run_and_command_done_on_the_agent_session_outside_a_turn() {
        commands.as(h.root()).register(CommandDefinition.of("echo", "Echoes", inv -> CommandResult.success("got" + inv.rawInput())));
        Agent a = agent();
        Optional<CommandResult> r = commands.run(a, "/echo hi", List.of(), Signal.never());
        assertThat(r).contains(new CommandResult.Success("got hi", null));
        assertThat(log(a)).extracting(SessionEvent::type).containsExactly(EventTypes.COMMAND_RUN, EventTypes.COMMAND_DONE);
        assertThat(log(a).get(0).data().path("args").asText()).isEqualTo(" hi");
        assertThat(log(a).get(0).data().path("source").path("kind").asText()).isEqualTo("user");
        assertThat(log(a).get(1).data().path("kind").asText()).isEqualTo("success");
        assertThat(log(a).get(1).data().path("commandId").asText()).isEqualTo(log(a).get(0).data().path("commandId").asText());
    }

    @Test
    void a_throwing_handler_settles_as_error_and_record_input_false_omits_args() {
        commands.as(h.root()).register(new CommandDefinition("secret", "Hides its input", null, false, inv -> {
            throw new IllegalStateException("no can do");
        }));
        Agent a = agent();
        assertThat(commands.run(a, "/secret token", List.of(), Signal.never())).contains(new CommandResult.Error("no can do"));
        assertThat(log(a).get(0).data().has("args")).isFalse();
        assertThat(log(a).get(1).data().path("kind").asText()).isEqualTo("error");
    }

    @Test
    void a_scoped_command_shadows_the_global_one_for_that_agent_and_duplicates_per_layer_throw() {
        commands.as(h.root()).register(CommandDefinition.of("who", "global", inv -> CommandResult.success("global")));
        Agent a = agent();
        Agent b = agent();
        commands.as(a.ctx()).register(CommandDefinition.of("who", "scoped", inv -> CommandResult.success("scoped")));
        assertThat(commands.run(a, "/who", List.of(), Signal.never())).contains(CommandResult.success("scoped"));
        assertThat(commands.run(b, "/who", List.of(), Signal.never())).contains(CommandResult.success("global"));
        assertThatThrownBy(() -> commands.as(h.root()).register(CommandDefinition.of("who", "again", inv -> null)))
                .hasMessageContaining("already registered");
    }

    @Test
    void an_unknown_command_is_an_error_and_a_plain_line_is_not_a_command() {
        Agent a = agent();
        assertThat(commands.run(a, "/nope", List.of(), Signal.never())).contains(CommandResult.error("unknown command /nope"));
        assertThat(commands.run(a, "just text", List.of(), Signal.never())).isEmpty();
        assertThatThrownBy(() -> CommandDefinition.of("Bad", "x", inv -> null)).hasMessageContaining("lowercase");
    }
}
