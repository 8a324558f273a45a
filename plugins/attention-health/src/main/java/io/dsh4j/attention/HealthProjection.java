package io.dsh4j.attention;

import io.dsh4j.agent.SessionProjections;
import io.dsh4j.attention.core.HealthReducer;
import io.dsh4j.attention.core.HealthState;
import io.dsh4j.attention.core.Texts;
import io.dsh4j.session.event.SessionEvent;

/**
 * The {@code attentionHealth} projection (spec §1.3): the engine's hot reducer, the same one the
 * offline fold of a log uses, so the live state after each committed event is the fold of the log up
 * to that event. Its view is the §1.3 wire view in the original's language.
 */
public final class HealthProjection implements SessionProjections.Definition<HealthState> {

    private final HealthReducer reducer;

    /** The projection with {@code reducer}. */
    public HealthProjection(HealthReducer reducer) {
        this.reducer = reducer;
    }

    @Override
    public String key() {
        return HealthState.KEY;
    }

    @Override
    public int stateVersion() {
        return HealthState.STATE_VERSION;
    }

    @Override
    public HealthState init() {
        return reducer.init();
    }

    @Override
    public HealthState apply(HealthState state, SessionEvent event) {
        return reducer.apply(state, event);
    }

    @Override
    public Object view(HealthState state) {
        return state.view(Texts.chinese());
    }
}
