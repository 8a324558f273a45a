package io.dsh4j.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Spec §1.15.1 and Appendix B item 6: scopes, tagged and untagged listeners. */
class ScopesTest {

    record PreStep(Object agent, int step) {}

    static final Notification<PreStep> PRE_STEP = Notification.of("agent/pre-step", PreStep.class);

    final Kernel kernel = Kernel.create(new RecordingSink());
    final Context root = kernel.root();
    final List<String> heard = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() {
        kernel.close();
    }

    /** Dispatches like DSH's fused agent dispatch: receiver scoped to the agent. */
    void dispatchFor(Object agent) {
        root.events().to(Scopes.target(root, null, agent)).emitContained(PRE_STEP, new PreStep(agent, 1));
    }

    @Test
    void b6_a_listener_registered_through_an_agent_scope_fires_only_for_that_agent() {
        Object agentA = new Object();
        Object agentB = new Object();
        Scope scopeA = Scopes.create(root, agentA);
        Scopes.create(root, agentB);
        scopeA.context().events().on(PRE_STEP, p -> heard.add("scoped:" + (p.agent() == agentA ? "A" : "B")));
        root.events().on(PRE_STEP, p -> heard.add("untagged:" + (p.agent() == agentA ? "A" : "B")));

        dispatchFor(agentA);
        dispatchFor(agentB);

        assertThat(heard).containsExactly("scoped:A", "untagged:A", "untagged:B");
    }

    @Test
    void scopes_tag_derived_contexts_nearest_wins_and_untagged_is_global() {
        Object outer = new Object();
        Object inner = new Object();
        Scope scope = Scopes.create(root, outer);
        Context derived = scope.context().extend(ContextKey.of("x", String.class), "y");
        assertThat(Scopes.of(derived)).containsSame(outer);
        Scope nested = Scopes.create(derived, inner);
        assertThat(Scopes.of(nested.context())).containsSame(inner);
        assertThat(Scopes.of(root)).isEmpty();
    }

    @Test
    void a_scope_context_is_usable_at_once_and_its_disposal_removes_its_registrations() {
        Object agent = new Object();
        Scope scope = Scopes.create(root, agent);
        scope.context().events().on(PRE_STEP, p -> heard.add("scoped")); // before its fiber activated
        dispatchFor(agent);
        scope.dispose().join();
        assertThat(scope.dispose()).isSameAs(scope.dispose());
        dispatchFor(agent);
        assertThat(heard).containsExactly("scoped");
        assertThatThrownBy(() -> scope.context().events().on(PRE_STEP, p -> { }))
                .hasMessage("cannot create effect on inactive context");
    }

    @Test
    void a_scope_handle_added_to_a_step_effect_disposes_the_scope_at_that_position() {
        List<String> order = new CopyOnWriteArrayList<>();
        Object agent = new Object();
        EffectHandle composite = root.effect(sink -> {
            sink.add(() -> order.add("before"));
            Scope scope = Scopes.create(root, agent);
            scope.context().effect(() -> Effect.of(() -> order.add("scope")));
            sink.add(scope.handle());
            sink.add(() -> order.add("after"));
        });
        kernel.awaitIdle();
        composite.dispose();
        composite.whenDisposed().join();
        assertThat(order).containsExactly("after", "scope", "before");
    }

    @Test
    void ancestor_tagged_listeners_hear_descendant_dispatches_but_never_the_reverse() {
        Object parent = new Object();
        Object child = new Object();
        Scope parentScope = Scopes.create(root, parent);
        Scope childScope = Scopes.create(root, child, parent);
        parentScope.context().events().on(PRE_STEP, p -> heard.add("parent-listener"));
        childScope.context().events().on(PRE_STEP, p -> heard.add("child-listener"));

        dispatchFor(child);
        assertThat(heard).containsExactly("parent-listener", "child-listener");
        heard.clear();
        dispatchFor(parent);
        assertThat(heard).containsExactly("parent-listener");
        assertThat(Scopes.chainOf(root, child)).containsExactly(child, parent);
    }

    @Test
    void a_dispatch_without_key_admits_only_untagged_listeners_and_a_base_filter_still_applies() {
        Object agent = new Object();
        Scopes.create(root, agent).context().events().on(PRE_STEP, p -> heard.add("tagged"));
        root.events().on(PRE_STEP, p -> heard.add("untagged"));
        root.events().to(Scopes.target(root, null, null)).emit(PRE_STEP, new PreStep(null, 1));
        assertThat(heard).containsExactly("untagged");
        heard.clear();
        root.events().to(Scopes.target(root, l -> false, agent)).emit(PRE_STEP, new PreStep(agent, 1));
        assertThat(heard).isEmpty();
    }

    @Test
    void parent_links_are_checked_for_cycles_and_rebound_only_through_the_binding() {
        Object a = new Object();
        Object b = new Object();
        Object c = new Object();
        Scopes.ParentBinding binding = Scopes.bindParent(root, a, b);
        assertThatThrownBy(() -> Scopes.bindParent(root, b, a)).hasMessageContaining("cycle");
        assertThatThrownBy(() -> Scopes.bindParent(root, a, c)).hasMessageContaining("already bound");
        binding.rebind(c);
        assertThat(Scopes.parentOf(root, a)).containsSame(c);
    }

    @Test
    void parent_links_belong_to_one_kernel_and_do_not_leak_into_another() {
        Object child = new Object();
        Object parent = new Object();
        Scopes.bindParent(root, child, parent);
        try (Kernel other = Kernel.create(new RecordingSink())) {
            Context otherRoot = other.root();
            assertThat(Scopes.parentOf(otherRoot, child)).isEmpty();
            assertThat(Scopes.chainOf(otherRoot, child)).containsExactly(child);
            Scopes.bindParent(otherRoot, child, new Object()); // not "already bound": another kernel's key space
            Scope parentScope = Scopes.create(otherRoot, parent);
            parentScope.context().events().on(PRE_STEP, p -> heard.add("other kernel's parent listener"));
            otherRoot.events().to(Scopes.target(otherRoot, null, child)).emitContained(PRE_STEP, new PreStep(child, 1));
        }
        assertThat(heard).isEmpty();
        assertThat(Scopes.parentOf(root, child)).containsSame(parent);
    }
}
