package io.dsh4j.deliberation.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.ImageAttachment;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.session.event.SessionEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Spec §7 (image input admission), §13 items 38–39; §9.2 test 7 and §9.3 test 10 (host-free halves). */
class ImageGateTest {

    static final ImageGate GATE = ImageGate.english();
    static final ImageGate.ModelRoute ROUTE = new ImageGate.ModelRoute("fixture-provider", "fixture-model");

    static ContentBlock image(long bytes) {
        return new ContentBlock.Image(new ImageAttachment("sha256:" + bytes, "image/png", bytes, 32, 32, null, null));
    }

    static Message user(ContentBlock... blocks) {
        return new Message.UserMessage("u", List.of(blocks), new MessageSource.User(null, null, Json.of("{'kind':'user'}")));
    }

    static Message assistant(ContentBlock... blocks) {
        return new Message.AssistantMessage("a", List.of(blocks), new MessageSource.Model("p", "m", null, Json.of("{'kind':'model','provider':'p','model':'m'}")));
    }

    @Test
    void text_only_input_passes_without_consulting_any_model_service() {
        AtomicInteger lookups = new AtomicInteger();
        ImageGate.Stats s = ImageGate.inspect(List.of(user(new ContentBlock.Text("hi"))), List.of(new ContentBlock.Text("task")));
        assertThat(GATE.check(s, Optional.empty(), r -> {
            lookups.incrementAndGet();
            return Optional.empty();
        }, () -> false)).isEqualTo(new ImageGate.Stats(0, 0, 0));
        assertThat(GATE.check(s, Optional.empty(), null, () -> false).images()).isZero();
        assertThat(lookups).hasValue(0);
    }

    @Test
    void images_are_counted_in_the_prompt_and_the_seed_surface_recursing_into_tool_results() {
        ContentBlock nested = new ContentBlock.ToolResult("c1", List.of(image(300), new ContentBlock.Text("t")), false);
        ImageGate.Stats s = ImageGate.inspect(List.of(user(image(100)), assistant(new ContentBlock.Text("x"))), List.of(image(200), nested));
        assertThat(s).isEqualTo(new ImageGate.Stats(3, 600, 0));
    }

    @Test
    void an_assistant_image_in_the_seed_is_refused_before_the_route_is_resolved() {
        ImageGate.Stats s = ImageGate.inspect(List.of(assistant(image(10))), List.of());
        assertThat(s.assistantSeedImages()).isEqualTo(1);
        assertThatThrownBy(() -> GATE.check(s, Optional.empty(), null, () -> false)).isInstanceOfSatisfying(
                UnsupportedChildImageInputException.class,
                e -> assertThat(e.code()).isEqualTo(UnsupportedChildImageInputException.Code.ASSISTANT_IMAGE_IN_SEED));
    }

    @Test
    void each_unverifiable_route_is_refused_with_its_code() {
        ImageGate.Stats s = ImageGate.inspect(List.of(), List.of(image(10)));
        assertThat(code(() -> GATE.check(s, Optional.empty(), r -> Optional.of(List.of("image")), () -> false)))
                .isEqualTo(UnsupportedChildImageInputException.Code.IMAGE_ROUTE_UNRESOLVED);
        assertThat(code(() -> GATE.check(s, Optional.of(ROUTE), null, () -> false)))
                .isEqualTo(UnsupportedChildImageInputException.Code.IMAGE_ROUTE_UNVERIFIED);
        assertThat(code(() -> GATE.check(s, Optional.of(ROUTE), r -> {
            throw new IllegalStateException("lookup failed");
        }, () -> false))).isEqualTo(UnsupportedChildImageInputException.Code.IMAGE_ROUTE_UNVERIFIED);
        assertThat(code(() -> GATE.check(s, Optional.of(ROUTE), r -> Optional.empty(), () -> false)))
                .isEqualTo(UnsupportedChildImageInputException.Code.IMAGE_CAPABILITY_UNKNOWN);
        assertThat(code(() -> GATE.check(s, Optional.of(ROUTE), r -> Optional.of(List.of("text")), () -> false)))
                .isEqualTo(UnsupportedChildImageInputException.Code.IMAGE_INPUT_UNSUPPORTED);
    }

    @Test
    void a_text_only_route_refusal_says_it_does_not_support_image_input_and_maps_to_unsupported_content() {
        ImageGate.Stats s = ImageGate.inspect(List.of(user(image(5))), List.of(new ContentBlock.Text("audit")));
        List<ImageGate.ModelRoute> asked = new ArrayList<>();
        UnsupportedChildImageInputException e = (UnsupportedChildImageInputException) org.assertj.core.api.Assertions.catchThrowable(
                () -> GATE.check(s, Optional.of(ROUTE), r -> {
                    asked.add(r);
                    return Optional.of(List.of("text"));
                }, () -> false));
        assertThat(asked).containsExactly(ROUTE);
        assertThat(e.getMessage()).contains("does not support image input");
        BranchOutcome o = BranchAcceptance.english().startFailed(new BranchAcceptance.Base("audit", Role.TRAJECTORY_AUDIT, "same", "reason-only",
                null), e.toStartFailure(), w -> {});
        assertThat(o.stopReason()).isEqualTo("unsupported-content");
        assertThat(o.cleanup()).isEqualTo(Cleanup.NOT_STARTED);
        assertThat(o.diagnostic()).contains("does not support image input");
    }

    @Test
    void a_vision_route_admits_image_input() {
        ImageGate.Stats s = ImageGate.inspect(List.of(), List.of(image(1000)));
        assertThat(GATE.check(s, Optional.of(ROUTE), r -> Optional.of(List.of("text", "image")), () -> false).images()).isEqualTo(1);
    }

    @Test
    void an_abort_during_the_check_wins_over_a_refusal() {
        ImageGate.Stats s = ImageGate.inspect(List.of(), List.of(image(1)));
        assertThatThrownBy(() -> GATE.check(s, Optional.of(ROUTE), r -> {
            throw new IllegalStateException("cancelled");
        }, () -> true)).isInstanceOf(ImageGate.Aborted.class);
    }

    @Test
    void the_route_resolves_overrides_then_parent_options_then_the_latest_model_message_and_never_guesses_partial_overrides() {
        List<SessionEvent> events = new ArrayList<>();
        events.add(SessionEvent.of("assistant/message", 0, 1, Json.of("{'turn':1,'step':1,'message':{'id':'a','role':'assistant','content':[],"
                + "'source':{'kind':'model','provider':'old-provider','model':'old-model'}}}")));
        events.add(SessionEvent.of("assistant/message", 1, 1, Json.of("{'turn':2,'step':1,'message':{'id':'b','role':'assistant','content':[],"
                + "'source':{'kind':'model','provider':'vision-provider','model':'vision-model'}}}")));
        assertThat(ImageGate.childRoute("o", "m", "p", "q", events)).contains(new ImageGate.ModelRoute("o", "m"));
        assertThat(ImageGate.childRoute(null, null, "p", "q", events)).contains(new ImageGate.ModelRoute("p", "q"));
        assertThat(ImageGate.childRoute("only-provider", null, null, null, events)).isEmpty();
        assertThat(ImageGate.childRoute(null, null, null, null, events)).contains(new ImageGate.ModelRoute("vision-provider", "vision-model"));
        assertThat(ImageGate.childRoute(null, null, null, null, List.of())).isEmpty();
    }

    static UnsupportedChildImageInputException.Code code(Runnable r) {
        try {
            r.run();
        } catch (UnsupportedChildImageInputException e) {
            return e.code();
        }
        throw new AssertionError("no refusal");
    }
}
