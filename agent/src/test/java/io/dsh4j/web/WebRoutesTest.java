package io.dsh4j.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.Kernel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Spec sessions-llm-http §6.1: the route table (exact, longest prefix, fallback, duplicates). */
class WebRoutesTest {

    final Kernel kernel = Kernel.create();
    final WebRoutes routes = new WebRoutes();
    final RouteHandler a = x -> { };
    final RouteHandler b = x -> { };
    final RouteHandler c = x -> { };

    @AfterEach
    void close() {
        kernel.close();
    }

    @Test
    void exact_beats_prefix_and_the_longest_prefix_wins_then_the_fallback() {
        routes.register(kernel.root(), WebRoutes.Kind.PREFIX, "/api", a);
        routes.register(kernel.root(), WebRoutes.Kind.PREFIX, "/api/health", b);
        routes.register(kernel.root(), WebRoutes.Kind.EXACT, "/api/health/now", c);
        assertThat(routes.match("/api/health/now").orElseThrow().handler()).isSameAs(c);
        assertThat(routes.match("/api/health/x").orElseThrow().handler()).isSameAs(b);
        assertThat(routes.match("/api/healthy").orElseThrow().handler()).isSameAs(a);
        assertThat(routes.match("/other")).isEmpty();
        routes.registerFallback(kernel.root(), c);
        assertThat(routes.match("/other").orElseThrow().handler()).isSameAs(c);
    }

    @Test
    void a_duplicate_path_and_a_second_fallback_are_refused_and_disposal_frees_them() {
        EffectHandle h = routes.register(kernel.root(), WebRoutes.Kind.EXACT, "/x", a);
        assertThatThrownBy(() -> routes.register(kernel.root(), WebRoutes.Kind.EXACT, "/x", b)).hasMessageContaining("already registered");
        routes.registerFallback(kernel.root(), a);
        assertThatThrownBy(() -> routes.registerFallback(kernel.root(), b)).hasMessageContaining("fallback");
        h.dispose();
        routes.register(kernel.root(), WebRoutes.Kind.EXACT, "/x", b);
        assertThat(routes.match("/x").orElseThrow().handler()).isSameAs(b);
        assertThatThrownBy(() -> routes.register(kernel.root(), WebRoutes.Kind.EXACT, "x", b)).hasMessageContaining("must start with /");
    }
}
